// The team's brand kit: colours, a logo and fonts its videos are drawn in (a video made with `brand: false` is not).
// Read and replaced whole by both APIs; a font is an upload of purpose `font`, kept as the kit's file until replaced.
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { brandKitField, type BrandKitInput } from '@kagami/shared/validation';
import type { AppContext } from '../app-context';
import { backgrounds, brandKits, type BrandFont } from '../../db/schema';
import { brandClipSeconds, brandOf, type Brand } from '../../engine';
import { atField } from '../../lib/errors';
import { probeMedia } from '../../media/probe';
import type { StoredFile } from '../../storage/media-store';
import { teamBackground } from './backgrounds';
import { picturesOf, teamPicture } from './pictures';
import { assetUrl } from './serialize';
import { adoptUpload, readyUpload } from './uploads';
import { currentUser, memberTeamOf, signedIn } from '../auth/guard';
import { documented, json } from '../../routing/operations';
import { teamParams } from '../../routing/params';

type Row = typeof brandKits.$inferSelect;

const brandFont = v.nullable(v.object({ upload_id: v.string(), name: v.string() }));
const brandPicture = v.nullable(v.object({ upload_id: v.string(), preview: v.nullable(v.string()) }));
const brandClip = v.nullable(
  v.object({
    upload_id: v.string(),
    preview: v.nullable(v.string()),
    duration_seconds: v.pipe(v.number(), v.description('How long it plays in a video (at most 15 s); counted in its length and minutes.')),
  }),
);
/** The kit on the wire, in both APIs. */
export const BrandKit = v.pipe(
  v.object({
    colors: v.pipe(v.array(v.string()), v.description('Up to six colours (#RRGGBB); the first is the accent.')),
    logo: brandPicture,
    heading_font: brandFont,
    body_font: brandFont,
    intro: v.pipe(brandClip, v.description('A video background played, with its own sound, before the first scene.')),
    outro: v.pipe(brandClip, v.description('A video background played, with its own sound, after the last scene.')),
    updated_at: v.nullable(v.string()),
  }),
  v.title('BrandKit'),
);
const EMPTY = { colors: [] as string[], logoId: null, headingFont: null, bodyFont: null, introId: null, outroId: null, updatedAt: null };

/** A stored file's address as an API gives it (the app's session link, the public API's signed one). */
export type LinkOf = (category: 'avatar_output', file: string) => string | null;

/** The kit as both APIs show it: its colours, its logo (its upload id and picture) and its fonts (id and name). */
export async function brandKitJson(ctx: AppContext, teamId: string, link: LinkOf = assetUrl) {
  const kit = await kitOf(ctx, teamId);
  const logo = kit.logoId ? (await picturesOf(ctx, teamId, [kit.logoId])).get(kit.logoId) : undefined;
  const clips = await clipsOf(ctx, kit);
  const clip = (id: string | null) => {
    const row = clips.find((background) => background.id === id);
    return row ? { upload_id: row.id, preview: link('avatar_output', row.preview), duration_seconds: row.seconds } : null;
  };
  const font = (stored: BrandFont | null) => (stored ? { upload_id: stored.id, name: stored.name } : null);
  return {
    colors: kit.colors,
    logo: logo ? { upload_id: logo.id, preview: link('avatar_output', logo.preview) } : null,
    heading_font: font(kit.headingFont),
    body_font: font(kit.bodyFont),
    intro: clip(kit.introId),
    outro: clip(kit.outroId),
    updated_at: kit.updatedAt?.toISOString() ?? null,
  };
}

/** The kit's intro and outro backgrounds with how long each plays (a length not kept yet is read from its file, once). */
async function clipsOf(ctx: AppContext, kit: { introId: string | null; outroId: string | null }) {
  const ids = [kit.introId, kit.outroId].filter((id): id is string => Boolean(id));
  const rows = ids.length ? await ctx.db.select().from(backgrounds).where(inArray(backgrounds.id, ids)) : [];
  return Promise.all(
    rows.map(async (row) => {
      let durationMs = row.durationMs;
      if (durationMs === null) {
        durationMs = await ctx.assets.withLocal({ clip: ['avatar_input', row.file] } as const, async ({ clip }) =>
          Math.round(((await probeMedia(clip))?.durationSeconds ?? 0) * 1000),
        );
        await ctx.db.update(backgrounds).set({ durationMs }).where(eq(backgrounds.id, row.id));
      }
      return { ...row, seconds: brandClipSeconds(durationMs / 1000) };
    }),
  );
}

/** The seconds the team's intro and outro add to a video drawn in its brand (what its quota reserves for them). */
export async function brandClipsSeconds(ctx: AppContext, teamId: string) {
  const clips = await clipsOf(ctx, await kitOf(ctx, teamId));
  return clips.reduce((total, clip) => total + clip.seconds, 0);
}

async function kitOf(ctx: AppContext, teamId: string): Promise<Omit<Row, 'teamId' | 'updatedAt'> & { updatedAt: Date | null }> {
  const [kit] = await ctx.db.select().from(brandKits).where(eq(brandKits.teamId, teamId));
  return kit ?? EMPTY;
}

