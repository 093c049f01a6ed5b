// A team's brand kit: the colours, logo and fonts its videos take (new scenes start from them), one shape for both
// APIs, the CLI and the editor. A PUT gives the whole kit: what it leaves out is cleared.
import * as v from 'valibot';
import { encodeMessage as m } from './messages';
import { uploadIdField } from './video-look';

export const BRAND_COLORS_MAX = 6;

/** Up to six colours; the first is the accent (a lower third stands on it, new scenes' colour background). */
export const brandColorsField = v.pipe(
  v.array(v.pipe(v.string(m('hexColor')), v.regex(/^#[0-9a-fA-F]{6}$/, m('hexColor'))), m('invalid')),
  v.maxLength(BRAND_COLORS_MAX, m('brandColorsCount', { max: BRAND_COLORS_MAX })),
);

export const brandKitField = v.object({
  colors: v.optional(brandColorsField, []),
  /** A picture upload of the team (purpose `image`, kept out of the backgrounds) or one of its image backgrounds. */
  logo_upload_id: v.optional(
    v.nullable(
      v.pipe(uploadIdField, v.description('An upload of purpose `image` (PNG, JPEG or WebP) or one of the team’s image backgrounds.')),
    ),
    null,
  ),
  /** Uploads of purpose `font` (TTF, OTF or WOFF2); null: the product's fonts, which write Japanese. */
  heading_font_upload_id: v.optional(v.nullable(uploadIdField), null),
  body_font_upload_id: v.optional(v.nullable(uploadIdField), null),
  /** Video backgrounds of the team (or video uploads: they join the library) played, with their own sound, before the
   * first scene and after the last of every branded video of scenes. */
  intro_upload_id: v.optional(v.nullable(uploadIdField), null),
  outro_upload_id: v.optional(v.nullable(uploadIdField), null),
});
export type BrandKitInput = v.InferOutput<typeof brandKitField>;

/** The app's brand-kit form: the same kit, camelCased as the client sends it (null: none). */
export const brandKitForm = v.object({
  colors: brandColorsField,
  logoUploadId: v.nullable(v.string()),
  headingFontUploadId: v.nullable(v.string()),
  bodyFontUploadId: v.nullable(v.string()),
  introUploadId: v.nullable(v.string()),
  outroUploadId: v.nullable(v.string()),
});
export type BrandKitForm = v.InferOutput<typeof brandKitForm>;
