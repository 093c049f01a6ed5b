// The team's video drafts: what the video editor is composing, autosaved and listed in the Video List to resume. The
// body is the editor's state, kept as given; it is checked as a video only when the video is created from it.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { nameField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { videoDrafts } from '../../db/schema';
import { errors, fail } from '../../lib/errors';
import { currentUser, memberTeamOf, type TeamRequest, signedIn } from '../auth/guard';
import { deleted, documented, json, time } from '../../routing/operations';
import { teamItemParams, teamParams } from '../../routing/params';

/** A team holds at most this many drafts. */
export const DRAFTS_MAX = 100;
/** A draft's body, serialized, is at most this many bytes. */
export const DRAFT_MAX_BYTES = 256 * 1024;
/** Room for the name and for escapes the client's serializer adds, so that a large body is refused by its own code. */
const DRAFT_REQUEST_MAX_BYTES = 4 * DRAFT_MAX_BYTES;

type Row = typeof videoDrafts.$inferSelect;
type DraftInput = { name: string; body: Record<string, unknown> };

const VideoDraftSummary = v.pipe(
  v.object({ id: v.string(), name: v.string(), scene_count: v.number(), updated_at: time, created_at: time }),
  v.title('VideoDraftSummary'),
);
const VideoDraft = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    body: v.pipe(v.record(v.string(), v.unknown()), v.description("The editor's state, as it was saved.")),
    scene_count: v.number(),
    updated_at: time,
    created_at: time,
  }),
  v.title('VideoDraft'),
);

const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

const draftBody = v.object({
  name: nameField,
  // A JSON object: valibot's record alone would take an array (and answer it as an object of its indexes).
  body: v.pipe(
    v.custom<Record<string, unknown>>(isJsonObject),
    // What the document says of the body, which it reads from the custom check alone.
    v.metadata({ type: 'object', additionalProperties: true }),
    v.description("The editor's state (for one, a video creation body with its `scenes`), kept as given."),
    v.record(v.string(), v.unknown()),
  ),
});

/** A draft of several scenes counts them; any other is the one scene of a single-scene video. */
const sceneCountOf = (body: Record<string, unknown>) => (Array.isArray(body.scenes) ? body.scenes.length : 1);
const sceneCountColumn = sql<number>`case when jsonb_typeof(${videoDrafts.body} -> 'scenes') = 'array' then jsonb_array_length(${videoDrafts.body} -> 'scenes') else 1 end`;

