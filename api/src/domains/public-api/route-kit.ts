// How a route of the public API is declared: behind the team's key and its rate limit, documented with its operation,
// its answers and the refusals it can give; lists with cursor pages, items by id, creations with an Idempotency-Key.
import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import { SCENE_REFUSALS } from '../studio/video-creation';
import { apiTeam, requireApiKey } from './auth';
import { PageQuery } from './cursor';
import { documented, mergeRefusals, refusalResponses, successResponses, type Operation, type Refusals } from './operations';

/** The refusals of a creation sent with an Idempotency-Key. */
export const IDEMPOTENT: Refusals = {
  400: ['validation_failed', 'idempotency_key_invalid'],
  409: ['idempotency_key_in_use'],
  422: ['idempotency_key_reused'],
};
/** What a creation charged to the API subscription can be refused with. */
export const CHARGED = ['api_subscription_required', 'quota_exceeded'] as const;
/** What a call that may carry a body can be refused with before its handler runs: a body unreadable, too large or of another type. */
export const SENDS_BODY: Refusals = { 400: ['bad_request'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] };
export const DELETED = { 204: v.pipe(v.null(), v.description('Deleted; the answer has no body.')) };

export const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.invalid'));
export const ItemParams = v.object({ id: uuid });

/** What creating a video may be refused with (by the body, the webhook URL, the plan, the queue or a provider). */
export const VIDEO_REFUSALS: Refusals = {
  400: [
    'script_or_audio_required',
    'upload_not_ready',
    'voice_language_mismatch',
    'placement_needs_background',
    'background_kind_mismatch',
    'page_out_of_range',
    'text_too_long',
    'webhook_url_invalid',
    'webhook_url_https_required',
    'webhook_url_unresolvable',
    'webhook_url_private',
  ],
  402: CHARGED,
  404: ['not_found'],
  409: ['avatar_not_ready', 'voice_not_ready', 'document_not_ready'],
  422: SCENE_REFUSALS,
  503: ['capacity_exhausted', 'moderation_unavailable', 'speech_provider_unavailable'],
};

/** The schemas a route may check: its path, query and body. */
type RouteSchemas = { params?: v.GenericSchema; querystring?: v.GenericSchema; body?: v.GenericSchema };

export function publicRouteKit(ctx: AppContext) {
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
  const keyed = { preHandler: requireApiKey(ctx.db), config: perKey };
  /** A route's schemas, documented: its operation, its answers and the refusals it can give (each an ApiError). */
  const route = <Schema extends RouteSchemas>(operation: Operation, schema: Schema, answers: Record<number, v.GenericSchema>) => ({
    ...keyed,
    schema: { ...documented(operation), ...schema, response: { ...successResponses(answers), ...refusalResponses(operation.refusals) } },
  });
  const refusing = (operation: Operation, refusals: Refusals): Operation => ({
    ...operation,
    refusals: mergeRefusals(refusals, operation.refusals ?? {}),
  });
  const listed = (operation: Operation, page: v.GenericSchema) =>
    route(refusing(operation, { 400: ['validation_failed', 'cursor_invalid'] }), { querystring: PageQuery }, { 200: page });
  const item = (operation: Operation, answers: Record<number, v.GenericSchema>) =>
    route(refusing(operation, { 400: ['validation_failed'], 404: ['not_found'] }), { params: ItemParams }, answers);
  /** A creation, which takes an Idempotency-Key and checks its input. */
  const creating = <Body extends v.GenericSchema>(operation: Operation, body: Body, answers: Record<number, v.GenericSchema>) =>
    route(
      refusing(operation, mergeRefusals(IDEMPOTENT, SENDS_BODY)),
      { body: operation.example ? v.pipe(body, v.examples([operation.example])) : body },
      answers,
    );
  return { route, refusing, listed, item, creating };
}
