import { useParams, useSearchParams } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { isApiError } from '@kagami/shared/api';
import { Box, EmptyState, LoadState, Stack } from '@kagami/shared/ui';
import { RadioGroup } from '@kagami/shared/ui-widgets';
import { SceneEditorScreen } from '../features/video-editor/scene-editor-screen';
import { useBackgrounds, useStudioItem, useVoiceLibrary } from '../data/queries';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { useVideoChoices } from '../features/video-new/use-video-choices';
import { VideoForm } from '../features/video-new/video-form';

/** Create a video: one scene in a form, or several in the scene editor (`?mode=scenes`, a draft resumed by `&draft=`). */
export default function VideosNew() {
  const { t } = useStudioTranslation();
  const { avatarId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const scenes = params.get('mode') === 'scenes';
  const mode = (
    <RadioGroup
      label={t('editor.mode')}
      value={scenes ? 'scenes' : 'one'}
      onChange={(value) => setParams(value === 'scenes' ? { mode: 'scenes' } : {})}
      options={[
        { value: 'one', label: t('editor.oneScene') },
        { value: 'scenes', label: t('editor.severalScenes') },
      ]}
    />
  );
  if (scenes) {
    return (
      <Stack gap="6" maxW="7xl">
        <PageHeader title={t('videoNew.title')} description={t('editor.description')} />
        {mode}
        <SceneEditorScreen avatarId={avatarId} />
      </Stack>
    );
  }
  return <OneScene avatarId={avatarId} mode={mode} />;
}

function OneScene({ avatarId, mode }: { avatarId: string; mode: React.ReactNode }) {
  const { t } = useStudioTranslation();
  const avatar = useStudioItem('avatar', avatarId);
  const { avatars, voices, languages } = useVideoChoices(avatarId);
  const queries = [avatar, avatars, voices, languages];
  // Asked with the rest and awaited, though not required (without them the form offers the other voices and
  // backgrounds), so the form is built once with every choice instead of again, whole, as each arrives.
  const extras = [useVoiceLibrary(), useBackgrounds()];
  const missing = isApiError(avatar.error) && avatar.error.status === 404;
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeader title={t('videoNew.title')} description={t('videoNew.description')} />
      {mode}
      {missing ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('videoNew.avatarMissing')}</EmptyState.Title>
            <LinkButton to={paths.avatars()}>{t('videos.chooseAvatar')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <LoadState
          loading={[...queries, ...extras].some((q) => q.isPending)}
          error={queries.find((q) => q.isError)?.error ?? null}
          onRetry={() => queries.forEach((q) => q.isError && void q.refetch())}
        >
          {avatar.data && avatars.data && voices.data && languages.data ? (
            <Box borderWidth="1px" borderRadius="lg" bg="white" p="5">
              <VideoForm
                key={avatar.data.id}
                avatar={avatar.data}
                avatars={avatars.data.items}
                voices={voices.data.items}
                languages={languages.data.languages}
              />
            </Box>
          ) : null}
        </LoadState>
      )}
    </Stack>
  );
}
