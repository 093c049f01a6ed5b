// What both APIs take to create a video, the app's (POST /api/teams/:teamId/videos, routes.ts) and the public one
// (POST /api/v1/videos, public-api/routes.ts): the body's fields they share, with their defaults, which each API's body
// spreads after its own name of the video (`name`, `title`) and `avatar_id`; the public API adds `callback_url`.
import * as v from 'valibot';
import { contentLanguageField, scriptField, speedField, videoLookEntries, uploadIdField } from '@kagami/shared/validation';
import { voiceIdField } from './voice-library';

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
};
