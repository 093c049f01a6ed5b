// The public API, /api/v1: the team of the key in X-API-Key, snake_case JSON, ISO dates, cursor pages.
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentLanguageField, nameField, SCRIPT_MAX_CHARS } from '@kagami/shared/validation';
import type { AppContext } from '../../context';
import { avatars, videos, voices } from '../../db/schema';
import { ESPEAK_VOICES } from '../../engine/speech/synthesizer';
import { errors } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import { signPath, SIGNED_URL_SECONDS } from '../assets/signing';
import { allowanceOwnerOf, quotaOf } from '../billing/quota';
import { apiPlanOf } from '../billing/subscriptions';
import { createTeamAvatar, createTeamVideo, createTeamVoice, removeVideo, type Creator } from '../studio/service';
import { apiTeam, requireApiKey } from './auth';
import { idempotent } from './idempotency';
import { publicApiDocument } from './openapi';
import { keyset, PageQuery, pageOf } from './cursor';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.invalid'));
const ItemParams = v.object({ id: uuid });

const uploadId = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(64));

const AvatarBody = v.object({
  name: nameField,
  language: contentLanguageField,
  upload_id: uploadId,
  /** The statement of the person filmed that they agree to become an avatar (kept with the avatar). */
  consent_text: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(2000)),
});

const VoiceBody = v.object({ name: nameField, language: contentLanguageField, upload_id: uploadId });

const VideoBody = v.object({
  title: nameField,
  avatar_id: uuid,
  language: contentLanguageField,
  script: v.optional(v.pipe(v.string('validation.invalid'), v.maxLength(SCRIPT_MAX_CHARS * 2))),
  audio_upload_id: v.optional(uploadId),
  /** A voice model's id, or `builtin-<language>`; the avatar's own voice when absent. */
  voice_id: v.optional(v.union([uuid, v.pipe(v.string(), v.regex(/^builtin-[a-z]{2}$/, 'validation.invalid'))], 'validation.invalid')),
  subtitles: v.optional(v.boolean('validation.invalid'), false),
});

/** A signed, expiring address of a stored file, absolute so a script can fetch it as is. */
function signedUrl(ctx: AppContext, request: FastifyRequest, category: string, file: string | null) {
  if (!file) return null;
  return `${request.protocol}://${request.host}${signPath(ctx.signingKey, `/assets/signed/${category}/${file}`)}`;
}

const avatarJson = (ctx: AppContext, request: FastifyRequest, a: typeof avatars.$inferSelect) => ({
  id: a.id,
  name: a.name,
  language: a.language,
  status: a.status,
  failure_reason: a.reason,
  preview_url: signedUrl(ctx, request, 'avatar_output', a.preview),
  default_voice_id: a.defaultVoiceId,
  created_at: a.createdAt,
});

const voiceJson = (ctx: AppContext, request: FastifyRequest, voice: typeof voices.$inferSelect) => ({
  id: voice.id,
  kind: 'custom' as const,
  name: voice.name,
  language: voice.language,
  status: voice.status,
  failure_reason: voice.reason,
  sample_url: signedUrl(ctx, request, 'audio_output', voice.sample),
  created_at: voice.createdAt,
});

/** The voices every team has: eSpeak's, one per content language (`voice_id` of a video may name them). */
const BUILTIN_VOICES = Object.keys(ESPEAK_VOICES).map((language) => ({
  id: `builtin-${language}`,
  kind: 'builtin' as const,
  name: `Kagami ${language}`,
  language,
  status: 'ready' as const,
  failure_reason: null,
  sample_url: null,
  created_at: null,
}));

const videoJson = (ctx: AppContext, request: FastifyRequest, video: typeof videos.$inferSelect) => {
  const ready = video.status === 'ready' && Boolean(video.output);
  return {
    id: video.id,
    title: video.name,
    avatar_id: video.avatarId,
    voice_id: video.voiceId,
    language: video.language,
    status: video.status,
    failure_reason: video.reason,
    duration_seconds: video.durationMs === null ? null : video.durationMs / 1000,
    subtitles: video.subtitles,
    download_url: ready ? signedUrl(ctx, request, 'video_output', video.output) : null,
    download_url_expires_at: ready ? new Date(Date.now() + SIGNED_URL_SECONDS * 1000) : null,
    created_at: video.createdAt,
  };
};

