// The shapes /api/v1 answers with, as valibot schemas: they document the answers in the OpenAPI
// document (and so type the generated client); the answers themselves are built in serialize.ts.
import * as v from 'valibot';
import { AVATAR_STAGES, WEBHOOK_EVENTS } from '@kagami/shared/validation';
import { status, videoFields } from '../studio/video-shape';

const time = v.pipe(v.string(), v.isoTimestamp());
const text = v.nullable(v.string());

export const Avatar = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    status,
    failure_reason: text,
    source_kind: v.pipe(v.picklist(['video', 'photo']), v.description('Made from footage, or from one photo.')),
    stage: v.pipe(
      v.nullable(v.picklist(['queued', ...AVATAR_STAGES])),
      v.description('While in progress, the step processing is on; otherwise null.'),
    ),
    progress: v.pipe(
      v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
      v.description('How far processing is, 0-100: 100 once ready, null when failed.'),
    ),
    preview_url: text,
    default_voice_id: text,
    consent: v.pipe(
      v.object({
        method: v.pipe(v.picklist(['typed', 'video']), v.description('The typed statement alone, or also a consent clip.')),
        verified: v.pipe(v.boolean(), v.description('The consent clip showed the same person, live and speaking, reading the code.')),
        review: v.pipe(
          v.nullable(v.picklist(['language_unverified', 'recogniser_unavailable'])),
          v.description("Set while an operator is to confirm the clip's phrase (a language the recogniser does not hear)."),
        ),
      }),
      v.description('How the person filmed agreed to become this avatar.'),
    ),
    created_at: time,
  }),
  v.title('Avatar'),
  v.examples([
    {
      id: '7b2f0c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e',
      name: 'Presenter',
      language: 'en',
      status: 'in_progress',
      failure_reason: null,
      source_kind: 'video',
      stage: 'tracking_mouth',
      progress: 45,
      preview_url: null,
      default_voice_id: null,
      consent: { method: 'video', verified: true, review: null },
      created_at: '2026-11-26T16:58:00.000Z',
    },
  ]),
);

/** A consent phrase to read in the consent clip. */
export const ConsentPhrase = v.pipe(
  v.object({
    phrase: v.pipe(v.string(), v.description('What the person reads on camera: it names them and carries a one-time code.')),
    expires_at: v.pipe(time, v.description('The clip must be recorded (its upload begun) before this; the phrase is used by one avatar.')),
    required: v.pipe(v.boolean(), v.description('Whether this Kagami needs a consent clip to make an avatar (AVATAR_CONSENT=video).')),
  }),
  v.title('ConsentPhrase'),
  v.examples([
    {
      phrase: 'I am Aiko Tanaka, and I agree that Kagami may make an avatar of my face and voice. My code is 4 7 2 9.',
      expires_at: '2026-11-26T17:30:00.000Z',
      required: true,
    },
  ]),
);

export const Voice = v.pipe(
  v.object({
    id: v.string(),
    /** `builtin` (this install's), `provider` (the speech provider's, any language) or `custom` (a voice model of the team). */
    kind: v.picklist(['builtin', 'provider', 'custom']),
    name: v.string(),
    /** Null for a provider's voice, which speaks every language. */
    language: v.nullable(v.string()),
    /** The speech provider that cloned a voice model's speaker (`elevenlabs`); null for a voice made here. */
    cloned_by: v.nullable(v.string()),
    /** A built-in voice's; a voice model's as its measured pitch suggests (null until measured). */
    gender: v.nullable(v.picklist(['female', 'male'])),
    status,
    failure_reason: text,
    sample_url: text,
    /** A short sample of the voice to play (a voice model's is signed and expires). */
    preview_url: text,
    created_at: v.nullable(time),
  }),
  v.title('Voice'),
  v.examples([
    {
      id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
      kind: 'custom',
      name: 'My voice',
      language: 'en',
      cloned_by: null,
      gender: 'female',
      status: 'ready',
      failure_reason: null,
      sample_url: 'https://kagami.example.com/assets/signed/audio_output/5e6f7a8b.wav?exp=1795000000&sig=…',
      preview_url: 'https://kagami.example.com/assets/signed/audio_output/5e6f7a8b.wav?exp=1795000000&sig=…',
      created_at: '2026-11-26T16:40:00.000Z',
    },
  ]),
);

