// What both APIs take to create a video, the app's (POST /api/teams/:teamId/videos, routes.ts) and the public one
// (POST /api/v1/videos, public-api/routes.ts): the body's fields they share, with their defaults, which each API's body
// spreads after its own name of the video (`name`, `title`) and `avatar_id`; the public API adds `callback_url`.
import * as v from 'valibot';
import {
  contentLanguageField,
  scriptField,
  speedField,
  videoLookEntries,
  uploadIdField,
  voiceIdField,
  scenesField,
  elementsField,
} from '@kagami/shared/validation';

/** Said of `avatar_id` in both bodies. */
export const AVATAR_OF_VIDEO =
  'The avatar who presents the video, and each scene that names none; required unless every scene names its own.';

/** Whether a body names its avatar, or lists scenes (which name their own, or take the body's): each body checks it. */
export const avatarOrScenes = (input: { avatar_id?: string; scenes?: unknown[] }) =>
  input.avatar_id !== undefined || input.scenes !== undefined;

/** A video's creation body but its name and avatar: what is spoken (a script or uploaded audio), by whom, and how it looks. */
export const videoBodyEntries = {
  language: contentLanguageField,
  script: v.optional(scriptField),
  audio_upload_id: v.optional(uploadIdField),
  /** A voice model's id, or `builtin-<language>`; the avatar's own voice when absent. */
  voice_id: v.optional(voiceIdField),
  subtitles: v.optional(v.boolean('validation.invalid'), false),
  /** How fast the script is spoken, 0.75-1.5; `[pause 1.5s]` in the script is a silence. */
  speed: v.optional(speedField, 1),
  ...videoLookEntries,
  /** Drawn in the team's brand kit (its fonts and accent colour); false: in the product's own look. */
  brand: v.optional(v.boolean('validation.invalid'), true),
  /** Text and pictures over a one-scene video (a body without `scenes`; a scene of a list has its own). */
  elements: v.optional(
    v.pipe(elementsField, v.description('Text and pictures over the video when it is one scene; with `scenes`, each scene gives its own.')),
  ),
  /** A video of several scenes (1-50), each taking what it leaves out from the fields above. */
  scenes: v.optional(scenesField),
};
