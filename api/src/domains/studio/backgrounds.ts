// The team's backgrounds: pictures and videos its presenters stand in front of. An upload becomes one when it is added
// to the library or first named by a video (keeping the upload's id, so the same id names it again later).
import { join } from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { BACKGROUNDS_MAX, nameField, type Background as BackgroundInput } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { backgrounds, documentPages, documents, type VideoBackground } from '../../db/schema';
import { type Backdrop, EngineFailure } from '../../engine';
import { runFfmpeg } from '../../media/tools';
import { errors, fail } from '../../lib/errors';
import { currentUser, memberTeamOf, type TeamRequest, signedIn } from '../auth/guard';
import { adoptUpload, readyUpload } from './uploads';
import { assetUrl } from './serialize';
import { documented, json, deleted } from '../../routing/operations';
import { Background } from './answers';
import { teamParams, uuid } from '../../routing/params';

export type BackgroundKind = 'image' | 'video';
type Row = typeof backgrounds.$inferSelect;

export const backgroundJson = (row: Row) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  preview: assetUrl('avatar_output', row.preview),
  created_at: row.createdAt.toISOString(),
});

export async function listBackgrounds(ctx: AppContext, teamId: string) {
  const rows = await ctx.db.select().from(backgrounds).where(eq(backgrounds.teamId, teamId)).orderBy(desc(backgrounds.createdAt));
  return { data: rows.map(backgroundJson) };
}

/** The still shown for a background in the library and the layout preview: its first frame, at most 1280 wide. */
const previewOf = (file: string, preview: string) =>
  runFfmpeg(['-i', file, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', preview]);

/**
 * The team's background `id`: one already in the library, or the finished upload of that id (of `kind`, or of
 * either kind when not said) taken into it.
 */
export async function teamBackground(
  ctx: AppContext,
  teamId: string,
  createdBy: string | null,
  id: string,
  kind?: BackgroundKind,
  name?: string,
): Promise<Row> {
  const [existing] = await ctx.db
    .select()
    .from(backgrounds)
    .where(and(eq(backgrounds.id, id), eq(backgrounds.teamId, teamId)));
  if (existing) {
    if (kind && existing.kind !== kind) throw fail(400, 'background_kind_mismatch');
    return existing;
  }
  const upload = await readyUpload(ctx, teamId, id, ['background_image', 'background_video']);
  const uploaded: BackgroundKind = upload.purpose === 'background_video' ? 'video' : 'image';
  if (kind && uploaded !== kind) throw fail(400, 'background_kind_mismatch');
  const [{ total }] = (await ctx.db.select({ total: count() }).from(backgrounds).where(eq(backgrounds.teamId, teamId))) as [
    { total: number },
  ];
  if (total >= BACKGROUNDS_MAX) throw fail(409, 'backgrounds_full', { max: BACKGROUNDS_MAX }, { max: BACKGROUNDS_MAX });
  const file = await adoptUpload(ctx, upload, `background-${id}`);
  const preview = `background-${id}.jpg`;
  await ctx.assets.withLocal({ source: ['avatar_input', file] } as const, ({ source }) =>
    ctx.assets.workspace(async (folder) => {
      await previewOf(source, join(folder, preview));
      await ctx.assets.store('avatar_output', preview, join(folder, preview));
    }),
  );
  const [created] = await ctx.db
    .insert(backgrounds)
    .values({
      id,
      teamId,
      createdBy,
      kind: uploaded,
      name: (name ?? upload.fileName).slice(0, 100),
      file,
      preview,
      durationMs: uploaded === 'video' ? upload.durationMs : null,
    })
    .returning();
  return created!;
}

/** A presenter beside the content or in a corner needs something behind them. */
export function assertPlacementFits(placement: { position: string }, background: unknown) {
  if (!background && placement.position !== 'full') throw fail(400, 'placement_needs_background');
}

/** A video's background as the API names it, stored as a colour or one of the team's backgrounds. */
export async function videoBackgroundOf(
  ctx: AppContext,
  teamId: string,
  createdBy: string | null,
  background: BackgroundInput | null | undefined,
): Promise<VideoBackground | null> {
  if (!background) return null;
  if (background.type === 'color') return { type: 'color', value: background.value.toUpperCase() };
  if (background.type === 'slide') return slideOf(ctx, teamId, background.upload_id, background.page);
  const row = await teamBackground(ctx, teamId, createdBy, background.upload_id, background.type);
  return { type: row.kind, background_id: row.id };
}

/**
 * Runs `job` with a stored video background as the engine draws it: the footage's own, a colour, or the team
 * background's file, lent for the job.
 */
export async function withBackdrop<T>(
  ctx: AppContext,
  teamId: string,
  stored: VideoBackground | null,
  job: (backdrop: Backdrop) => Promise<T>,
): Promise<T> {
  if (!stored) return job({ type: 'footage' });
  if (stored.type === 'color') return job(stored);
  if (stored.type === 'slide') return withSlide(ctx, teamId, stored, job);
  const [row] = await ctx.db
    .select({ file: backgrounds.file })
    .from(backgrounds)
    .where(and(eq(backgrounds.id, stored.background_id), eq(backgrounds.teamId, teamId)));
  if (!row) throw new EngineFailure('background_missing');
  return ctx.assets.withLocal({ file: ['avatar_input', row.file] } as const, ({ file }) => job({ type: stored.type, file }));
}

/** A page of one of the team's ready documents, as a video's background; a page past the end is refused. */
async function slideOf(ctx: AppContext, teamId: string, documentId: string, page: number): Promise<VideoBackground> {
  const [document] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.teamId, teamId)));
  if (!document) throw errors.notFound('Document');
  if (document.status !== 'ready') throw fail(409, 'document_not_ready');
  if (page > document.pageCount) throw fail(400, 'page_out_of_range', {}, { pages: document.pageCount });
  return { type: 'slide', document_id: document.id, page };
}

