// What each operation of the web app's API answers when it succeeds, for the app's OpenAPI document (/api/docs): a
// JSON shape as a valibot schema, a file or page by media type, or no body. The answers themselves are built by the
// routes; the API tests check every answer against this (api/test/contract.ts).
import * as v from 'valibot';
import {
  ASPECT_RATIOS,
  backgroundField,
  captionStyleField,
  CONTENT_LANGUAGES,
  EMPLOYEE_COUNTS,
  JOB_ROLES,
  PLACEMENTS,
  RESOLUTIONS,
  UI_LANGUAGES,
  AVATAR_STAGES,
} from '@kagami/shared/validation';
import {
  ConsentPhrase,
  DeliveryCancelled,
  DeliveryQueued,
  Pronunciation,
  PronunciationList,
  QuotaFigures,
  WebhookDelivery,
  WebhookEndpoint,
} from '../domains/public-api/responses';

const time = v.pipe(v.string(), v.isoTimestamp());
const text = v.nullable(v.string());
const status = v.picklist(['in_progress', 'ready', 'failed']);
/** An address of a file of the team's (`/assets/data/…`): it answers a session with a signed link to the file. */
const asset = v.pipe(text, v.description('`/assets/data/{category}/{file}`, opened with the session; null when there is none.'));
const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ items: v.array(item), page: v.number(), page_size: v.number(), total: v.number() });

const TeamSummary = v.pipe(
  v.object({ id: v.string(), name: v.string(), role: v.picklist(['owner', 'member']) }),
  v.title('AppTeamSummary'),
);
const Team = v.pipe(v.object({ ...TeamSummary.entries, keep_watermark: v.boolean(), created_at: time }), v.title('AppTeam'));
const TeamWithPlan = v.pipe(
  v.object({
    ...Team.entries,
    watermark_removal: v.pipe(v.boolean(), v.description("Whether the owner's plan lets the team take the watermark off.")),
  }),
  v.title('AppTeamWithPlan'),
);

const Profile = v.pipe(
  v.object({
    id: v.string(),
    name: text,
    email: v.string(),
    provider: v.picklist(['password', 'google']),
    company_name: text,
    number_of_employees: v.nullable(v.picklist(EMPLOYEE_COUNTS)),
    role: v.nullable(v.picklist(JOB_ROLES)),
    language: v.picklist(UI_LANGUAGES),
    teams: v.array(TeamSummary),
    current_team: v.nullable(TeamSummary),
    stripe_customer_id: text,
  }),
  v.title('Profile'),
);

const Session = v.pipe(v.object({ access_token: v.string(), token_type: v.literal('Bearer') }), v.title('Session'));
const CodeSent = v.pipe(
  v.object({ resend_after_seconds: v.pipe(v.number(), v.description('How long before another code may be asked for.')) }),
  v.title('CodeSent'),
);

const Avatar = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    status,
    reason: text,
    source_kind: v.picklist(['video', 'photo']),
    stage: v.nullable(v.picklist(['queued', ...AVATAR_STAGES])),
    progress: v.nullable(v.number()),
    preview: asset,
    default_voice_id: text,
    gender: v.nullable(v.picklist(['female', 'male'])),
    created_by: text,
    created_at: time,
    consent: v.object({
      text: text,
      given_by: text,
      given_at: v.nullable(time),
      method: v.picklist(['typed', 'video']),
      verified: v.boolean(),
      review: v.nullable(v.picklist(['language_unverified', 'recogniser_unavailable'])),
      clip: asset,
    }),
  }),
  v.title('AppAvatar'),
);

const Voice = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    status,
    reason: text,
    gender: v.nullable(v.picklist(['female', 'male'])),
    sample: asset,
    cloned_by: text,
    created_by: text,
    created_at: time,
  }),
  v.title('AppVoice'),
);

