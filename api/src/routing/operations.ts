// How an app route (outside /api/v1) reads in the app's OpenAPI document (/api/docs), written beside the route: a
// stable verb-noun operationId, its tag, a summary, a description, what it answers when it succeeds, and the refusal
// codes particular to it. The refusals any app route can give (401, 429, …) are added by the document (http/app-document.ts).
import * as v from 'valibot';

export const APP_TAGS = [
  { name: 'Sign-in', description: 'Sign-up with an e-mailed code, sign-in, sessions, passwords and Google.' },
  { name: 'Account', description: "The signed-in user's profile, e-mail, data export and deletion." },
  { name: 'Teams', description: 'Teams, members, invitations and the current team.' },
  { name: 'Avatars', description: "The team's avatars." },
  { name: 'Voices', description: 'Built-in voices, voice models and spoken previews.' },
  { name: 'Videos', description: "The team's talking videos, their languages and layout previews." },
  { name: 'Backgrounds', description: "The team's background pictures and videos." },
  { name: 'Documents', description: "The team's PDF documents, rendered page by page into slides." },
  { name: 'Pronunciations', description: 'How the team’s scripts say particular words.' },
  { name: 'Brand kit', description: 'The team’s colours, logo and fonts, which its videos are drawn in.' },
  { name: 'Templates', description: 'Videos with `{{variables}}`, made one at a time or in batches from rows of values.' },
  { name: 'Uploads', description: 'Resumable uploads (tus 1.0) and the checks before them.' },
  { name: 'Sharing', description: 'Public links to a finished video, and what they serve.' },
  { name: 'Assets', description: 'Files of avatars, voices and videos, by signed link or session.' },
  { name: 'Webhooks', description: "The team's webhook endpoints, signing secret and deliveries." },
  { name: 'API keys', description: "The team's API key and its allowance." },
  { name: 'Billing', description: 'Plans, checkout, subscriptions, quota, history and the built-in billing pages.' },
  { name: 'Moderation', description: "The team's blocked terms for scripts." },
  { name: 'Service', description: 'Readiness, and the outbox of a deployment without SMTP.' },
  { name: 'Public API', description: 'The public API under /api/v1 (a team’s key in X-API-Key); see /api/v1/openapi.json.' },
] as const;

export type AppTag = (typeof APP_TAGS)[number]['name'];

/** Refusal codes particular to an operation, by status. */
export type AppRefusals = Partial<Record<number, readonly string[]>>;

export type AppOperation = {
  id: string;
  tag: AppTag;
  summary: string;
  description: string;
  /**
   * What it answers when it succeeds (and pages it answers with when it refuses), by status: a JSON shape as a valibot
   * schema (`json`), a file or page by media type (`file`, `page`), or no body (`none`, `redirect`). The answers are
   * built by the handler; the API tests check every answer against the document (api/test/contract.ts).
   */
  answers: Record<number, unknown>;
  /** The refusal codes particular to it: what its handler and the services it calls throw. */
  refusals?: AppRefusals;
};

/**
 * A route's `schema` documentation of its operation, spread into the route's schema beside its inputs. Its `refusals`
 * are read by the document only (Fastify and @fastify/swagger ignore the key), which adds to them those any app route
 * can give.
 */
export function documented(operation: AppOperation) {
  const { id, tag, summary, description, answers, refusals = {} } = operation;
  return { operationId: id, tags: [tag], summary, description, response: answers, refusals };
}

/** The refusal codes a route's schema documents (`documented`), or undefined for a route that documents its answers whole. */
export const refusalsOf = (schema: unknown): AppRefusals | undefined => (schema as { refusals?: AppRefusals } | undefined)?.refusals;

export const time = v.pipe(v.string(), v.isoTimestamp());
export const text = v.nullable(v.string());
/** An address of a file of the team's (`/assets/data/…`): it answers a session with a signed link to the file. */
export const asset = v.pipe(text, v.description('`/assets/data/{category}/{file}`, opened with the session; null when there is none.'));
export const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ items: v.array(item), page: v.number(), page_size: v.number(), total: v.number() });

/** A JSON answer, described. */
export const json = (description: string, schema: v.GenericSchema) => v.pipe(schema, v.description(description));
/** A file or page answer of one media type. */
export const file = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string', ...(mediaType.startsWith('text/') ? {} : { format: 'binary' }) } } },
});
/** An answer with no body. */
export const none = (description: string) => ({ type: 'null', description });
/** A redirect: `Location` says where. */
export const redirect = (description: string) => ({
  type: 'null',
  description,
  headers: { Location: { type: 'string', description: 'Where to go next.' } },
});
export const page = (description: string) => file(description, 'text/html');
export const deleted = { 204: none('Deleted; the answer has no body.') };
/** A stored file: whole, in part, or (where the media are in a bucket browsers reach) a redirect to the bucket's link. */
export const stored = (description: string, mediaType: string) => ({
  200: file(description, mediaType),
  206: file('The part of the file a `Range` asked for.', mediaType),
  302: redirect("To the bucket's link to the file, valid for a few minutes (media kept in an S3-compatible bucket)."),
  416: none('The `Range` asked for starts past the end of the file (`Content-Range` says its size).'),
});
/** `{ [flag]: true }`: the answer of a call that only says it was done. */
export const done = (flag: string) => v.object({ [flag]: v.literal(true) });
/** Refused to a member who is not an owner of the team. */
export const ownerOnly = { 403: ['forbidden'] } as const;