const draftJson = (row: Row) => ({
  id: row.id,
  name: row.name,
  body: row.body,
  scene_count: sceneCountOf(row.body),
  updated_at: row.updatedAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

function assertBodyFits(body: Record<string, unknown>) {
  if (Buffer.byteLength(JSON.stringify(body)) > DRAFT_MAX_BYTES) {
    throw fail(400, 'draft_too_large', { max_bytes: DRAFT_MAX_BYTES }, { max: `${DRAFT_MAX_BYTES / 1024} KB` });
  }
}

export async function listVideoDrafts(ctx: AppContext, teamId: string) {
  const rows = await ctx.db
    .select({
      id: videoDrafts.id,
      name: videoDrafts.name,
      sceneCount: sceneCountColumn,
      updatedAt: videoDrafts.updatedAt,
      createdAt: videoDrafts.createdAt,
    })
    .from(videoDrafts)
    .where(eq(videoDrafts.teamId, teamId))
    .orderBy(desc(videoDrafts.updatedAt), desc(videoDrafts.createdAt));
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      scene_count: Number(row.sceneCount),
      updated_at: row.updatedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function createVideoDraft(ctx: AppContext, teamId: string, createdBy: string, { name, body }: DraftInput) {
  assertBodyFits(body);
  const [{ total }] = (await ctx.db.select({ total: count() }).from(videoDrafts).where(eq(videoDrafts.teamId, teamId))) as [
    { total: number },
  ];
  if (total >= DRAFTS_MAX) throw fail(409, 'drafts_full', { max: DRAFTS_MAX }, { max: DRAFTS_MAX });
  const [created] = await ctx.db.insert(videoDrafts).values({ teamId, createdBy, name, body }).returning();
  return draftJson(created!);
}

const ofTeam = (teamId: string, id: string) => and(eq(videoDrafts.id, id), eq(videoDrafts.teamId, teamId));

export async function getVideoDraft(ctx: AppContext, teamId: string, id: string) {
  const [row] = await ctx.db.select().from(videoDrafts).where(ofTeam(teamId, id));
  if (!row) throw errors.notFound('Draft');
  return draftJson(row);
}

export async function saveVideoDraft(ctx: AppContext, teamId: string, id: string, { name, body }: DraftInput) {
  assertBodyFits(body);
  const [saved] = await ctx.db.update(videoDrafts).set({ name, body, updatedAt: new Date() }).where(ofTeam(teamId, id)).returning();
  if (!saved) throw errors.notFound('Draft');
  return draftJson(saved);
}

export async function deleteVideoDraft(ctx: AppContext, teamId: string, id: string) {
  const [gone] = await ctx.db.delete(videoDrafts).where(ofTeam(teamId, id)).returning({ id: videoDrafts.id });
  if (!gone) throw errors.notFound('Draft');
}

/** The app's routes: any member of the team lists, saves, resumes and deletes its drafts. */
export const videoDraftRoutes = signedIn((app, ctx) => {
  const member = (request: TeamRequest) => memberTeamOf(ctx, request);
  const tag = 'Videos' as const;

  app.get(
    '/api/teams/:teamId/video-drafts',
    {
      schema: {
        ...documented({
          id: 'listVideoDrafts',
          tag,
          summary: 'List video drafts',
          description: 'The videos the team’s members began composing in the editor and have not created yet.',
          answers: { 200: json("The team's drafts, last saved first.", v.object({ data: v.array(VideoDraftSummary) })) },
        }),
        params: teamParams,
      },
    },
    async (request) => listVideoDrafts(ctx, await member(request)),
  );
  app.post(
    '/api/teams/:teamId/video-drafts',
    {
      bodyLimit: DRAFT_REQUEST_MAX_BYTES,
      schema: {
        ...documented({
          id: 'createVideoDraft',
          tag,
          summary: 'Save a new video draft',
          description: `Keeps the editor's state (an object of at most ${DRAFT_MAX_BYTES / 1024} KB) as a draft of the team.`,
          answers: { 201: json('The draft.', VideoDraft) },
          refusals: { 400: ['draft_too_large'], 409: ['drafts_full'] },
        }),
        params: teamParams,
        body: draftBody,
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      reply.status(201);
      return createVideoDraft(ctx, teamId, currentUser(request).user.id, request.body);
    },
  );
  app.get(
    '/api/teams/:teamId/video-drafts/:id',
    {
      schema: {
        ...documented({
          id: 'getVideoDraft',
          tag,
          summary: 'Get a video draft',
          description: "The draft with the editor's state, to resume it.",
          answers: { 200: json('The draft.', VideoDraft) },
        }),
        params: teamItemParams,
      },
    },
    async (request) => getVideoDraft(ctx, await member(request), request.params.id),
  );
  app.put(
    '/api/teams/:teamId/video-drafts/:id',
    {
      bodyLimit: DRAFT_REQUEST_MAX_BYTES,
      schema: {
        ...documented({
          id: 'saveVideoDraft',
          tag,
          summary: 'Save a video draft',
          description: "Replaces the draft's name and editor state.",
          answers: { 200: json('The draft, as saved.', VideoDraft) },
          refusals: { 400: ['draft_too_large'] },
        }),
        params: teamItemParams,
        body: draftBody,
      },
    },
    async (request) => saveVideoDraft(ctx, await member(request), request.params.id, request.body),
  );
  app.delete(
    '/api/teams/:teamId/video-drafts/:id',
    {
      schema: {
        ...documented({
          id: 'deleteVideoDraft',
          tag,
          summary: 'Delete a video draft',
          description: 'Discards the draft; videos already created from it stay.',
          answers: deleted,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await deleteVideoDraft(ctx, await member(request), request.params.id);
      return reply.status(204).send();
    },
  );
});