const Video = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    avatar_id: text,
    voice_id: v.pipe(text, v.description('The voice model or built-in voice that speaks the script; null for uploaded audio.')),
    language: v.string(),
    status,
    reason: text,
    creator: v.pipe(text, v.description('The member who made it; null when made through the public API.')),
    created_by: text,
    created_via: v.picklist(['app', 'api']),
    duration_seconds: v.nullable(v.number()),
    segments: v.pipe(
      v.nullable(v.object({ done: v.number(), total: v.number() })),
      v.description('While a long video is rendered in parts by several workers: how many parts there are and how many are made.'),
    ),
    subtitles: v.boolean(),
    speed: v.number(),
    aspect_ratio: v.picklist(ASPECT_RATIOS),
    resolution: v.picklist(RESOLUTIONS),
    background: v.nullable(backgroundField),
    placement: v.object({ position: v.picklist(PLACEMENTS), scale: v.number() }),
    captions: v.object({ burn_in: v.boolean(), style: v.nullable(captionStyleField), srt: asset, vtt: asset }),
    thumbnail: asset,
    engine: v.pipe(text, v.description('What made the talking face of a ready video: `local` or the lip-sync provider.')),
    downloadable: v.boolean(),
    download: asset,
    created_at: time,
  }),
  v.title('AppVideo'),
);

const LibraryVoice = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.pipe(text, v.description("Null for a speech provider's voice, which speaks every language.")),
    gender: v.nullable(v.picklist(['female', 'male'])),
    accent: text,
    engine: v.string(),
    preview_url: v.string(),
  }),
  v.title('LibraryVoice'),
);

const Background = v.pipe(
  v.object({ id: v.string(), kind: v.picklist(['image', 'video']), name: v.string(), preview: asset, created_at: time }),
  v.title('Background'),
);

const Share = v.pipe(
  v.union([
    v.object({ shared: v.literal(false) }),
    v.object({
      shared: v.literal(true),
      url: v.string(),
      embed_url: v.string(),
      embed_html: v.string(),
      allow_download: v.boolean(),
      views: v.number(),
      created_at: time,
    }),
  ]),
  v.title('Share'),
);

const PlanFeatures = {
  alias: v.string(),
  product_type: v.picklist(['app', 'api']),
  avatar_slots: v.number(),
  custom_avatars_per_month: v.number(),
  video_minutes_per_month: v.number(),
  custom_voices_per_month: v.number(),
  audio_minutes_per_month: v.number(),
  watermark_removal: v.boolean(),
  commercial_use: v.boolean(),
  contact_sales: v.boolean(),
};
const interval = v.picklist(['month', 'year']);
const currency = v.picklist(['usd', 'jpy']);
const Subscription = v.pipe(
  v.object({
    plan: v.object({ ...PlanFeatures, price_id: text, interval: v.nullable(interval), currency: v.nullable(currency) }),
    status: v.string(),
    current_period_start: v.nullable(time),
    current_period_end: v.nullable(time),
    cancel_at_period_end: v.boolean(),
  }),
  v.title('Subscription'),
);
const Quota = v.pipe(QuotaFigures, v.title('AppQuota'));

const BlockedTerms = v.object({ blocked_terms: v.array(v.string()) });

const HistoryRow = v.pipe(
  v.object({
    created_at: time,
    type: v.picklist(['video_generation', 'avatar_model_creation', 'audio_generation', 'voice_model_creation']),
    name: v.string(),
    duration_minutes: v.number(),
    creator: text,
    created_via: v.picklist(['app', 'api']),
  }),
  v.title('HistoryRow'),
);

const Export = v.pipe(
  v.object({
    exported_at: time,
    links_valid_seconds: v.number(),
    account: v.object({
      id: v.string(),
      email: v.string(),
      name: text,
      company_name: text,
      number_of_employees: text,
      role: text,
      language: v.string(),
      created_at: time,
    }),
    teams: v.array(
      v.looseObject({
        ...TeamSummary.entries,
        avatars: v.array(v.looseObject({ id: v.string(), name: v.string(), source_url: text })),
        voices: v.array(v.looseObject({ id: v.string(), name: v.string(), sample_url: text })),
        videos: v.array(v.looseObject({ id: v.string(), title: v.string(), script: text, video_url: text })),
      }),
    ),
  }),
  v.title('DataExport'),
);