export function publicApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // Counted per key (hashed: the key itself is never stored), in the database so every replica sees the count.
  const perKey = {
    rateLimit: {
      max: ctx.config.apiKeyRateLimitMax,
      timeWindow: '1 minute',
      shared: true,
      keyGenerator: (request: FastifyRequest) => {
        const key = request.headers['x-api-key'];
        return typeof key === 'string' ? `api-key:${sha256(key)}` : `api-ip:${request.ip}`;
      },
    },
  };
  const keyed = { preHandler: requireApiKey(db), config: perKey };
  const listed = { ...keyed, schema: { querystring: PageQuery } };
  const item = { ...keyed, schema: { params: ItemParams } };

  app.get('/api/v1/openapi.json', async () => publicApiDocument(app));

  app.get('/api/v1/team', keyed, async (request) => apiTeam(request));

  /** A cursor page of one of the team's item tables. */
  const teamPage = async <Row extends { id: string }>(table: typeof avatars | typeof voices | typeof videos, request: FastifyRequest) => {
    const query = request.query as PageQuery;
    const page = keyset(table.createdAt, table.id, query);
    const rows = (await db
      .select({ row: table, at: page.exactTime })
      .from(table as typeof avatars)
      .where(and(eq(table.teamId, apiTeam(request).id), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as unknown as { row: Row; at: string }[];
    return pageOf(
      rows.map((found) => ({ ...found, id: found.row.id })),
      query,
      (found) => found.row,
    );
  };

  app.get('/api/v1/avatars', listed, async (request) => {
    const page = await teamPage<typeof avatars.$inferSelect>(avatars, request);
    return { ...page, data: page.data.map((avatar) => avatarJson(ctx, request, avatar)) };
  });

  /** The item named by the path's id, if it is the team's. */
  const teamItem = async <Row>(table: typeof avatars | typeof videos, request: FastifyRequest, what: string) => {
    const { id } = request.params as { id: string };
    const [row] = await db
      .select()
      .from(table as typeof avatars)
      .where(and(eq(table.id, id), eq(table.teamId, apiTeam(request).id)));
    if (!row) throw errors.notFound(what);
    return row as unknown as Row;
  };

  app.get('/api/v1/avatars/:id', item, async (request) =>
    avatarJson(ctx, request, await teamItem<typeof avatars.$inferSelect>(avatars, request, 'Avatar')),
  );

  // The built-in voices come first on the first page; pages then run through the team's voice models.
  app.get('/api/v1/voices', listed, async (request) => {
    const page = await teamPage<typeof voices.$inferSelect>(voices, request);
    const models = page.data.map((voice) => voiceJson(ctx, request, voice));
    return { ...page, data: [...((request.query as PageQuery).cursor ? [] : BUILTIN_VOICES), ...models] };
  });

  app.get('/api/v1/videos', listed, async (request) => {
    const page = await teamPage<typeof videos.$inferSelect>(videos, request);
    return { ...page, data: page.data.map((video) => videoJson(ctx, request, video)) };
  });

  const teamVideo = (request: FastifyRequest) => teamItem<typeof videos.$inferSelect>(videos, request, 'Video');

  app.get('/api/v1/videos/:id', item, async (request) => videoJson(ctx, request, await teamVideo(request)));

  const byKey: Creator = { userId: null, name: null, source: 'api' };

  app.post('/api/v1/avatars', { ...keyed, schema: { body: AvatarBody } }, async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const avatar = await createTeamAvatar(ctx, byKey, team.id, request.body as v.InferOutput<typeof AvatarBody>);
      return { status: 202, body: avatarJson(ctx, request, avatar) };
    });
  });

  app.post('/api/v1/voices', { ...keyed, schema: { body: VoiceBody } }, async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const voice = await createTeamVoice(ctx, byKey, team.id, request.body as v.InferOutput<typeof VoiceBody>);
      return { status: 202, body: voiceJson(ctx, request, voice) };
    });
  });

  app.post('/api/v1/videos', { ...keyed, schema: { body: VideoBody } }, async (request, reply) => {
    const team = apiTeam(request);
    const body = request.body as v.InferOutput<typeof VideoBody>;
    return idempotent(db, team.id, request, reply, async () => {
      const video = await createTeamVideo(ctx, byKey, team.id, {
        ...body,
        name: body.title,
        voice_id: body.voice_id?.startsWith('builtin-') ? null : body.voice_id,
      });
      return { status: 202, body: videoJson(ctx, request, video) };
    });
  });

  app.delete('/api/v1/videos/:id', item, async (request, reply) => {
    await removeVideo(ctx, await teamVideo(request));
    return reply.status(204).send();
  });

  /** The allowance of the API subscription held by the team's owner, and its use this period. */
  app.get('/api/v1/quota', keyed, async (request) => {
    const owner = await allowanceOwnerOf(db, apiTeam(request).id);
    const plan = await apiPlanOf(db, owner);
    if (!plan) return { has_api_subscription: false, quota: null };
    return { has_api_subscription: true, quota: await quotaOf(db, plan, owner, 'api') };
  });
}
