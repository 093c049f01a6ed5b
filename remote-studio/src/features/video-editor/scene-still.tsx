import { ServerStill } from '../../components/server-still';
import { useTeamId } from '../../data/queries';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { editorApi } from './editor-api';
import type { EditorVideo, SceneDraft } from './scene-model';

/** The scene as the API composes it, the same drawing as its video's. */
export function SceneStill({ video, scene }: { video: EditorVideo; scene: SceneDraft }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const stillKey = JSON.stringify([
    teamId,
    video.aspectRatio,
    video.brand,
    scene.avatarId,
    scene.background,
    scene.placement,
    scene.elements,
    scene.language,
  ]);
  return (
    <ServerStill
      stillKey={stillKey}
      ask={(signal) => editorApi.sceneStill(teamId, video, scene, signal)}
      alt={t('editor.stillAlt')}
      testId="scene-still"
    />
  );
}