/** A JSON answer, described. */
const json = (description: string, schema: v.GenericSchema) => v.pipe(schema, v.description(description));
/** A file or page answer of one media type. */
const file = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string', ...(mediaType.startsWith('text/') ? {} : { format: 'binary' }) } } },
});
/** An answer with no body. */
const none = (description: string) => ({ type: 'null', description });
/** A redirect: `Location` says where. */
const redirect = (description: string) => ({
  type: 'null',
  description,
  headers: { Location: { type: 'string', description: 'Where to go next.' } },
});
const page = (description: string) => file(description, 'text/html');
const deleted = { 204: none('Deleted; the answer has no body.') };
/** A stored file: whole, in part, or (where the media are in a bucket browsers reach) a redirect to the bucket's link. */
const stored = (description: string, mediaType: string) => ({
  200: file(description, mediaType),
  206: file('The part of the file a `Range` asked for.', mediaType),
  302: redirect("To the bucket's link to the file, valid for a few minutes (media kept in an S3-compatible bucket)."),
  416: none('The `Range` asked for starts past the end of the file (`Content-Range` says its size).'),
});
const unshared = { 404: page('A page saying the video is not shared (the link was turned off, or never was).') };
const alreadyPaid = { 409: page('A page saying the checkout is already paid.') };
const portalExpired = { 401: page('A page saying the portal link is forged or has expired.') };
const DONE = (flag: string) => v.object({ [flag]: v.literal(true) });

