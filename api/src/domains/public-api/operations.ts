// How each /api/v1 operation reads in the OpenAPI document: a stable verb-noun operationId, a summary and description,
// its tag, and every refusal it can answer with (status, the codes it carries and what each means).
import * as v from 'valibot';
import { messageTemplate } from '../../lib/messages';
import { ApiError } from './responses';

export const TAGS = [
  { name: 'Team', description: "The team of the API key, and its API subscription's allowance." },
  { name: 'Avatars', description: 'People made from footage or one photo, with the consent of the person filmed.' },
  { name: 'Voices', description: 'Built-in voices, the speech provider’s voices and the team’s voice models.' },
  { name: 'Videos', description: 'Talking videos of an avatar from a script or uploaded audio.' },
  { name: 'Pronunciations', description: 'How the team’s scripts say particular words.' },
  { name: 'Brand kit', description: 'The team’s colours, logo and fonts, which its videos are drawn in.' },
  { name: 'Templates', description: 'Videos with `{{variables}}`, made one at a time or in batches from rows of values.' },
  { name: 'Webhooks', description: 'Endpoints told when work finishes, signed per Standard Webhooks, and their deliveries.' },
  { name: 'Content Credentials', description: 'Whether a file is a Kagami video, whose, and whether it changed.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];
type Status = 400 | 401 | 402 | 404 | 409 | 413 | 415 | 422 | 429 | 503;
export type Refusals = Partial<Record<Status, readonly string[]>>;

export type Operation = {
  id: string;
  tag: Tag;
  summary: string;
  description: string;
  refusals?: Refusals;
  /** A request body that works, shown in the reference. */
  example?: Record<string, unknown>;
};

/** What any call can be refused with: the key, the rate limits and the database. */
const EVERY_CALL: Refusals = {
  401: ['api_key_required', 'api_key_invalid'],
  429: ['rate_limited', 'too_many_wrong_keys'],
  503: ['database_unavailable'],
};

const STATUS_NAMES: Record<Status, string> = {
  400: 'The request is not valid',
  401: 'No valid API key',
  402: 'Not within the API subscription',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Understood but refused',
  429: 'Too many requests',
  503: 'Unavailable for now',
};

/** Refusals added together, per status, each code once. */
export function mergeRefusals(...all: Refusals[]): Refusals {
  const merged: Refusals = {};
  for (const refusals of all) {
    for (const [status, codes] of Object.entries(refusals) as [`${Status}`, readonly string[]][]) {
      merged[Number(status) as Status] = [...new Set([...(merged[Number(status) as Status] ?? []), ...codes])];
    }
  }
  return merged;
}

/** Each status's answer: the error object, described by the codes it carries and their messages. */
export function refusalResponses(refusals: Refusals = {}): Record<number, v.GenericSchema> {
  const all = mergeRefusals(EVERY_CALL, refusals);
  return Object.fromEntries(
    Object.entries(all).map(([status, codes]) => [
      Number(status),
      v.pipe(
        ApiError,
        v.description(
          `${STATUS_NAMES[Number(status) as Status]}: ${codes!.map((code) => `\`${code}\` (${messageTemplate(code)})`).join('; ')}.`,
        ),
      ),
    ]),
  );
}

const SUCCESS_NAMES: Record<number, string> = {
  200: 'Done.',
  201: 'Created.',
  202: 'Accepted: the work has begun. Follow it by polling the item or by webhook.',
};

/** A route's answers, each success described by its status. */
export const successResponses = (answers: Record<number, v.GenericSchema>): Record<number, v.GenericSchema> =>
  Object.fromEntries(
    Object.entries(answers).map(([status, schema]) => [
      Number(status),
      SUCCESS_NAMES[Number(status)] ? v.pipe(schema, v.description(SUCCESS_NAMES[Number(status)]!)) : schema,
    ]),
  );

/** The documentation keys of a route's schema. */
export const documented = (operation: Operation) => ({
  operationId: operation.id,
  summary: operation.summary,
  description: operation.description,
  tags: [operation.tag],
});
