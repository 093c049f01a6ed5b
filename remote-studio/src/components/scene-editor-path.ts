import { paths } from '@kagami/shared/contract';

/** The address of the scene editor: a new video of scenes, or a draft resumed. */
export const sceneEditorPath = (draftId?: string) =>
  `${paths.videosNew('scenes')}?mode=scenes${draftId ? `&draft=${encodeURIComponent(draftId)}` : ''}`;