/**
 * Replaces the team's kit: a new logo is a picture of the team (an `image` upload) or one of its image backgrounds, a
 * new intro or outro joins the video backgrounds, a new font upload becomes the kit's (the one it replaces is removed);
 * each refusal names its field.
 */
export async function saveBrandKit(
  ctx: AppContext,
  teamId: string,
  createdBy: string | null,
  input: BrandKitInput,
  link: LinkOf = assetUrl,
) {
  const before = await kitOf(ctx, teamId);
  const logo = input.logo_upload_id
    ? await atField('logo_upload_id', () => teamPicture(ctx, teamId, createdBy, input.logo_upload_id!))
    : null;
  const fontOf = async (field: 'heading_font_upload_id' | 'body_font_upload_id', current: BrandFont | null) => {
    const id = input[field];
    if (!id) return null;
    if (id === current?.id) return current;
    return atField(field, async () => {
      const upload = await readyUpload(ctx, teamId, id, ['font']);
      return { id, file: await adoptUpload(ctx, upload, `font-${id}`), name: upload.fileName.slice(0, 100) };
    });
  };
  const clipOf = (field: 'intro_upload_id' | 'outro_upload_id') =>
    input[field] ? atField(field, () => teamBackground(ctx, teamId, createdBy, input[field]!, 'video')) : null;
  const [intro, outro] = [await clipOf('intro_upload_id'), await clipOf('outro_upload_id')];
  const headingFont = await fontOf('heading_font_upload_id', before.headingFont);
  const bodyFont = await fontOf('body_font_upload_id', before.bodyFont);
  const values = {
    colors: input.colors.map((color) => color.toUpperCase()),
    logoId: logo?.id ?? null,
    headingFont,
    bodyFont,
    introId: intro?.id ?? null,
    outroId: outro?.id ?? null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(brandKits)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: brandKits.teamId, set: values });
  const kept = new Set([headingFont?.file, bodyFont?.file]);
  const replaced = [before.headingFont, before.bodyFont].filter((font) => font && !kept.has(font.file));
  await Promise.all(replaced.map((font) => ctx.assets.remove('avatar_input', font!.file)));
  return brandKitJson(ctx, teamId, link);
}

/**
 * Runs `job` with the team's brand as the engine draws it (its fonts lent for the job), or none when `use` is false
 * or the team has no kit.
 */
export async function withBrand<T>(ctx: AppContext, teamId: string, use: boolean, job: (brand: Brand | undefined) => Promise<T>) {
  if (!use) return job(undefined);
  const [kit] = await ctx.db.select().from(brandKits).where(eq(brandKits.teamId, teamId));
  if (!kit) return job(undefined);
  const files: Record<string, StoredFile> = {};
  if (kit.headingFont) files.heading = ['avatar_input', kit.headingFont.file];
  if (kit.bodyFont) files.body = ['avatar_input', kit.bodyFont.file];
  return ctx.assets.withLocal(files, (local) => job(brandOf({ heading: local.heading, body: local.body }, kit.colors)));
}

/** Runs `job` with the team's intro and outro clips lent (null where the kit has none, or `use` is false). */
export async function withBrandClips<T>(
  ctx: AppContext,
  teamId: string,
  use: boolean,
  job: (clips: { intro: string | null; outro: string | null }) => Promise<T>,
) {
  const [kit] = use ? await ctx.db.select().from(brandKits).where(eq(brandKits.teamId, teamId)) : [];
  const rows = kit ? await clipsOf(ctx, kit) : [];
  const fileOf = (id: string | null | undefined): StoredFile | null => {
    const row = rows.find((background) => background.id === id);
    return row ? ['avatar_input', row.file] : null;
  };
  return ctx.assets.withLocal({ intro: fileOf(kit?.introId), outro: fileOf(kit?.outroId) }, job);
}

const BRAND_REFUSALS = { 422: ['upload_not_ready', 'background_kind_mismatch', 'backgrounds_full'] };

/** The app's routes: any member of the team reads and replaces its kit. */
export const brandKitRoutes = signedIn((app, ctx) => {
  app.get(
    '/api/teams/:teamId/brand-kit',
    {
      schema: {
        ...documented({
          id: 'getTeamBrandKit',
          tag: 'Brand kit',
          summary: 'Get the brand kit',
          description: "The team's colours, logo and fonts, which its videos are drawn in.",
          answers: { 200: json('The brand kit (empty until one is saved).', BrandKit) },
        }),
        params: teamParams,
      },
    },
    async (request) => brandKitJson(ctx, await memberTeamOf(ctx, request)),
  );
  app.put(
    '/api/teams/:teamId/brand-kit',
    {
      schema: {
        ...documented({
          id: 'saveTeamBrandKit',
          tag: 'Brand kit',
          summary: 'Replace the brand kit',
          description:
            'The whole kit: what the body leaves out is cleared. A font is an upload of purpose `font`; the logo an upload of purpose `image` or an image background; the intro and outro video backgrounds.',
          answers: { 200: json('The brand kit as saved.', BrandKit) },
          refusals: BRAND_REFUSALS,
        }),
        params: teamParams,
        body: brandKitField,
      },
    },
    async (request) => saveBrandKit(ctx, await memberTeamOf(ctx, request), currentUser(request).user.id, request.body),
  );
});
