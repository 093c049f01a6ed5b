// How a finished video looks: its format, the presenter's placement, its background and its captions. One shape for
// the app's API, the public API and the CLI (snake_case, as the APIs speak); the engine reads the same values.
import * as v from 'valibot';
import { encodeMessage as m } from './messages';

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** The shorter side of the frame: 720p is 1280x720 at 16:9 and 720x1280 at 9:16. */
export const RESOLUTIONS = ['720p', '1080p'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** `full`: the presenter fills the frame; `left`/`right`: beside the content; `corner`: in a circle at the bottom right. */
export const PLACEMENTS = ['full', 'left', 'right', 'corner'] as const;
export type PlacementPosition = (typeof PLACEMENTS)[number];
export const PLACEMENT_SCALE_MIN = 0.3;
export const PLACEMENT_SCALE_MAX = 1;

export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export const CAPTION_POSITIONS = ['bottom', 'middle', 'top'] as const;

export const hexColor = v.pipe(v.string(m('invalid')), v.regex(/^#[0-9a-fA-F]{6}$/, m('invalid')));
/** A finished upload's id (or a team background's, the id of the upload it was made from). */
export const uploadIdField = v.pipe(v.string(m('required')), v.nonEmpty(m('required')), v.maxLength(64, m('maxLength', { length: 64 })));

/**
 * Absent: the footage's own background. An image or a video is an upload of purpose `background`, or one of the team's
 * backgrounds; a slide is a page (from 1) of one of the team's documents (an upload of purpose `document`).
 */
export const backgroundField = v.variant(
  'type',
  [
    v.object({ type: v.literal('color'), value: hexColor }),
    v.object({ type: v.literal('image'), upload_id: uploadIdField }),
    v.object({ type: v.literal('video'), upload_id: uploadIdField }),
    v.object({
      type: v.literal('slide'),
      upload_id: uploadIdField,
      page: v.pipe(v.number(m('number')), v.integer(m('number')), v.minValue(1, m('minValue', { value: 1 }))),
    }),
  ],
  m('notAChoice'),
);
export type Background = v.InferOutput<typeof backgroundField>;

export const placementField = v.object({
  position: v.optional(v.picklist(PLACEMENTS, m('notAChoice')), 'full'),
  scale: v.optional(
    v.pipe(
      v.number(m('number')),
      v.minValue(PLACEMENT_SCALE_MIN, m('minValue', { value: PLACEMENT_SCALE_MIN })),
      v.maxValue(PLACEMENT_SCALE_MAX, m('maxValue', { value: PLACEMENT_SCALE_MAX })),
    ),
    1,
  ),
});
export type Placement = v.InferOutput<typeof placementField>;

export const captionStyleField = v.object({
  size: v.optional(v.picklist(CAPTION_SIZES, m('notAChoice')), 'medium'),
  position: v.optional(v.picklist(CAPTION_POSITIONS, m('notAChoice')), 'bottom'),
  color: v.optional(hexColor, '#FFFFFF'),
  /** The box behind the words; absent or null: an outline instead. */
  box_color: v.optional(v.nullable(hexColor), '#000000'),
});
export type CaptionStyle = v.InferOutput<typeof captionStyleField>;

export const captionsField = v.object({
  burn_in: v.optional(v.boolean(m('invalid')), false),
  style: v.optional(captionStyleField, {}),
});
export type Captions = v.InferOutput<typeof captionsField>;

export const aspectRatioField = v.picklist(ASPECT_RATIOS, m('notAChoice'));
export const resolutionField = v.picklist(RESOLUTIONS, m('notAChoice'));

/** The frame's size in pixels. */
export function frameSizeOf(aspectRatio: AspectRatio, resolution: Resolution): { width: number; height: number } {
  const short = resolution === '1080p' ? 1080 : 720;
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const long = Math.round((short * Math.max(w, h)) / Math.min(w, h) / 2) * 2;
  return w >= h ? { width: long, height: short } : { width: short, height: long };
}

/** The look's fields of a video's creation body (app and public API), with their defaults. */
export const videoLookEntries = {
  aspect_ratio: v.optional(aspectRatioField, '16:9'),
  resolution: v.optional(resolutionField, '720p'),
  background: v.optional(v.nullable(backgroundField), null),
  placement: v.optional(placementField, { position: 'full', scale: 1 }),
  captions: v.optional(captionsField),
};
export type VideoLookInput = { [K in keyof typeof videoLookEntries]?: v.InferOutput<(typeof videoLookEntries)[K]> };
