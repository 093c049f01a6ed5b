// The public API, /api/v1: the team of the key in X-API-Key, snake_case JSON, ISO dates, cursor pages.
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  brandKitField,
  contentLanguageField,
  nameField,
  webhookEndpointForm,
  webhookUrlField,
  uploadIdField,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars, videos, voices, webhookDeliveries } from '../../db/schema';
import { errors } from '../../lib/errors';
import { teamApiQuota } from '../billing/quota';
import { checkDestination } from '../webhooks/destination';
import * as webhooks from '../webhooks/service';
import { createTeamAvatar, createTeamVoice, removeVideo, type Creator } from '../studio/service';
import { createTeamVideo } from '../studio/video-creation';
import { apiTeam } from './auth';
import { idempotent } from './idempotency';
import { verifyRoute } from './verify';
import { docsPageRoutes } from './docs-page';
import { publicApiDocument } from './openapi';
import { mergeRefusals, type Operation } from './operations';
import { keyset, listThenTable, pageOf, type PageQuery } from './cursor';
import { CHARGED, DELETED, publicRouteKit, SENDS_BODY, uuid, VIDEO_REFUSALS } from './route-kit';
import * as R from './responses';
import { BUILTIN_VOICES } from '../../engine';
import { providerVoices } from '../studio/voice-library';
import { AVATAR_OF_VIDEO, avatarOrScenes, videoBodyEntries } from '../studio/video-body';
import { deletePronunciation, listPronunciations, pronunciationBody, savePronunciation } from '../studio/pronunciations';
import { issuePhrase } from '../consent/service';
import { avatarJson, baseUrlOf, builtinVoiceJson, providerVoiceJson, signedUrl, videoJson, voiceJson } from './serialize';
import { BrandKit, brandKitJson, saveBrandKit } from '../studio/brand-kit';
import { templateApiRoutes } from './template-routes';
import type { App } from '../../routing/typed';

type VoiceJson = ReturnType<typeof builtinVoiceJson | typeof providerVoiceJson | typeof voiceJson>;

const AvatarBody = v.object({
  name: nameField,
  language: contentLanguageField,
  upload_id: v.pipe(
    uploadIdField,
    v.description(
      'A finished tus upload (at /api/uploads) of purpose `avatar_video` (footage) or `avatar_photo` (one photo: JPEG, PNG or WebP).',
    ),
  ),
  /** The statement of the person filmed that they agree to become an avatar (kept with the avatar). */
  consent_text: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(2000)),
  consent_upload_id: v.optional(
    v.pipe(
      uploadIdField,
      v.description(
        'A finished tus upload of purpose `avatar_consent`: the person on camera reading the phrase of `GET /api/v1/avatars/consent-phrase`. Needed unless the server runs with AVATAR_CONSENT=text; without it, 422 `consent_required`.',
      ),
    ),
  ),
});

/** Whom the phrase names: the person who will read it on camera. */
const PhraseQuery = v.object({ language: contentLanguageField, name: nameField });

const VoiceBody = v.object({ name: nameField, language: contentLanguageField, upload_id: uploadIdField });

const VideoBody = v.pipe(
  v.object({
    title: nameField,
    avatar_id: v.optional(v.pipe(uuid, v.description(AVATAR_OF_VIDEO))),
    ...videoBodyEntries,
    /** Also deliver this video's `video.ready` / `video.failed` here, signed like every webhook. */
    callback_url: v.optional(webhookUrlField),
  }),
  v.forward(v.partialCheck([['avatar_id'], ['scenes']], avatarOrScenes, 'validation.required'), ['avatar_id']),
);

/** A request for one of the team's items by `:id`. */
type ItemRequest = FastifyRequest & { params: { id: string } };