export const Video = v.pipe(
  v.object({
    id: v.string(),
    title: v.string(),
    ...videoFields,
    failure_reason: text,
    /** Word-timed captions of a script video (null links for uploaded audio); burned in when `burn_in`. */
    captions: v.object({ ...videoFields.captions.entries, srt_url: text, vtt_url: text }),
    /** A poster frame of the finished video (JPEG), signed like download_url. */
    thumbnail_url: text,
    callback_url: text,
    /** Signed; works without the key until download_url_expires_at. */
    download_url: text,
    download_url_expires_at: v.nullable(time),
  }),
  v.title('Video'),
  v.examples([
    {
      id: '2d9c7e4a-1b3f-4c5d-9e8f-0a1b2c3d4e5f',
      title: 'Welcome',
      avatar_id: '7b2f0c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e',
      voice_id: 'builtin-en-emma',
      language: 'en',
      status: 'ready',
      failure_reason: null,
      duration_seconds: 6.4,
      subtitles: true,
      speed: 1,
      aspect_ratio: '9:16',
      resolution: '1080p',
      background: null,
      placement: { position: 'full', scale: 1 },
      captions: {
        burn_in: true,
        style: { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' },
        srt_url: 'https://kagami.example.com/assets/signed/captions/2d9c7e4a.srt?exp=1795000000&sig=…',
        vtt_url: 'https://kagami.example.com/assets/signed/captions/2d9c7e4a.vtt?exp=1795000000&sig=…',
      },
      thumbnail_url: 'https://kagami.example.com/assets/signed/thumbnail/2d9c7e4a.jpg?exp=1795000000&sig=…',
      callback_url: 'https://example.com/kagami/webhook',
      download_url: 'https://kagami.example.com/assets/signed/video_output/2d9c7e4a.mp4?exp=1795000000&sig=…',
      download_url_expires_at: '2026-11-26T18:00:00.000Z',
      brand: true,
      scenes: null,
      template: null,
      batch_id: null,
      row: null,
      created_at: '2026-11-26T17:00:00.000Z',
    },
  ]),
);

/** A page of a list, newest first; `next_cursor` is null on the last page. */
const pageOf = <T extends v.GenericSchema>(item: T) => v.object({ data: v.array(item), next_cursor: text });

export const AvatarPage = pageOf(Avatar);
export const VoicePage = pageOf(Voice);
export const VideoPage = pageOf(Video);

export const Pronunciation = v.pipe(
  v.object({ id: v.string(), word: v.string(), say_as: v.string(), created_at: time }),
  v.title('Pronunciation'),
  v.examples([
    { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', word: 'Kagami', say_as: 'kah gah me', created_at: '2026-11-26T16:00:00.000Z' },
  ]),
);
export const PronunciationList = v.object({ data: v.array(Pronunciation) });

export const Team = v.pipe(
  v.object({ id: v.string(), name: v.string(), created_at: time }),
  v.title('Team'),
  v.examples([{ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Marketing', created_at: '2026-11-01T09:00:00.000Z' }]),
);

const Meter = v.object({ used: v.number(), total: v.number(), unit: v.picklist(['mins', 'count']) });
/** What a plan allows and what is used of it this period (the app's quota answers the same). */
export const QuotaFigures = v.object({
  plan: v.string(),
  video_minutes: Meter,
  audio_minutes: Meter,
  custom_avatars: Meter,
  custom_voices: Meter,
  avatar_slots: Meter,
  next_renewal_date: time,
});
export const Quota = v.pipe(
  v.object({
    has_api_subscription: v.boolean(),
    quota: v.nullable(QuotaFigures),
  }),
  v.title('Quota'),
  v.examples([
    {
      has_api_subscription: true,
      quota: {
        plan: 'api-starter',
        video_minutes: { used: 12.5, total: 60, unit: 'mins' },
        audio_minutes: { used: 3, total: 120, unit: 'mins' },
        custom_avatars: { used: 2, total: 5, unit: 'count' },
        custom_voices: { used: 1, total: 5, unit: 'count' },
        avatar_slots: { used: 2, total: 5, unit: 'count' },
        next_renewal_date: '2026-12-01T00:00:00.000Z',
      },
    },
  ]),
);

export const WebhookEndpoint = v.pipe(
  v.object({ id: v.string(), url: v.string(), events: v.array(v.picklist(WEBHOOK_EVENTS)), created_at: time }),
  v.title('WebhookEndpoint'),
  v.examples([
    {
      id: '3f4a5b6c-7d8e-4f9a-0b1c-2d3e4f5a6b7c',
      url: 'https://example.com/kagami/webhook',
      events: ['video.ready', 'video.failed'],
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ]),
);
export const WebhookList = v.object({ data: v.array(WebhookEndpoint), signing_secret: v.string() });

export const WebhookDelivery = v.pipe(
  v.object({
    id: v.string(),
    endpoint_id: text,
    /** The endpoint was removed since: the delivery is kept in the log but is never sent again. */
    endpoint_removed: v.boolean(),
    url: v.string(),
    event: v.string(),
    status: v.picklist(['pending', 'succeeded', 'failed', 'cancelled']),
    attempts: v.number(),
    last_status_code: v.nullable(v.number()),
    last_error: text,
    next_attempt_at: v.nullable(time),
    created_at: time,
    attempt_log: v.array(v.object({ status_code: v.nullable(v.number()), error: text, duration_ms: v.number(), at: time })),
  }),
  v.title('WebhookDelivery'),
  v.examples([
    {
      id: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d',
      endpoint_id: '3f4a5b6c-7d8e-4f9a-0b1c-2d3e4f5a6b7c',
      endpoint_removed: false,
      url: 'https://example.com/kagami/webhook',
      event: 'video.ready',
      status: 'succeeded',
      attempts: 2,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
      created_at: '2026-11-26T17:02:00.000Z',
      attempt_log: [
        { status_code: 503, error: 'webhook_status', duration_ms: 120, at: '2026-11-26T17:02:00.100Z' },
        { status_code: 200, error: null, duration_ms: 95, at: '2026-11-26T17:02:30.200Z' },
      ],
    },
  ]),
);
export const WebhookDeliveryPage = pageOf(WebhookDelivery);
export const DeliveryQueued = v.pipe(
  v.object({ delivery_id: v.string() }),
  v.title('DeliveryQueued'),
  v.examples([{ delivery_id: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d' }]),
);
export const DeliveryCancelled = v.pipe(
  v.object({ delivery_id: v.string(), status: v.literal('cancelled') }),
  v.title('DeliveryCancelled'),
  v.examples([{ delivery_id: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d', status: 'cancelled' }]),
);

/** Every refusal: a code (listed in the description), its English message, and per-field errors for bad bodies. */
export const ApiError = v.pipe(
  v.looseObject({
    code: v.string(),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.object({ key: v.string(), params: v.record(v.string(), v.string()), message: v.string() }))),
  }),
  v.title('ApiError'),
);

/** What a file's Content Credentials (C2PA) say: whether Kagami made it, for whom, and whether it changed since. */
export const Credentials = v.pipe(
  v.object({
    has_credentials: v.boolean(),
    /** Signed by this deployment, naming a Kagami video. */
    kagami: v.boolean(),
    /** The file or its manifest changed after signing. */
    altered: v.boolean(),
    /** The signer chains to an authority this deployment trusts. */
    trusted: v.boolean(),
    digital_source_type: text,
    video: v.nullable(
      v.object({
        video_id: v.string(),
        title: v.string(),
        team_id: v.string(),
        team: v.string(),
        avatar_id: text,
        avatar: text,
        consent: v.picklist(['typed', 'video']),
        consent_verified: v.boolean(),
        created_at: v.string(),
      }),
    ),
    signer: text,
    signed_at: text,
    /** C2PA validation failure codes, such as `assertion.bmffHash.mismatch`. */
    failures: v.array(v.string()),
  }),
  v.title('Credentials'),
  v.examples([
    {
      has_credentials: true,
      kagami: true,
      altered: false,
      trusted: true,
      digital_source_type: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      video: {
        video_id: '2d9c7e4a-1b3f-4c5d-9e8f-0a1b2c3d4e5f',
        title: 'Welcome',
        team_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        team: 'Marketing',
        avatar_id: '7b2f0c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e',
        avatar: 'Presenter',
        consent: 'video',
        consent_verified: true,
        created_at: '2026-11-26T17:00:00.000Z',
      },
      signer: 'CN=Kagami kagami.example.com, O=Kagami',
      signed_at: '2026-11-26T17:01:00.000Z',
      failures: [],
    },
  ]),
);
