// The public API, /api/v1: the team of the key in X-API-Key, snake_case JSON, ISO dates, cursor pages.
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  contentLanguageField,
  nameField,
  scriptField,
  speedField,
  videoLookEntries,
  webhookEndpointForm,
  webhookUrlField,
} from '@kagami/shared/validation';
import type { AppContext } from '../../context';
import { avatars, videos, voices, webhookDeliveries } from '../../db/schema';
import { errors } from '../../lib/errors';
import { teamApiQuota } from '../billing/quota';
import { checkDestination } from '../webhooks/destination';
import * as webhooks from '../webhooks/service';
import { createTeamAvatar, createTeamVideo, createTeamVoice, removeVideo, type Creator } from '../studio/service';
import { apiTeam, requireApiKey } from './auth';
import { idempotent } from './idempotency';
import { verifyRoute } from './verify';
import { docsPageRoutes } from './docs-page';
import { publicApiDocument } from './openapi';
import { keyset, PageQuery, pageOf } from './cursor';
import * as R from './responses';
import { BUILTIN_VOICES } from '../../engine/speech/builtin-voices';
import { providerVoices, voiceIdField } from '../studio/voice-library';
import { deletePronunciation, listPronunciations, pronunciationBody, savePronunciation } from '../studio/pronunciations';
import { issuePhrase } from '../consent/service';
import { avatarJson, baseUrlOf, builtinVoiceJson, providerVoiceJson, videoJson, voiceJson } from './serialize';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.invalid'));
const ItemParams = v.object({ id: uuid });

const uploadId = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(64));

const AvatarBody = v.object({
  name: nameField,
  language: contentLanguageField,
  upload_id: v.pipe(
    uploadId,
    v.description(
      'A finished tus upload (at /api/uploads) of purpose `avatar_video` (footage) or `avatar_photo` (one photo: JPEG, PNG or WebP).',
    ),
  ),
  /** The statement of the person filmed that they agree to become an avatar (kept with the avatar). */
  consent_text: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(2000)),
  consent_upload_id: v.optional(
    v.pipe(
      uploadId,
      v.description(
        'A finished tus upload of purpose `avatar_consent`: the person on camera reading the phrase of `GET /api/v1/avatars/consent-phrase`. Needed unless the server runs with AVATAR_CONSENT=text; without it, 422 `consent_required`.',
      ),
    ),
  ),
});

/** Whom the phrase names: the person who will read it on camera. */
const PhraseQuery = v.object({ language: contentLanguageField, name: nameField });

const VoiceBody = v.object({ name: nameField, language: contentLanguageField, upload_id: uploadId });

const VideoBody = v.object({
  title: nameField,
  avatar_id: uuid,
  language: contentLanguageField,
  script: v.optional(scriptField),
  audio_upload_id: v.optional(uploadId),
  /** A voice model's id, or `builtin-<language>`; the avatar's own voice when absent. */
  voice_id: v.optional(voiceIdField),
  subtitles: v.optional(v.boolean('validation.invalid'), false),
  /** How fast the script is spoken, 0.75-1.5; `[pause 1.5s]` in the script is a silence. */
  speed: v.optional(speedField, 1),
  ...videoLookEntries,
  /** Also deliver this video's `video.ready` / `video.failed` here, signed like every webhook. */
  callback_url: v.optional(webhookUrlField),
});

