// What a video is on the wire in both APIs, the app's (answers.ts, serialize.ts) and the public one (public-api/responses.ts,
// public-api/serialize.ts): the fields they share, as valibot schema entries each API's `Video` spreads, and the function
// each serializer spreads that makes them from the video's row. Each API adds its own around them: the app `name`,
// `reason` and session links, the public API `title`, `failure_reason`, signed links and `callback_url`.
import * as v from 'valibot';
import {
  ASPECT_RATIOS,
  backgroundField,
  captionStyleField,
  elementField,
  PLACEMENTS,
  RESOLUTIONS,
  TRANSITIONS,
} from '@kagami/shared/validation';
import type { VideoBackground, VideoElement, VideoScene, videos } from '../../db/schema';
import { text, time } from '../../routing/operations';

/** Where an avatar, voice or video is: being made, ready, or failed (with its reason). */
export const status = v.picklist(['in_progress', 'ready', 'failed']);

const placement = v.object({ position: v.picklist(PLACEMENTS), scale: v.number() });

/** A scene of a video of several; where it starts and how long it plays once the video is made. */
const scene = v.object({
  avatar_id: v.pipe(text, v.description('Null: a voice-over, no presenter.')),
  voice_id: text,
  language: v.string(),
  script: text,
  background: v.nullable(backgroundField),
  placement,
  transition: v.object({ type: v.picklist(TRANSITIONS), seconds: v.number() }),
  elements: v.array(elementField),
  start_seconds: v.nullable(v.number()),
  duration_seconds: v.nullable(v.number()),
});

/** The fields of a video both APIs show, in the order they show them. */
export const videoFields = {
  avatar_id: text,
  voice_id: text,
  language: v.string(),
  status,
  duration_seconds: v.nullable(v.number()),
  subtitles: v.boolean(),
  /** How fast the script is spoken (1 = the voice's own pace). */
  speed: v.number(),
  aspect_ratio: v.picklist(ASPECT_RATIOS),
  resolution: v.picklist(RESOLUTIONS),
  /** null: the footage's own; an image or video names the team's background by `upload_id`. */
  background: v.nullable(backgroundField),
  placement,
  /** Whether the captions are burned in, and how they look; each API adds the links to its caption files. */
  captions: v.object({ burn_in: v.boolean(), style: v.nullable(captionStyleField) }),
  brand: v.pipe(v.boolean(), v.description("Drawn in the team's brand kit.")),
  scenes: v.pipe(v.nullable(v.array(scene)), v.description('A video of several scenes lists them; null: a video of one scene.')),
  template: v.pipe(
    v.nullable(v.object({ id: text, variables: v.record(v.string(), v.string()) })),
    v.description('The template it was made from (its id null once deleted) and the values filled in; null for a video made from a body.'),
  ),
  batch_id: v.pipe(text, v.description('The batch it was made for.')),
  row: v.pipe(v.nullable(v.number()), v.description('Its row in the batch, from 1.')),
  created_at: time,
};

/** The shared fields (`videoFields`) of a video's row. */
export const videoFieldsJson = (video: typeof videos.$inferSelect) => ({
  avatar_id: video.avatarId,
  /** The voice model or built-in voice that speaks the script (null for uploaded audio). */
  voice_id: video.voiceId ?? video.builtinVoiceId,
  language: video.language,
  status: video.status,
  duration_seconds: video.durationMs === null ? null : video.durationMs / 1000,
  subtitles: video.subtitles,
  speed: video.speed,
  aspect_ratio: video.aspectRatio,
  resolution: video.resolution,
  background: backgroundJson(video.background),
  placement: video.placement,
  captions: { burn_in: video.subtitles, style: video.captionStyle },
  brand: video.brand,
  scenes: video.scenes?.map(sceneJson) ?? null,
  template: video.templateVariables ? { id: video.templateId, variables: video.templateVariables } : null,
  batch_id: video.batchId,
  row: video.batchRow,
  created_at: video.createdAt,
});

/** A team background is named by the upload it was made from. */
export const backgroundJson = (background: VideoBackground | null) => {
  if (!background || background.type === 'color') return background;
  if (background.type === 'slide') return { type: 'slide' as const, upload_id: background.document_id, page: background.page };
  return { type: background.type, upload_id: background.background_id };
};

const sceneJson = (scene: VideoScene) => ({
  avatar_id: scene.avatarId,
  voice_id: scene.voiceId ?? scene.builtinVoiceId,
  language: scene.language,
  script: scene.script,
  background: backgroundJson(scene.background),
  placement: scene.placement,
  transition: scene.transition,
  elements: (scene.elements ?? []).map(elementJson),
  start_seconds: scene.startMs === undefined ? null : scene.startMs / 1000,
  duration_seconds: scene.durationMs === undefined ? null : scene.durationMs / 1000,
});

/** A picture names the team background it is, by the id of the upload it was made from. */
export const elementJson = (element: VideoElement) => {
  if (element.type === 'text') return element;
  const { background_id: uploadId, ...placed } = element;
  return { ...placed, upload_id: uploadId };
};