/** The slide's page image, lent for the job as a picture behind the presenter, shown whole. */
async function withSlide<T>(
  ctx: AppContext,
  teamId: string,
  slide: { document_id: string; page: number },
  job: (backdrop: Backdrop) => Promise<T>,
): Promise<T> {
  const [row] = await ctx.db
    .select({ image: documentPages.image })
    .from(documentPages)
    .where(and(eq(documentPages.documentId, slide.document_id), eq(documentPages.page, slide.page), eq(documentPages.teamId, teamId)));
  if (!row) throw new EngineFailure('background_missing');
  return ctx.assets.withLocal({ file: ['avatar_output', row.image] } as const, ({ file }) => job({ type: 'image', file, fit: 'contain' }));
}

export async function deleteBackground(ctx: AppContext, teamId: string, id: string) {
  const [deleted] = await ctx.db
    .delete(backgrounds)
    .where(and(eq(backgrounds.id, id), eq(backgrounds.teamId, teamId)))
    .returning();
  if (!deleted) throw errors.notFound('Background');
  await Promise.all([ctx.assets.remove('avatar_input', deleted.file), ctx.assets.remove('avatar_output', deleted.preview)]);
}

/** The app's routes: any member of the team lists, adds and deletes its backgrounds. */
export const backgroundRoutes = signedIn((app, ctx) => {
  const member = (request: TeamRequest) => memberTeamOf(ctx, request);

  app.get(
    '/api/teams/:teamId/backgrounds',
    {
      schema: {
        ...documented({
          id: 'listBackgrounds',
          tag: 'Backgrounds',
          summary: 'List backgrounds',
          description: "The team's background pictures and videos.",
          answers: { 200: json("The team's backgrounds, newest first.", v.object({ data: v.array(Background) })) },
        }),
        params: teamParams,
      },
    },
    async (request) => listBackgrounds(ctx, await member(request)),
  );
  app.post(
    '/api/teams/:teamId/backgrounds',
    {
      schema: {
        ...documented({
          id: 'addBackground',
          tag: 'Backgrounds',
          summary: 'Add a background',
          description: 'Adds a finished upload of a picture or video to the library, once per content.',
          answers: { 201: json('The background, made from its upload.', Background) },
          refusals: { 400: ['upload_not_ready'], 409: ['backgrounds_full'] },
        }),
        params: teamParams,
        body: v.object({ upload_id: v.pipe(v.string('validation.required'), v.maxLength(64)), name: v.optional(nameField) }),
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      const { upload_id, name } = request.body;
      reply.status(201);
      return backgroundJson(await teamBackground(ctx, teamId, currentUser(request).user.id, upload_id, undefined, name));
    },
  );
  app.delete(
    '/api/teams/:teamId/backgrounds/:id',
    {
      schema: {
        ...documented({
          id: 'deleteBackground',
          tag: 'Backgrounds',
          summary: 'Delete a background',
          description: 'Removes it from the team’s library.',
          answers: deleted,
        }),
        params: v.object({ teamId: uuid, id: v.pipe(v.string(), v.maxLength(64)) }),
      },
    },
    async (request, reply) => {
      await deleteBackground(ctx, await member(request), request.params.id);
      return reply.status(204).send();
    },
  );
});