/** Success answers by operation (`METHOD /path` as the document writes it). */
export const APP_ANSWERS: Record<string, Record<number, unknown>> = {
  'POST /api/auth/send-verification-code': { 202: json('The code was sent.', CodeSent) },
  'POST /api/auth/resend-code': { 202: json('A new code was sent.', CodeSent) },
  'POST /api/auth/verify-code': { 200: json('The code is right.', DONE('verified')) },
  'POST /api/auth/signup': {
    201: json(
      'The account exists; `token` is its session, and `joined_team` the team an invitation code joined (null when none did).',
      v.object({ token: v.string(), joined_team: v.nullable(v.object({ id: v.string(), name: v.string() })) }),
    ),
  },
  'POST /api/auth/change-password': { 200: json('Changed; the other sessions are ended.', DONE('changed')) },
  'POST /api/auth/forgot-password': { 202: json('Accepted (the same whether or not the address has an account).', DONE('accepted')) },
  'POST /api/auth/reset-password': { 200: json('Reset; every session of the account is ended.', DONE('reset')) },
  'POST /api/check-email': { 200: json('The address can sign up.', DONE('available')) },
  'POST /api/login': { 200: json('Signed in.', Session) },
  'POST /api/logout': { 204: none('Signed out.') },
  'GET /api/refresh': { 200: json('A new session; the old one is ended.', Session) },
  'POST /api/google/login': { 200: json('Signed in.', Session) },
  'POST /api/google/signup': { 200: json('Signed up (or in, when the address already has an account).', Session) },
  'POST /api/google/link': { 200: json('The Google identity is linked to the account; signed in.', Session) },
  'GET /api/profile': { 200: json('The profile.', Profile) },
  'PUT /api/users/update-profile': { 200: json('The profile as changed.', Profile) },
  'POST /api/users/change-email-request': { 202: json('A code was sent to the new address.', CodeSent) },
  'POST /api/users/change-email-verify-otp': { 200: json('The profile with its new address.', Profile) },
  'PUT /api/users/current-team': { 200: json('The profile with its new current team.', Profile) },
  'GET /api/users/export': { 200: json("The account's data, with signed links to its files.", Export) },
  'DELETE /api/users/{id}': { 204: none('The account is deleted.') },

  'GET /api/teams': { 200: json("The caller's teams.", v.array(TeamSummary)) },
  'POST /api/teams': { 201: json('The new team, owned by the caller and now current.', Team) },
  'POST /api/teams/join': { 200: json('The team joined.', Team) },
  'GET /api/invitations/preview': {
    200: json(
      'Who invites to which team.',
      v.object({ team_name: v.string(), inviter_name: v.pipe(text, v.description("The inviter's name or e-mail address.")) }),
    ),
  },
  'GET /api/teams/{teamId}': { 200: json('The team.', TeamWithPlan) },
  'PUT /api/teams/{teamId}': { 200: json('The team as changed.', TeamWithPlan) },
  'GET /api/teams/{teamId}/members': {
    200: json(
      'Members, and invitations not yet accepted.',
      v.object({
        members: v.array(
          v.object({ user_id: v.string(), name: text, email: v.string(), role: v.picklist(['owner', 'member']), joined_at: time }),
        ),
        invitations: v.array(
          v.object({ id: v.string(), email: v.string(), language: v.picklist(UI_LANGUAGES), expires_at: time, created_at: time }),
        ),
      }),
    ),
  },
  'POST /api/teams/{teamId}/invitations': {
    201: json('The invitation was e-mailed.', v.object({ id: v.string(), email: v.string(), expires_at: time })),
  },
  'DELETE /api/teams/{teamId}/invitations/{invitationId}': { 204: none('The invitation is revoked.') },
  'DELETE /api/teams/{teamId}/members/{userId}': { 204: none('The member is removed (or left).') },

  'GET /api/teams/{teamId}/api-key': {
    200: json(
      'Whether the team has a key, and its visible prefix.',
      v.object({ exists: v.boolean(), prefix: text, created_at: v.nullable(time) }),
    ),
  },
  'POST /api/teams/{teamId}/api-key': {
    201: json(
      'The new key, shown this once; the old one stops working.',
      v.object({ api_key: v.string(), prefix: v.string(), created_at: time }),
    ),
  },
  'GET /api/teams/{teamId}/api-quota': {
    200: json(
      "The API plan the team's key is charged to, and what it has used.",
      v.object({ has_api_subscription: v.boolean(), quota: v.nullable(Quota), owner_is_you: v.boolean() }),
    ),
  },

  'GET /api/teams/{teamId}/avatars': { 200: json('A page of avatars, newest first.', pageOf(Avatar)) },
  'POST /api/teams/{teamId}/avatars': { 202: json('Accepted: the avatar is being made.', Avatar) },
  'GET /api/teams/{teamId}/avatars/consent-phrase': { 200: json('The phrase to read.', ConsentPhrase) },
  'GET /api/teams/{teamId}/avatars/{id}': { 200: json('The avatar.', Avatar) },
  'DELETE /api/teams/{teamId}/avatars/{id}': deleted,
  'GET /api/teams/{teamId}/voices': { 200: json('A page of voice models, newest first.', pageOf(Voice)) },
  'POST /api/teams/{teamId}/voices': { 202: json('Accepted: the voice model is being made.', Voice) },
  'GET /api/teams/{teamId}/voices/{id}': { 200: json('The voice model.', Voice) },
  'DELETE /api/teams/{teamId}/voices/{id}': deleted,
  'POST /api/teams/{teamId}/voice-preview': { 200: file('The text spoken (WAV).', 'audio/wav') },
  'GET /api/voices/builtin': {
    200: json(
      "The built-in voices, then the speech provider's.",
      v.object({
        data: v.array(LibraryVoice),
        clones_with: v.pipe(text, v.description('The provider that clones a recording into a voice model; null: made here.')),
      }),
    ),
  },
  'GET /api/voices/builtin/{id}/preview': { 200: file('A sample sentence in the voice (MP3).', 'audio/mpeg') },
  'GET /api/teams/{teamId}/languages': {
    200: json('The languages a video can be made in.', v.object({ languages: v.array(v.picklist(CONTENT_LANGUAGES)) })),
  },
  'GET /api/teams/{teamId}/videos': { 200: json('A page of videos, newest first.', pageOf(Video)) },
  'POST /api/teams/{teamId}/videos': { 202: json('Accepted: the video is being made.', Video) },
  'GET /api/teams/{teamId}/videos/{id}': { 200: json('The video.', Video) },
  'DELETE /api/teams/{teamId}/videos/{id}': deleted,
  'POST /api/teams/{teamId}/layout-preview': { 200: file('A still of the layout (JPEG).', 'image/jpeg') },
  'GET /api/teams/{teamId}/events': {
    200: file(
      'Server-sent events: `ready` (`{watching}`), then `status` (`{kind, id, status, reason}`) and `progress` (`{kind, id, stage, progress}`) as items change; `end` (`{reason}`: `session_ended` or `membership_ended`) just before the server closes the stream.',
      'text/event-stream',
    ),
  },
  'GET /api/teams/{teamId}/videos/{id}/share': { 200: json('Whether the video has a public page, and its links.', Share) },
  'PUT /api/teams/{teamId}/videos/{id}/share': { 200: json('The public page, on.', Share) },
  'DELETE /api/teams/{teamId}/videos/{id}/share': { 204: none('The public page is off; its link stops working.') },
  'GET /share/{token}': { 200: page('The watch page.'), ...unshared },
  'GET /share/{token}/embed': { 200: page('The player alone, for an iframe.'), ...unshared },
  'GET /share/{token}/video.mp4': { ...stored('The video (MP4).', 'video/mp4'), ...unshared },
  'GET /share/{token}/download': { ...stored('The video as an attachment (MP4).', 'video/mp4'), ...unshared },
  'GET /share/{token}/poster.jpg': { ...stored('The poster frame (JPEG).', 'image/jpeg'), ...unshared },
  'GET /share/{token}/captions.vtt': { ...stored('The captions (WebVTT).', 'text/vtt'), ...unshared },
  'GET /api/teams/{teamId}/backgrounds': { 200: json("The team's backgrounds, newest first.", v.object({ data: v.array(Background) })) },
  'POST /api/teams/{teamId}/backgrounds': { 201: json('The background, made from its upload.', Background) },
  'DELETE /api/teams/{teamId}/backgrounds/{id}': deleted,
  'GET /api/teams/{teamId}/pronunciations': { 200: json("The team's pronunciations.", PronunciationList) },
  'POST /api/teams/{teamId}/pronunciations': { 201: json('The pronunciation (replacing one of the same word).', Pronunciation) },
  'DELETE /api/teams/{teamId}/pronunciations/{id}': deleted,
  'POST /api/teams/{teamId}/uploads/check': { 200: json('The upload would be accepted.', DONE('allowed')) },

  'GET /api/teams/{teamId}/webhooks': {
    200: json(
      "The team's endpoints, and the signing secret (owners only; null for members).",
      v.object({ endpoints: v.array(WebhookEndpoint), signing_secret: text }),
    ),
  },
  'POST /api/teams/{teamId}/webhooks': { 201: json('The endpoint.', WebhookEndpoint) },
  'DELETE /api/teams/{teamId}/webhooks/{id}': deleted,
  'POST /api/teams/{teamId}/webhooks/{id}/test': { 202: json('A `webhook.test` delivery is queued.', DeliveryQueued) },
  'POST /api/teams/{teamId}/webhooks/secret': { 200: json('The new signing secret.', v.object({ signing_secret: v.string() })) },
  'GET /api/teams/{teamId}/webhooks/deliveries': { 200: json('A page of deliveries, newest first.', pageOf(WebhookDelivery)) },
  'POST /api/teams/{teamId}/webhooks/deliveries/{id}/cancel': { 200: json('The delivery will not be tried again.', DeliveryCancelled) },
  'POST /api/teams/{teamId}/webhooks/deliveries/{id}/resend': { 202: json('A new delivery of the same event is queued.', DeliveryQueued) },
  'GET /api/teams/{teamId}/moderation': { 200: json('The blocked terms.', BlockedTerms) },
  'PUT /api/teams/{teamId}/moderation': { 200: json('The blocked terms as saved.', BlockedTerms) },
  'GET /api/teams/{teamId}/history': { 200: json('A page of the usage history, newest first.', pageOf(HistoryRow)) },
  'GET /api/teams/{teamId}/history.csv': { 200: file('The usage history of the filter, as CSV.', 'text/csv') },

  'GET /api/stripe/personal-plans': {
    200: json(
      'The plans of a product type, with their prices (in the currency’s smallest unit).',
      v.object({
        plans: v.array(
          v.object({
            ...PlanFeatures,
            prices: v.array(v.object({ id: v.string(), interval, currency, unit_amount: v.number() })),
          }),
        ),
      }),
    ),
  },
  'POST /api/stripe/create-checkout-session': {
    200: json('The checkout to send the user to.', v.object({ session_id: v.string(), url: v.string() })),
  },
  'POST /api/stripe/customer-session': { 200: json("The user's customer at the payment provider.", v.object({ customer_id: v.string() })) },
  'POST /api/stripe/billing-portal-session': { 200: json('The billing portal to send the user to.', v.object({ url: v.string() })) },
  'GET /api/users/subscription': { 200: json('The app plan.', v.object({ subscription: Subscription })) },
  'GET /api/users/api-subscription': {
    200: json('The API plan, if any.', v.object({ has_api_subscription: v.boolean(), subscription: v.nullable(Subscription) })),
  },
  'GET /api/users/quota': {
    200: json(
      'The allowance the current team counts against, and what is used.',
      v.object({ quota: v.object({ ...Quota.entries, owner_is_you: v.boolean() }) }),
    ),
  },
  'POST /api/contact-sales': { 201: json('The enquiry is recorded and sent to sales.', v.object({ id: v.string() })) },
  'GET /api/billing/checkout/{id}': { 200: page('The checkout page.'), ...alreadyPaid },
  'POST /api/billing/checkout/{id}': {
    303: redirect('Paid: to the success address.'),
    400: page('The checkout page again, saying what is wrong with the card.'),
    ...alreadyPaid,
  },
  'GET /api/billing/checkout/{id}/cancel': { 303: redirect('To the cancel address.') },
  'GET /api/billing/portal/{token}': { 200: page('The billing portal.'), ...portalExpired },
  'POST /api/billing/portal/{token}/change': { 303: redirect('Changed: back to the portal.'), ...portalExpired },
  'POST /api/billing/portal/{token}/cancel': { 303: redirect('Cancelled at the period end: back to the portal.'), ...portalExpired },
  'POST /api/billing/portal/{token}/resume': { 303: redirect('Resumed: back to the portal.'), ...portalExpired },
  'GET /api/billing/portal/{token}/invoices/{invoiceId}.pdf': { 200: file('The invoice (PDF).', 'application/pdf'), ...portalExpired },

  'GET /assets/signed/{category}/{file}': stored('The file, in its own media type (video, picture, sound or captions).', '*/*'),
  'GET /assets/data/{category}/{file}': { 302: redirect('To a signed link to the file, valid for a few minutes.') },
  'GET /api/health': {
    200: json(
      'Ready: the database answers.',
      v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']), mail: v.picklist(['smtp', 'outbox']) }),
    ),
    503: json(
      'Not ready: the database does not answer.',
      v.object({ status: v.literal('unavailable'), database: v.picklist(['pglite', 'postgres']) }),
    ),
  },
  'GET /api/dev/mailbox': {
    200: json(
      'The outbox’s messages to the address, newest first.',
      v.object({
        messages: v.array(
          v.object({ id: v.string(), to: v.string(), subject: v.string(), text: v.string(), html: v.string(), created_at: time }),
        ),
      }),
    ),
  },
};

