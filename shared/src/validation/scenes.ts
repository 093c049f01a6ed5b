// A video of several scenes: each its own presenter, speech and background, and the transition into it. One schema
// for the app's API, the public API, the CLI and the editor; the one-scene body of before means a video of one scene.
import * as v from 'valibot';
import { elementsField } from './elements';
import { contentLanguageField } from './fields';
import { scriptField, speedField, voiceIdField } from './forms';
import { encodeMessage as m } from './messages';
import { backgroundField, placementField, uploadIdField } from './video-look';

export const SCENES_MAX = 50;
export const TRANSITIONS = ['cut', 'fade', 'slide'] as const;
export type TransitionType = (typeof TRANSITIONS)[number];
export const TRANSITION_SECONDS_MIN = 0.2;
export const TRANSITION_SECONDS_MAX = 1;

/** How a scene comes in after the one before it (the first scene's is not used); sound is crossfaded for as long. */
export const transitionField = v.object({
  type: v.optional(v.picklist(TRANSITIONS, m('notAChoice')), 'cut'),
  seconds: v.optional(
    v.pipe(
      v.number(m('number')),
      v.minValue(TRANSITION_SECONDS_MIN, m('minValue', { value: TRANSITION_SECONDS_MIN })),
      v.maxValue(TRANSITION_SECONDS_MAX, m('maxValue', { value: TRANSITION_SECONDS_MAX })),
    ),
    0.5,
  ),
});
export type Transition = v.InferOutput<typeof transitionField>;

/**
 * One scene. What it leaves out it takes from the video's body: the avatar, the voice, the language, the speed, the
 * background and the placement. It speaks a script or plays an uploaded audio file; `avatar_id: null` is a voice-over
 * (no presenter: its voice and background are its own).
 */
export const sceneField = v.object({
  avatar_id: v.optional(v.nullable(v.pipe(v.string(m('required')), v.uuid(m('invalid'))))),
  script: v.optional(scriptField),
  audio_upload_id: v.optional(uploadIdField),
  voice_id: v.optional(voiceIdField),
  language: v.optional(contentLanguageField),
  speed: v.optional(speedField),
  background: v.optional(v.nullable(backgroundField)),
  placement: v.optional(placementField),
  /** Text and pictures over the scene, drawn in order (the last on top). */
  elements: v.optional(elementsField),
  transition: v.optional(transitionField, { type: 'cut', seconds: 0.5 }),
});
export type SceneInput = v.InferOutput<typeof sceneField>;

export const scenesField = v.pipe(
  v.array(sceneField, m('invalid')),
  v.minLength(1, m('scenesCount', { max: SCENES_MAX })),
  v.maxLength(SCENES_MAX, m('scenesCount', { max: SCENES_MAX })),
);