export function publicApiRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const { route, refusing, listed, item, creating } = publicRouteKit(ctx);

  templateApiRoutes(app, ctx);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => publicApiDocument(app));
  docsPageRoutes(app);

  app.get(
    '/api/v1/team',
    route({ id: 'getTeam', tag: 'Team', summary: 'Get the team', description: 'The team the API key belongs to.' }, {}, { 200: R.Team }),
    async (request) => apiTeam(request),
  );

  /** A cursor page of one of the team's item tables. */
  const teamPage = async <Row extends { id: string }>(
    table: typeof avatars | typeof voices | typeof videos | typeof webhookDeliveries,
    request: FastifyRequest,
    query: v.InferOutput<typeof PageQuery>,
  ) => {
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

  const listAvatars: Operation = {
    id: 'listAvatars',
    tag: 'Avatars',
    summary: 'List avatars',
    description: "The team's avatars, newest first, a page at a time: pass `next_cursor` as `cursor` for the next page.",
  };
  app.get('/api/v1/avatars', listed(listAvatars, R.AvatarPage), async (request) => {
    const page = await teamPage<typeof avatars.$inferSelect>(avatars, request, request.query);
    return { ...page, data: page.data.map((avatar) => avatarJson(ctx, baseUrlOf(request), avatar)) };
  });

  /** The item named by the path's id, if it is the team's. */
  const teamItem = async <Row>(table: typeof avatars | typeof videos, request: ItemRequest, what: string) => {
    const { id } = request.params;
    const [row] = await db
      .select()
      .from(table as typeof avatars)
      .where(and(eq(table.id, id), eq(table.teamId, apiTeam(request).id)));
    if (!row) throw errors.notFound(what);
    return row as unknown as Row;
  };

  const getAvatar: Operation = {
    id: 'getAvatar',
    tag: 'Avatars',
    summary: 'Get an avatar',
    description: 'One avatar of the team: poll it while `status` is `in_progress` (`stage` and `progress` say how far it is).',
  };
  app.get('/api/v1/avatars/:id', item(getAvatar, { 200: R.Avatar }), async (request) =>
    avatarJson(ctx, baseUrlOf(request), await teamItem<typeof avatars.$inferSelect>(avatars, request, 'Avatar')),
  );

  // The built-in voices come first, then the speech provider's, then the team's voice models, newest first.
  const listVoices: Operation = {
    id: 'listVoices',
    tag: 'Voices',
    summary: 'List voices',
    description:
      "Every voice a video can speak with: the built-in voices, then the speech provider's (when one is configured), then the team's voice models, newest first. `limit` holds across all three.",
  };
  app.get('/api/v1/voices', listed(listVoices, R.VoicePage), async (request) => {
    const base = baseUrlOf(request);
    // The provider's voices are asked for only by pages that start before the team's voice models.
    const fixed = async (): Promise<VoiceJson[]> => [
      ...BUILTIN_VOICES.map((voice) => builtinVoiceJson(base, voice)),
      ...(await providerVoices(ctx)).map((voice) => providerVoiceJson(base, voice)),
    ];
    return listThenTable(fixed, request.query, async (query) => {
      const page = await teamPage<typeof voices.$inferSelect>(voices, request, query);
      return { ...page, data: page.data.map((voice) => voiceJson(ctx, base, voice)) };
    });
  });

  const listVideos: Operation = {
    id: 'listVideos',
    tag: 'Videos',
    summary: 'List videos',
    description: "The team's videos, newest first, a page at a time.",
  };
  app.get('/api/v1/videos', listed(listVideos, R.VideoPage), async (request) => {
    const page = await teamPage<typeof videos.$inferSelect>(videos, request, request.query);
    return { ...page, data: page.data.map((video) => videoJson(ctx, baseUrlOf(request), video)) };
  });

  const teamVideo = (request: ItemRequest) => teamItem<typeof videos.$inferSelect>(videos, request, 'Video');

  const getVideo: Operation = {
    id: 'getVideo',
    tag: 'Videos',
    summary: 'Get a video',
    description:
      'One video of the team: poll it until `status` is `ready` (then `download_url` is set) or `failed` (`failure_reason` says why).',
  };
  app.get('/api/v1/videos/:id', item(getVideo, { 200: R.Video }), async (request) =>
    videoJson(ctx, baseUrlOf(request), await teamVideo(request)),
  );

  const byKey: Creator = { userId: null, name: null, source: 'api' };

  const getConsentPhrase: Operation = {
    id: 'getConsentPhrase',
    tag: 'Avatars',
    summary: 'Get a consent phrase',
    description: 'The phrase the person to become an avatar reads on camera (the consent clip): it names them and holds a one-time code.',
    refusals: { 400: ['validation_failed'] },
  };
  app.get(
    '/api/v1/avatars/consent-phrase',
    route(getConsentPhrase, { querystring: PhraseQuery }, { 200: R.ConsentPhrase }),
    async (request) => {
      const query = request.query;
      return issuePhrase(ctx, { teamId: apiTeam(request).id, userId: null }, query.language, query.name);
    },
  );

  const createAvatar: Operation = {
    id: 'createAvatar',
    tag: 'Avatars',
    summary: 'Create an avatar',
    description:
      'Starts making an avatar from a finished upload (footage or one photo). The answer is the avatar `in_progress`; poll it, or listen for `avatar.ready` / `avatar.failed`.',
    refusals: { 400: ['upload_not_ready', 'consent_required'], 402: CHARGED, 422: ['consent_required'], 503: ['capacity_exhausted'] },
    example: {
      name: 'Yuki',
      language: 'ja',
      upload_id: '6f1c2a9e4b7d4e0f9a3b5c8d2e1f0a7b',
      consent_text: 'I, Yuki Tanaka, agree that Kagami makes an avatar of me from this footage.',
      consent_upload_id: '0b9e8d7c6a5f4e3d2c1b0a9f8e7d6c5b',
    },
  };
  app.post('/api/v1/avatars', creating(createAvatar, AvatarBody, { 202: R.Avatar }), async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const avatar = await createTeamAvatar(ctx, byKey, team.id, request.body);
      return { status: 202, body: avatarJson(ctx, baseUrlOf(request), avatar) };
    });
  });

  const createVoice: Operation = {
    id: 'createVoice',
    tag: 'Voices',
    summary: 'Create a voice model',
    description:
      'Starts making a voice model from a finished upload of a recording (purpose `voice_audio`). Poll it in the voice list, or listen for `voice.ready` / `voice.failed`.',
    refusals: { 400: ['upload_not_ready'], 402: CHARGED, 503: ['capacity_exhausted'] },
    example: { name: 'Narrator', language: 'en', upload_id: '3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f' },
  };
  app.post('/api/v1/voices', creating(createVoice, VoiceBody, { 202: R.Voice }), async (request, reply) => {
    const team = apiTeam(request);
    return idempotent(db, team.id, request, reply, async () => {
      const voice = await createTeamVoice(ctx, byKey, team.id, request.body);
      return { status: 202, body: voiceJson(ctx, baseUrlOf(request), voice) };
    });
  });

  const createVideo: Operation = {
    id: 'createVideo',
    tag: 'Videos',
    summary: 'Create a video',
    description:
      'Starts rendering a talking video of a ready avatar from a `script` (spoken by `voice_id`, or the avatar’s own voice) or from uploaded audio. The answer is the video `in_progress`; poll it, or listen for `video.ready` / `video.failed` (also at `callback_url`).',
    refusals: VIDEO_REFUSALS,
    example: {
      title: 'Welcome',
      avatar_id: '7b2f0c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e',
      language: 'en',
      script: 'Welcome to Kagami. [pause 1s] Your video is ready in minutes.',
      voice_id: 'builtin-en-emma',
      subtitles: true,
      aspect_ratio: '9:16',
      callback_url: 'https://example.com/kagami/webhook',
    },
  };
  app.post('/api/v1/videos', creating(createVideo, VideoBody, { 202: R.Video }), async (request, reply) => {
    const team = apiTeam(request);
    const body = request.body;
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

  const deleteVideo: Operation = {
    id: 'deleteVideo',
    tag: 'Videos',
    summary: 'Delete a video',
    description: 'Deletes the video and its files.',
  };
  app.delete('/api/v1/videos/:id', item(refusing(deleteVideo, SENDS_BODY), DELETED), async (request, reply) => {
    await removeVideo(ctx, await teamVideo(request));
    return reply.status(204).send();
  });

  const verifyVideo: Operation = {
    id: 'verifyVideo',
    tag: 'Content Credentials',
    summary: 'Check a video’s Content Credentials',
    description:
      'The body is the video file itself (`Content-Type: video/mp4` or `application/octet-stream`). The answer says whether its C2PA Content Credentials name a Kagami video, whose, and whether the file changed since.',
    refusals: { 400: ['unsupported_video_format'], 413: ['upload_too_large'], 415: ['unsupported_video_format'] },
  };
  verifyRoute(app, ctx, route(verifyVideo, {}, { 200: R.Credentials }));

  /** The allowance of the API subscription held by the team's owner, and its use this period. */
  const getQuota: Operation = {
    id: 'getQuota',
    tag: 'Team',
    summary: 'Get the API allowance',
    description: "The allowance of the API subscription held by the team's owner, and what is used of it this period.",
  };
  app.get('/api/v1/quota', route(getQuota, {}, { 200: R.Quota }), async (request) => {
    const { has_api_subscription, quota } = await teamApiQuota(db, apiTeam(request).id);
    return { has_api_subscription, quota };
  });

  const teamId = (request: FastifyRequest) => apiTeam(request).id;
  const itemId = (request: ItemRequest) => request.params.id;

  const listPronunciationsOp: Operation = {
    id: 'listPronunciations',
    tag: 'Pronunciations',
    summary: 'List pronunciations',
    description: "Every word the team's scripts say in a way of their own.",
  };
  app.get('/api/v1/pronunciations', route(listPronunciationsOp, {}, { 200: R.PronunciationList }), async (request) =>
    listPronunciations(ctx, teamId(request)),
  );

  const createPronunciation: Operation = {
    id: 'createPronunciation',
    tag: 'Pronunciations',
    summary: 'Add a pronunciation',
    description: 'How scripts say `word` from now on (`say_as`); a word already listed is replaced.',
    refusals: { 409: ['pronunciations_full'] },
    example: { word: 'Kagami', say_as: 'kah gah mee' },
  };
  app.post('/api/v1/pronunciations', creating(createPronunciation, pronunciationBody, { 201: R.Pronunciation }), async (request, reply) =>
    idempotent(db, teamId(request), request, reply, async () => ({
      status: 201,
      body: await savePronunciation(ctx, teamId(request), request.body),
    })),
  );

  const deletePronunciationOp: Operation = {
    id: 'deletePronunciation',
    tag: 'Pronunciations',
    summary: 'Delete a pronunciation',
    description: 'Scripts say the word as the voice would again.',
  };
  app.delete('/api/v1/pronunciations/:id', item(refusing(deletePronunciationOp, SENDS_BODY), DELETED), async (request, reply) => {
    await deletePronunciation(ctx, teamId(request), itemId(request));
    return reply.status(204).send();
  });

  const getBrandKitOp: Operation = {
    id: 'getBrandKit',
    tag: 'Brand kit',
    summary: 'Get the brand kit',
    description: "The team's colours, logo and fonts, which its videos are drawn in (unless made with `brand: false`).",
  };
  const signedLink = (request: FastifyRequest) => (category: 'avatar_output', file: string) =>
    signedUrl(ctx, baseUrlOf(request), category, file);
  app.get('/api/v1/brand-kit', route(getBrandKitOp, {}, { 200: BrandKit }), async (request) =>
    brandKitJson(ctx, teamId(request), signedLink(request)),
  );
  const saveBrandKitOp: Operation = {
    id: 'saveBrandKit',
    tag: 'Brand kit',
    summary: 'Replace the brand kit',
    description:
      'The whole kit: what the body leaves out is cleared. A font is an upload of purpose `font` (TTF, OTF or WOFF2); the logo an upload of purpose `image` (PNG, JPEG or WebP) or an image background.',
    refusals: mergeRefusals(SENDS_BODY, {
      400: ['validation_failed'],
      422: ['upload_not_ready', 'background_kind_mismatch', 'backgrounds_full'],
    }),
    example: { colors: ['#0F766E', '#F59E0B'], logo_upload_id: null, heading_font_upload_id: null, body_font_upload_id: null },
  };
  app.put('/api/v1/brand-kit', route(saveBrandKitOp, { body: brandKitField }, { 200: BrandKit }), async (request) =>
    saveBrandKit(ctx, teamId(request), null, request.body, signedLink(request)),
  );

  const listWebhooks: Operation = {
    id: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: "The team's endpoints and the secret their deliveries are signed with (Standard Webhooks).",
  };
  app.get('/api/v1/webhooks', route(listWebhooks, {}, { 200: R.WebhookList }), async (request) => ({
    data: await webhooks.listEndpoints(db, teamId(request)),
    signing_secret: await webhooks.signingSecret(db, teamId(request)),
  }));

  const createWebhook: Operation = {
    id: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint',
    description: 'An HTTPS address on the public internet, told of the events chosen.',
    refusals: {
      400: ['webhook_url_invalid', 'webhook_url_https_required', 'webhook_url_unresolvable', 'webhook_url_private'],
      409: ['webhook_endpoint_limit'],
    },
    example: { url: 'https://example.com/kagami/webhook', events: ['video.ready', 'video.failed'] },
  };
  app.post('/api/v1/webhooks', creating(createWebhook, webhookEndpointForm, { 201: R.WebhookEndpoint }), async (request, reply) =>
    idempotent(db, teamId(request), request, reply, async () => ({
      status: 201,
      body: await webhooks.addEndpoint(ctx, teamId(request), request.body),
    })),
  );

  const deleteWebhook: Operation = {
    id: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'The endpoint is told of nothing more; its pending deliveries are cancelled.',
  };
  app.delete('/api/v1/webhooks/:id', item(refusing(deleteWebhook, SENDS_BODY), DELETED), async (request, reply) => {
    await webhooks.removeEndpoint(db, teamId(request), itemId(request));
    return reply.status(204).send();
  });

  const testWebhook: Operation = {
    id: 'testWebhook',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` delivery to the endpoint; follow it in the delivery log.',
  };
  app.post('/api/v1/webhooks/:id/test', item(refusing(testWebhook, SENDS_BODY), { 202: R.DeliveryQueued }), async (request, reply) => {
    reply.status(202);
    return webhooks.sendTestEvent(ctx, teamId(request), itemId(request));
  });

  const listDeliveries: Operation = {
    id: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'List webhook deliveries',
    description: 'Every delivery to the team’s endpoints, newest first, with each attempt’s answer.',
  };
  app.get('/api/v1/webhooks/deliveries', listed(listDeliveries, R.WebhookDeliveryPage), async (request) => {
    const page = await teamPage<typeof webhookDeliveries.$inferSelect>(webhookDeliveries, request, request.query);
    return { ...page, data: await webhooks.withAttempts(db, page.data) };
  });

  const cancelDelivery: Operation = {
    id: 'cancelWebhookDelivery',
    tag: 'Webhooks',
    summary: 'Cancel a webhook delivery',
    description: 'A pending delivery is attempted no more.',
    refusals: { 409: ['delivery_not_pending'] },
  };
  app.post(
    '/api/v1/webhooks/deliveries/:id/cancel',
    item(refusing(cancelDelivery, SENDS_BODY), { 200: R.DeliveryCancelled }),
    async (request) => webhooks.cancelDelivery(db, teamId(request), itemId(request)),
  );

  const resendDelivery: Operation = {
    id: 'resendWebhookDelivery',
    tag: 'Webhooks',
    summary: 'Send a delivery again',
    description: 'Queues a new delivery of the same event and body to the same endpoint; never to an endpoint removed since.',
    refusals: { 409: ['webhook_endpoint_removed'] },
  };
  app.post(
    '/api/v1/webhooks/deliveries/:id/resend',
    item(refusing(resendDelivery, SENDS_BODY), { 202: R.DeliveryQueued }),
    async (request, reply) => {
      reply.status(202);
      return webhooks.resendDelivery(ctx, teamId(request), itemId(request));
    },
  );
}