const emailInUse = ['email_taken', 'email_unavailable'];
const codeChecked = { 400: ['code_invalid'], 410: ['code_expired'], 429: ['code_attempts_exceeded'] };
const google = {
  401: ['google_token_invalid'],
  403: ['google_email_unverified'],
  404: ['google_not_configured'],
  // `google_link_required` comes with `link_token` and `email`: a code went there, and POST /api/google/link takes both.
  409: ['email_unavailable', 'google_link_required'],
  429: ['too_many_requests'],
};
const ownerOnly = { 403: ['forbidden'] };

/**
 * The refusal codes particular to an operation, by status, beside those any app route can give (app-document.ts):
 * what its handler and the services it calls throw.
 */
export const APP_REFUSALS: Record<string, Record<number, readonly string[]>> = {
  'POST /api/auth/send-verification-code': { 409: emailInUse, 429: ['too_many_requests'] },
  'POST /api/auth/resend-code': { 409: emailInUse, 429: ['too_many_requests'] },
  'POST /api/auth/verify-code': codeChecked,
  'POST /api/auth/signup': { ...codeChecked, 409: emailInUse },
  'POST /api/auth/change-password': { 400: ['password_incorrect'], 403: ['email_managed_by_provider'] },
  'POST /api/auth/forgot-password': { 429: ['too_many_attempts'] },
  'POST /api/auth/reset-password': { 401: ['reset_link_invalid'] },
  'POST /api/check-email': { 409: emailInUse },
  'POST /api/login': { 401: ['invalid_credentials'], 429: ['sign_in_slow_down', 'too_many_attempts', 'account_locked'] },
  'POST /api/google/login': google,
  'POST /api/google/signup': google,
  'POST /api/google/link': { ...codeChecked, 401: ['google_link_invalid'], 409: ['google_account_linked_elsewhere'] },
  'POST /api/users/change-email-request': {
    403: ['email_managed_by_provider'],
    409: emailInUse,
    429: ['too_many_attempts', 'too_many_requests'],
  },
  'POST /api/users/change-email-verify-otp': {
    ...codeChecked,
    403: ['email_managed_by_provider'],
    409: emailInUse,
    429: ['too_many_attempts', 'code_attempts_exceeded'],
  },
  'DELETE /api/users/{id}': { 400: ['email_confirmation_mismatch'], 403: ['forbidden'], 409: ['team_has_members'] },
  'POST /api/teams/join': {
    403: ['invitation_wrong_email'],
    404: ['invitation_invalid'],
    409: ['already_member', 'invitation_used'],
    410: ['invitation_expired'],
    429: ['too_many_attempts'],
  },
  'GET /api/invitations/preview': { 404: ['invitation_invalid'], 409: ['invitation_used'], 410: ['invitation_expired'] },
  'PUT /api/users/current-team': { 404: ['not_found'] },
  'PUT /api/teams/{teamId}': ownerOnly,
  'POST /api/teams/{teamId}/invitations': { ...ownerOnly, 409: ['already_member'], 502: ['invitation_send_failed'] },
  'DELETE /api/teams/{teamId}/invitations/{invitationId}': ownerOnly,
  'DELETE /api/teams/{teamId}/members/{userId}': { ...ownerOnly, 409: ['last_owner'] },
  'POST /api/teams/{teamId}/api-key': ownerOnly,
  'POST /api/teams/{teamId}/avatars': {
    400: ['consent_required', 'upload_not_ready', 'unsupported_video_format'],
    402: ['quota_exceeded'],
    422: ['consent_required'],
    503: ['capacity_exhausted'],
  },
  'POST /api/teams/{teamId}/voices': { 400: ['upload_not_ready'], 402: ['quota_exceeded'], 503: ['capacity_exhausted'] },
  'DELETE /api/teams/{teamId}/voices/{id}': { 503: ['speech_provider_unavailable'] },
  'POST /api/teams/{teamId}/voice-preview': {
    400: ['text_too_long', 'voice_language_mismatch'],
    409: ['voice_not_ready'],
    422: ['script_refused'],
    503: ['speech_provider_unavailable', 'moderation_unavailable'],
  },
  'POST /api/teams/{teamId}/videos': {
    400: [
      'background_kind_mismatch',
      'placement_needs_background',
      'script_or_audio_required',
      'text_too_long',
      'upload_not_ready',
      'voice_language_mismatch',
    ],
    402: ['quota_exceeded'],
    409: ['avatar_not_ready', 'voice_not_ready'],
    422: ['script_refused'],
    503: ['capacity_exhausted', 'moderation_unavailable'],
  },
  'POST /api/teams/{teamId}/layout-preview': { 400: ['background_kind_mismatch', 'placement_needs_background'], 409: ['avatar_not_ready'] },
  'POST /api/teams/{teamId}/backgrounds': { 400: ['upload_not_ready'], 409: ['backgrounds_full'] },
  'POST /api/teams/{teamId}/pronunciations': { 409: ['pronunciations_full'] },
  'POST /api/teams/{teamId}/uploads/check': {
    400: ['file_empty'],
    402: ['quota_exceeded'],
    413: ['video_too_large', 'image_too_large', 'audio_too_large'],
  },
  'POST /api/teams/{teamId}/webhooks': {
    ...ownerOnly,
    400: ['webhook_url_invalid', 'webhook_url_https_required', 'webhook_url_unresolvable', 'webhook_url_private'],
    409: ['webhook_endpoint_limit'],
  },
  'DELETE /api/teams/{teamId}/webhooks/{id}': ownerOnly,
  'POST /api/teams/{teamId}/webhooks/{id}/test': ownerOnly,
  'POST /api/teams/{teamId}/webhooks/secret': ownerOnly,
  'POST /api/teams/{teamId}/webhooks/deliveries/{id}/cancel': { ...ownerOnly, 409: ['delivery_not_pending'] },
  'POST /api/teams/{teamId}/webhooks/deliveries/{id}/resend': { ...ownerOnly, 409: ['webhook_endpoint_removed'] },
  'GET /api/teams/{teamId}/events': { 429: ['too_many_streams'] },
  'PUT /api/teams/{teamId}/moderation': { ...ownerOnly, 400: ['blocked_terms_full', 'blocked_term_too_long'] },
  'POST /api/stripe/create-checkout-session': {
    400: ['invalid_redirect', 'price_unavailable'],
    403: ['forbidden'],
    409: ['currency_mismatch'],
  },
  'POST /api/stripe/customer-session': { 403: ['forbidden'] },
  'POST /api/stripe/billing-portal-session': { 400: ['invalid_redirect'] },
  'GET /assets/signed/{category}/{file}': { 403: ['asset_link_expired'] },
};