export function publicApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // Counted per team key, in the database so every replica sees the count. It runs after the key is checked
  // (a preHandler after requireApiKey): a wrong key is refused, and counted per address, before it could open a count of its own.
  const perKey = {
    rateLimit: {
      max: ctx.config.apiKeyRateLimitMax,
      timeWindow: '1 minute',
      shared: true,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `api-key:${apiTeam(request).id}`,
    },
  };
  const keyed = { preHandler: requireApiKey(db), config: perKey };
  /** A route's schemas, its answers documented (every refusal is an ApiError). */
  const route = (schema: Record<string, unknown>, response: Record<number, v.GenericSchema> = {}) => ({
    ...keyed,
    schema: { ...schema, response: { ...response, default: R.ApiError } },
  });
  const listed = (page: v.GenericSchema) => route({ querystring: PageQuery }, { 200: page });
  const item = (answer?: v.GenericSchema, status = 200) => route({ params: ItemParams }, answer ? { [status]: answer } : {});

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => publicApiDocument(app));
  docsPageRoutes(app);

  app.get('/api/v1/team', route({}, { 200: R.Team }), async (request) => apiTeam(request));

  /** A cursor page of one of the team's item tables. */
  const teamPage = async <Row extends { id: string }>(
    table: typeof avatars | typeof voices | typeof videos | typeof webhookDeliveries,
    request: FastifyRequest,
  ) => {
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

  app.get('/api/v1/avatars', listed(R.AvatarPage), async (request) => {
    const page = await teamPage<typeof avatars.$inferSelect>(avatars, request);
    return { ...page, data: page.data.map((avatar) => avatarJson(ctx, baseUrlOf(request), avatar)) };
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

  app.get('/api/v1/avatars/:id', item(R.Avatar), async (request) =>
    avatarJson(ctx, baseUrlOf(request), await teamItem<typeof avatars.$inferSelect>(avatars, request, 'Avatar')),
  );

  // The built-in voices come first on the first page; pages then run through the team's voice models.
  app.get('/api/v1/voices', listed(R.VoicePage), async (request) => {
    const page = await teamPage<typeof voices.$inferSelect>(voices, request);
    const models = page.data.map((voice) => voiceJson(ctx, baseUrlOf(request), voice));
    const first = !(request.query as PageQuery).cursor;
    const builtins = first ? BUILTIN_VOICES.map((voice) => builtinVoiceJson(baseUrlOf(request), voice)) : [];
    const provided = first ? (await providerVoices(ctx)).map((voice) => providerVoiceJson(baseUrlOf(request), voice)) : [];
    return { ...page, data: [...builtins, ...provided, ...models] };
  });

  app.get('/api/v1/videos', listed(R.VideoPage), async (request) => {
    const page = await teamPage<typeof videos.$inferSelect>(videos, request);
    return { ...page, data: page.data.map((video) => videoJson(ctx, baseUrlOf(request), video)) };
  });

  const teamVideo = (request: FastifyRequest) => teamItem<typeof videos.$inferSelect>(videos, request, 'Video');

  app.get('/api/v1/videos/:id', item(R.Video), async (request) => videoJson(ctx, baseUrlOf(request), await teamVideo(request)));

  const byKey: Creator = { userId: null, name: null, source: 'api' };

  app.get('/api/v1/avatars/consent-phrase', route({ querystring: PhraseQuery }, { 200: R.ConsentPhrase }), async (request) => {
    const query = request.query as v.InferOutput<typeof PhraseQuery>;
    return issuePhrase(ctx, { teamId: apiTeam(request).id, userId: null }, query.language, query.name);
  });

  app.post('/api/v1/avatars', route({ body: AvatarBody }, { 202: R.Avatar }), async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const avatar = await createTeamAvatar(ctx, byKey, team.id, request.body as v.InferOutput<typeof AvatarBody>);
      return { status: 202, body: avatarJson(ctx, baseUrlOf(request), avatar) };
    });
  });

  app.post('/api/v1/voices', route({ body: VoiceBody }, { 202: R.Voice }), async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const voice = await createTeamVoice(ctx, byKey, team.id, request.body as v.InferOutput<typeof VoiceBody>);
      return { status: 202, body: voiceJson(ctx, baseUrlOf(request), voice) };
    });
  });

  app.post('/api/v1/videos', route({ body: VideoBody }, { 202: R.Video }), async (request, reply) => {
    const team = apiTeam(request);
    const body = request.body as v.InferOutput<typeof VideoBody>;
    if (body.callback_url) await checkDestination(body.callback_url, ctx.config.webhooks);
    return idempotent(db, team.id, request, reply, async () => {
      const video = await createTeamVideo(ctx, byKey, team.id, {
        ...body,
        name: body.title,
        voice_id: body.voice_id,
      });
      return { status: 202, body: videoJson(ctx, baseUrlOf(request), video) };
    });
  });

  app.delete('/api/v1/videos/:id', item(), async (request, reply) => {
    await removeVideo(ctx, await teamVideo(request));
    return reply.status(204).send();
  });

  verifyRoute(app, ctx, route({ description: 'The body is the video file itself (`Content-Type: video/mp4`).' }, { 200: R.Credentials }));

  /** The allowance of the API subscription held by the team's owner, and its use this period. */
  app.get('/api/v1/quota', route({}, { 200: R.Quota }), async (request) => {
    const { has_api_subscription, quota } = await teamApiQuota(db, apiTeam(request).id);
    return { has_api_subscription, quota };
  });

  const teamId = (request: FastifyRequest) => apiTeam(request).id;
  const itemId = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get('/api/v1/pronunciations', route({}, { 200: R.PronunciationList }), async (request) => listPronunciations(ctx, teamId(request)));

  app.post('/api/v1/pronunciations', route({ body: pronunciationBody }, { 201: R.Pronunciation }), async (request, reply) =>
    idempotent(db, teamId(request), request, reply, async () => ({
      status: 201,
      body: await savePronunciation(ctx, teamId(request), request.body as v.InferOutput<typeof pronunciationBody>),
    })),
  );

  app.delete('/api/v1/pronunciations/:id', item(), async (request, reply) => {
    await deletePronunciation(ctx, teamId(request), itemId(request));
    return reply.status(204).send();
  });

  app.get('/api/v1/webhooks', route({}, { 200: R.WebhookList }), async (request) => ({
    data: await webhooks.listEndpoints(db, teamId(request)),
    signing_secret: await webhooks.signingSecret(db, teamId(request)),
  }));

  app.post('/api/v1/webhooks', route({ body: webhookEndpointForm }, { 201: R.WebhookEndpoint }), async (request, reply) =>
    idempotent(db, teamId(request), request, reply, async () => ({
      status: 201,
      body: await webhooks.addEndpoint(ctx, teamId(request), request.body as v.InferOutput<typeof webhookEndpointForm>),
    })),
  );

  app.delete('/api/v1/webhooks/:id', item(), async (request, reply) => {
    await webhooks.removeEndpoint(db, teamId(request), itemId(request));
    return reply.status(204).send();
  });

  app.post('/api/v1/webhooks/:id/test', item(R.DeliveryQueued, 202), async (request, reply) => {
    reply.status(202);
    return webhooks.sendTestEvent(ctx, teamId(request), itemId(request));
  });

  app.get('/api/v1/webhooks/deliveries', listed(R.WebhookDeliveryPage), async (request) => {
    const page = await teamPage<typeof webhookDeliveries.$inferSelect>(webhookDeliveries, request);
    return { ...page, data: await webhooks.withAttempts(db, page.data) };
  });

  app.post('/api/v1/webhooks/deliveries/:id/cancel', item(R.DeliveryCancelled), async (request) =>
    webhooks.cancelDelivery(db, teamId(request), itemId(request)),
  );

  app.post('/api/v1/webhooks/deliveries/:id/resend', item(R.DeliveryQueued, 202), async (request, reply) => {
    reply.status(202);
    return webhooks.resendDelivery(ctx, teamId(request), itemId(request));
  });
}
