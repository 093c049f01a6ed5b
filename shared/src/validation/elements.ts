// What is drawn over a scene: text in one of the layout's roles (or placed by hand) and pictures placed by fractions of
// the frame, each with its entrance. One scene fits every format: positions are fractions of the frame's width and height.
import * as v from 'valibot';
import { encodeMessage as m } from './messages';
import { hexColor, uploadIdField } from './video-look';

export const TEXT_ROLES = ['title', 'subtitle', 'bullets', 'lower_third', 'caption_box'] as const;
export type TextRole = (typeof TEXT_ROLES)[number];
export const ENTRANCES = ['none', 'fade', 'slide'] as const;
export type Entrance = (typeof ENTRANCES)[number];
export const ELEMENTS_MAX = 12;
export const ELEMENT_TEXT_MAX = 500;
/** The narrowest a placed element may be, as a share of the frame's width. */
export const ELEMENT_WIDTH_MIN = 0.02;

const fraction = (min = 0) =>
  v.pipe(v.number(m('number')), v.minValue(min, m('minValue', { value: min })), v.maxValue(1, m('maxValue', { value: 1 })));
const entrance = v.optional(v.picklist(ENTRANCES, m('notAChoice')), 'fade');

/**
 * Text in a role of the layout (title, subtitle, bullets one per line, a lower third, a caption box), or at `x`/`y`
 * (its top-left corner) and `width` when given; `color` overrides the brand's and the contrast's choice.
 */
export const textElementField = v.object({
  type: v.literal('text'),
  role: v.picklist(TEXT_ROLES, m('notAChoice')),
  text: v.pipe(
    v.string(m('required')),
    v.trim(),
    v.nonEmpty(m('required')),
    v.maxLength(ELEMENT_TEXT_MAX, m('maxLength', { length: ELEMENT_TEXT_MAX })),
  ),
  x: v.optional(fraction()),
  y: v.optional(fraction()),
  width: v.optional(fraction(ELEMENT_WIDTH_MIN)),
  color: v.optional(hexColor),
  entrance,
});

/** A picture (an upload of purpose `image`, or one of the team's image backgrounds) with its top-left corner at `x`/`y`, `width` of the frame's. */
export const imageElementField = v.object({
  type: v.literal('image'),
  upload_id: v.pipe(
    uploadIdField,
    v.description('An upload of purpose `image` (PNG, JPEG or WebP) or one of the team’s image backgrounds.'),
  ),
  x: fraction(),
  y: fraction(),
  width: fraction(ELEMENT_WIDTH_MIN),
  entrance,
});

export const elementField = v.variant('type', [textElementField, imageElementField], m('notAChoice'));
export type ElementInput = v.InferOutput<typeof elementField>;

export const elementsField = v.pipe(
  v.array(elementField, m('invalid')),
  v.maxLength(ELEMENTS_MAX, m('elementsCount', { max: ELEMENTS_MAX })),
);
