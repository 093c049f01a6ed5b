// The editor's video: its name, format and scenes as the user composes them (what a draft keeps), and the same as the
// create call takes it. Pure functions: add, copy, move and remove scenes, their spoken length, the request body.
import {
  estimateSpeechSeconds,
  type AspectRatio,
  type ContentLanguage,
  type Entrance,
  type PlacementPosition,
  type Resolution,
  type TextRole,
  type TransitionType,
} from '@kagami/shared/validation';

export type SceneBackground =
  | { type: 'color'; value: string }
  | { type: 'image' | 'video'; uploadId: string }
  | { type: 'slide'; uploadId: string; page: number }
  | null;

export type SceneElement =
  | { type: 'text'; role: TextRole; text: string; entrance: Entrance }
  | { type: 'image'; uploadId: string; x: number; y: number; width: number; entrance: Entrance };

export type SceneDraft = {
  /** The editor's own key for the scene (lists and drag), not sent. */
  key: string;
  /** Null: a voice-over, no presenter. */
  avatarId: string | null;
  voiceId: string;
  language: ContentLanguage;
  script: string;
  speed: number;
  background: SceneBackground;
  placement: { position: PlacementPosition; scale: number };
  elements: SceneElement[];
  transition: { type: TransitionType; seconds: number };
  /** A slide's thumbnail, shown in the scene list. */
  thumbnail?: string | null;
};

export type EditorVideo = {
  name: string;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  brand: boolean;
  scenes: SceneDraft[];
};

export const newKey = () => Math.random().toString(36).slice(2, 10);

/** A new scene: the presenter given, on the brand's first colour (or a deep blue) and its logo in the corner. */
export function newScene(
  avatarId: string | null,
  language: ContentLanguage,
  brand: { color?: string; logoId?: string | null } = {},
): SceneDraft {
  return {
    key: newKey(),
    avatarId,
    voiceId: '',
    language,
    script: '',
    speed: 1,
    background: { type: 'color', value: brand.color ?? '#1E3A5F' },
    placement: { position: 'corner', scale: 0.35 },
    elements: brand.logoId ? [{ type: 'image', uploadId: brand.logoId, x: 0.86, y: 0.05, width: 0.1, entrance: 'none' }] : [],
    transition: { type: 'fade', seconds: 0.5 },
  };
}

export const duplicateScene = (scene: SceneDraft): SceneDraft => ({ ...structuredClone(scene), key: newKey() });

/** The list with the scene at `from` moved to `to`. */
export function moveScene<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const moved = [...list];
  const [scene] = moved.splice(from, 1);
  moved.splice(to, 0, scene!);
  return moved;
}

/** Where the item at `index` is once the item at `from` moved to `to` (the chosen scene stays chosen). */
export function movedIndex(index: number, from: number, to: number): number {
  if (index === from) return to;
  if (from < to && index > from && index <= to) return index - 1;
  if (from > to && index >= to && index < from) return index + 1;
  return index;
}

/** What the scene takes to say (seconds); a scene with nothing to say yet counts none. */
export const sceneSeconds = (scene: SceneDraft) =>
  scene.script.trim() ? estimateSpeechSeconds(scene.script, scene.language, scene.speed) : 0;

/**
 * Whether the API makes the video as scenes, between the brand's intro and outro: one presenter's scene with nothing
 * over it is made as a video of today's single form, without them.
 */
export const playsBrandClips = (video: EditorVideo) => {
  const [first] = video.scenes;
  return video.brand && (video.scenes.length > 1 || !first?.avatarId || first.elements.length > 0);
};

/** The video's length: its scenes' less the fades and slides that overlap them, and the brand's clips (`clipsSeconds`) where it plays them. */
export const videoSeconds = (video: EditorVideo, clipsSeconds = 0) =>
  video.scenes.reduce(
    (total, scene, index) => {
      const overlap = index > 0 && scene.transition.type !== 'cut' ? scene.transition.seconds : 0;
      return total + Math.max(0, sceneSeconds(scene) - overlap);
    },
    playsBrandClips(video) ? clipsSeconds : 0,
  );

/** The body of the create call (the API checks every scene and names the one it refuses). */
export function createBody(video: EditorVideo) {
  const presenter = video.scenes.find((scene) => scene.avatarId)?.avatarId;
  return {
    name: video.name.trim(),
    avatarId: presenter ?? undefined,
    language: video.scenes[0]?.language ?? 'en',
    aspectRatio: video.aspectRatio,
    resolution: video.resolution,
    brand: video.brand,
    scenes: video.scenes.map((scene) => ({
      avatarId: scene.avatarId,
      script: scene.script,
      voiceId: scene.voiceId || undefined,
      language: scene.language,
      speed: scene.speed,
      background: scene.background,
      placement: scene.placement,
      elements: scene.elements,
      transition: scene.transition,
    })),
  };
}

/** The scene of a refused field's path (`scenes.2.background.page` → 2), or null. */
export const sceneOfField = (path: string) => {
  const match = /^scenes\.(\d+)\./.exec(path);
  return match ? Number(match[1]) : null;
};
