import { useState } from 'react';
import { useSearchParams } from '@kagami/shared/router';
import { Box, LoadState } from '@kagami/shared/ui';
import { CONTENT_LANGUAGES } from '@kagami/shared/validation';
import { useVideoDraft, useVoiceLibrary } from '../../data/queries';
import { useVideoChoices } from '../video-new/use-video-choices';
import { SceneEditor } from './scene-editor';
import { newScene, type EditorVideo } from './scene-model';

/** The editor with what it offers loaded: a new video of one empty scene, or the draft of `?draft=` resumed. */
export function SceneEditorScreen({ avatarId }: { avatarId: string }) {
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  // The draft is read once, when the editor opens; the editor's own saves do not start it again.
  const [opened] = useState(draftId);
  const draft = useVideoDraft(opened);
  // Each scene speaks its own language: any the studio speaks.
  const { avatars, voices } = useVideoChoices('');
  const library = useVoiceLibrary();
  const queries = [avatars, voices, ...(opened ? [draft] : [])];
  const ready = avatars.data && voices.data && (!opened || draft.data);
  const start = (): EditorVideo => {
    if (opened && draft.data) return draft.data.body as unknown as EditorVideo;
    const presenter =
      avatars.data?.items.find((avatar) => avatar.id === avatarId && avatar.status === 'ready') ??
      avatars.data?.items.find((avatar) => avatar.status === 'ready');
    return {
      name: '',
      aspectRatio: '16:9',
      resolution: '720p',
      brand: true,
      scenes: [newScene(presenter?.id ?? null, presenter?.language ?? 'en')],
    };
  };
  return (
    <LoadState
      loading={queries.some((q) => q.isPending) || library.isPending}
      error={queries.find((q) => q.isError)?.error ?? null}
      onRetry={() => queries.forEach((q) => q.isError && void q.refetch())}
    >
      {ready ? (
        <Box>
          <SceneEditor
            initial={start()}
            draftId={opened}
            avatars={avatars.data!.items}
            voices={voices.data!.items}
            library={library.data?.data ?? []}
            languages={[...CONTENT_LANGUAGES]}
            onDraft={(id) =>
              setParams(
                (current) => {
                  current.set('draft', id);
                  return current;
                },
                { replace: true },
              )
            }
          />
        </Box>
      ) : null}
    </LoadState>
  );
}
