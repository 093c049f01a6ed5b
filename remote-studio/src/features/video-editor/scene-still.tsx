import { useEffect, useMemo, useState } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Box, Skeleton, Stack, Text } from '@kagami/shared/ui';
import { useTeamId } from '../../data/queries';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { editorApi } from './editor-api';
import type { EditorVideo, SceneDraft } from './scene-model';

/** The scene as the API composes it (the same drawing as the video's), asked again a moment after it changes. */
export function SceneStill({ video, scene }: { video: EditorVideo; scene: SceneDraft }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const [still, setStill] = useState<{ url: string } | { error: unknown } | null>(null);
  const key = JSON.stringify([
    video.aspectRatio,
    video.brand,
    scene.avatarId,
    scene.background,
    scene.placement,
    scene.elements,
    scene.language,
  ]);
  const asked = useMemo(() => ({ video, scene }), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const timer = setTimeout(() => {
      editorApi.sceneStill(teamId, asked.video, asked.scene, controller.signal).then(
        (blob) => {
          url = URL.createObjectURL(blob);
          setStill({ url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setStill({ error });
        },
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [teamId, asked]);
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {t('videoNew.look.preview')}
      </Text>
      {still === null ? (
        <Skeleton h="180px" w="100%" maxW="320px" />
      ) : 'error' in still ? (
        <Text color="danger" role="alert">
          {errorText(t, still.error)}
        </Text>
      ) : (
        <Box>
          <img
            src={still.url}
            alt={t('editor.stillAlt')}
            data-testid="scene-still"
            style={{ maxHeight: 320, maxWidth: '100%', borderRadius: 6, border: '1px solid #ddd' }}
          />
        </Box>
      )}
    </Stack>
  );
}
