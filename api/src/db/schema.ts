// The database's tables (Drizzle): users and sessions, teams, uploads, voices, avatars, videos, billing, webhooks and
// the install's secrets. The migrations in api/drizzle are generated from this file.
import {
  pgTable,
  uuid,
  text,
  timestamp,
  integer,
  bigint,
  jsonb,
  boolean,
  doublePrecision,
  primaryKey,
  index,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ASPECT_RATIOS,
  AVATAR_STAGES,
  RESOLUTIONS,
  UPLOAD_PURPOSES,
  type CaptionStyle,
  type Entrance,
  type Placement,
  type TextRole,
  type Transition,
} from '@kagami/shared/validation';

/** A video's background as stored: a colour, or one of the team's backgrounds by id. */
export type VideoBackground =
  | { type: 'color'; value: string }
  | { type: 'image' | 'video'; background_id: string }
  /** A page of one of the team's documents (its id is the upload's). */
  | { type: 'slide'; document_id: string; page: number };

/**
 * Text or a picture over a scene, as the API gave it otherwise: its picture (`background_id`, the name kept from when
 * only backgrounds could be) is one of the team's pictures or image backgrounds, by its upload's id.
 */
export type VideoElement =
  | { type: 'text'; role: TextRole; text: string; x?: number; y?: number; width?: number; color?: string; entrance: Entrance }
  | { type: 'image'; background_id: string; x: number; y: number; width: number; entrance: Entrance };

/**
 * A scene of a video of several (the video's own columns are its first scene's): who presents and speaks it, what is
 * behind, and how it comes in; `startMs` and `durationMs` once the video is made.
 */
export type VideoScene = {
  /** Null: a voice-over, no presenter. */
  avatarId: string | null;
  voiceId: string | null;
  builtinVoiceId: string | null;
  language: string;
  script: string | null;
  audioSource: string | null;
  speed: number;
  background: VideoBackground | null;
  placement: Placement;
  transition: Transition;
  elements?: VideoElement[];
  startMs?: number;
  durationMs?: number;
};

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The team a row belongs to; the row goes with its team. */
const teamId = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });
/** The member who made it; kept (as null) when they leave. */
const createdBy = () => uuid('created_by').references(() => users.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    provider: text('provider', { enum: ['password', 'google'] })
      .notNull()
      .default('password'),
    googleSub: text('google_sub'),
    name: text('name'),
    companyName: text('company_name'),
    numberOfEmployees: text('number_of_employees'),
    jobRole: text('job_role'),
    language: text('language').notNull().default('en'),
    currentTeamId: uuid('current_team_id'),
    stripeCustomerId: text('stripe_customer_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), uniqueIndex('users_google_sub_idx').on(t.googleSub)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'change_email', 'google_link'] }).notNull(),
    /** For an e-mail change: the account the new address is for; for a Google link, the account to link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address the link was mailed to: it works only while that is still the account's address. */
  email: text('email').notNull().default(''),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Keep the Kagami watermark on this team's videos even when its owner's plan removes it. */
  keepWatermark: boolean('keep_watermark').notNull().default(false),
  /** Words and phrases the team's scripts may not contain (owners edit them; domains/moderation). */
  blockedTerms: jsonb('blocked_terms').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: teamId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    language: text('language').notNull().default('en'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_code_hash_idx').on(t.codeHash), index('invitations_team_idx').on(t.teamId)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/** One key per team; only its SHA-256 and a display prefix are kept. */
export const apiKeys = pgTable('api_keys', {
  teamId: teamId().primaryKey(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
});

/** A resumable (tus) upload: whose it is, what it is for, and whether its content passed the checks. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    teamId: teamId(),
    /** Who uploads: a member, or null for the team's API key. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['uploading', 'complete', 'rejected'] })
      .notNull()
      .default('uploading'),
    reason: text('reason'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('uploads_team_idx').on(t.teamId)],
);

/** A consent phrase with its one-time code, shown to whoever records the consent clip; used by one avatar. */
export const consentPhrases = pgTable(
  'consent_phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    /** Who asked: a member, or null for the team's API key. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    phrase: text('phrase').notNull(),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('consent_phrases_team_idx').on(t.teamId)],
);

const status = () =>
  text('status', { enum: ['in_progress', 'failed', 'ready'] })
    .notNull()
    .default('in_progress');

/** A voice model: what was measured of a speaker, and the sample it speaks. */
export const voices = pgTable(
  'voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: status(),
    reason: text('reason'),
    source: text('source'),
    sample: text('sample'),
    medianPitchHz: integer('median_pitch_hz'),
    wordsPerMinute: integer('words_per_minute'),
    loudnessDb: integer('loudness_db'),
    /** The speech provider that cloned the speaker (`elevenlabs`) and the voice's id there; null for a voice made here. */
    cloneProvider: text('clone_provider'),
    cloneVoiceId: text('clone_voice_id'),
    createdAt: createdAt(),
  },
  (t) => [index('voices_team_idx').on(t.teamId)],
);

export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: status(),
    reason: text('reason'),
    source: text('source').notNull(),
    /** What the avatar is made from: footage (uploaded or recorded), or one photo brought to life. */
    sourceKind: text('source_kind', { enum: ['video', 'photo'] })
      .notNull()
      .default('video'),
    preview: text('preview'),
    clip: text('clip'),
    loop: text('loop'),
    /** Where the mouth is in each frame of the clip (JSON); null for avatars made before lip-sync. */
    mouth: text('mouth'),
    /** The person's opacity in each frame of the loop (an alpha video); null until made (avatars made before mattes get it on first use). */
    matte: text('matte'),
    defaultVoiceId: uuid('default_voice_id').references(() => voices.id, { onDelete: 'set null' }),
    /** The gender face-api estimates for the face: which built-in voice speaks for an avatar without a voice of its own. */
    gender: text('gender', { enum: ['female', 'male'] }),
    /** While in progress: the processing step the worker is on, and how far it is through the whole (0-100). */
    stage: text('stage', { enum: ['queued', ...AVATAR_STAGES] }),
    progress: integer('progress'),
    consentText: text('consent_text').notNull(),
    consentBy: uuid('consent_by').references(() => users.id, { onDelete: 'set null' }),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** How the person consented: the typed statement alone, or also a consent clip the worker checks. */
    consentMethod: text('consent_method', { enum: ['typed', 'video'] })
      .notNull()
      .default('typed'),
    /** The consent clip (an avatar input file), kept with the avatar and never shown publicly. */
    consentClip: text('consent_clip'),
    /** The phrase the clip was to read (none: no phrase was asked for before the clip). */
    consentPhraseId: uuid('consent_phrase_id').references(() => consentPhrases.id, { onDelete: 'set null' }),
    /** When the clip's upload began: it must be before the phrase expired. */
    consentRecordedAt: timestamp('consent_recorded_at', { withTimezone: true }),
    /** Set when a person must confirm the clip (a phrase no recogniser here hears): `language_unverified`, `recogniser_unavailable`. */
    consentReview: text('consent_review'),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_team_idx').on(t.teamId)],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    avatarId: uuid('avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    voiceId: uuid('voice_id').references(() => voices.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    script: text('script'),
    audioSource: text('audio_source'),
    /** The built-in voice that speaks the script (`builtin-…`), when no voice model of the team does. */
    builtinVoiceId: text('builtin_voice_id'),
    /** Burn the script in as subtitles. */
    subtitles: boolean('subtitles').notNull().default(false),
    /** How fast the script is spoken (0.75-1.5; 1 = the voice's own pace). */
    speed: doublePrecision('speed').notNull().default(1),
    /** The frame: `16:9`, `9:16`, `1:1` or `4:5`, at `720p` or `1080p` (its shorter side). */
    aspectRatio: text('aspect_ratio', { enum: ASPECT_RATIOS }).notNull().default('16:9'),
    resolution: text('resolution', { enum: RESOLUTIONS }).notNull().default('720p'),
    /** Behind the presenter: null for the footage's own, a colour, or one of the team's backgrounds. */
    background: jsonb('background').$type<VideoBackground>(),
    placement: jsonb('placement').$type<Placement>().notNull().default({ position: 'full', scale: 1 }),
    /** How burned-in captions look (`subtitles` says whether they are burned in). */
    captionStyle: jsonb('caption_style').$type<CaptionStyle>(),
    /** A video of several scenes lists them here (null: one scene, the video's own columns). */
    scenes: jsonb('scenes').$type<VideoScene[]>(),
    /** Drawn in the team's brand kit (its fonts and accent) as it stands when the video renders. */
    brand: boolean('brand').notNull().default(true),
    /** Made with the video: its poster (JPEG) and, for a script, its captions (`<captions>.srt` and `.vtt`). */
    thumbnail: text('thumbnail'),
    captions: text('captions'),
    status: status(),
    reason: text('reason'),
    /** Why operators should look at it (`moderation_unavailable`: made while scripts could not be checked); null once they did. */
    review: text('review'),
    output: text('output'),
    durationMs: integer('duration_ms'),
    /** Made in the app or through the public API (whose plan it is charged to, and which History tab shows it). */
    source: text('source', { enum: ['app', 'api'] })
      .notNull()
      .default('app'),
    /** Where to deliver this video's `video.ready` or `video.failed` event besides the team's endpoints. */
    callbackUrl: text('callback_url'),
    /** The template it was made from, with the values filled in. */
    templateId: uuid('template_id').references((): AnyPgColumn => templates.id, { onDelete: 'set null' }),
    templateVariables: jsonb('template_variables').$type<Record<string, string>>(),
    /** The batch and row (from 1) it was made for. */
    batchId: uuid('batch_id').references((): AnyPgColumn => batches.id, { onDelete: 'set null' }),
    batchRow: integer('batch_row'),
    /**
     * The engine that made the talking face: `local`, or the lip-sync provider (`replicate`, `sync`, `fal`) with its
     * id for the job (stored as soon as the job is submitted, so a restarted worker resumes it instead of paying for
     * it twice) and the seconds it billed.
     */
    lipsyncEngine: text('lipsync_engine'),
    lipsyncJobId: text('lipsync_job_id'),
    lipsyncSeconds: doublePrecision('lipsync_seconds'),
    /** A long video rendered in parts by any workers: how many (null: rendered whole) and how many are made. */
    segments: integer('segments'),
    segmentsDone: integer('segments_done').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('videos_team_idx').on(t.teamId)],
);

/** The parts of a video rendered in parts that are made (a part's job run twice counts once). */
export const videoSegments = pgTable(
  'video_segments',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.index] })],
);

/** A picture or a video the team puts behind its presenters (its id is the upload's it was made from). */
export const backgrounds = pgTable(
  'backgrounds',
  {
    id: text('id').primaryKey(),
    teamId: teamId(),
    createdBy: createdBy(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    name: text('name').notNull(),
    file: text('file').notNull(),
    /** A still of it for the library and the layout preview (JPEG). */
    preview: text('preview').notNull(),
    /** A video's length (null for a picture, and for videos added before it was kept: read from the file when asked). */
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('backgrounds_team_idx').on(t.teamId)],
);

/**
 * A picture of the team that is not a background: a logo or an image over a scene (an upload of purpose `image`, whose
 * id it keeps). It is never listed among the backgrounds.
 */
export const pictures = pgTable(
  'pictures',
  {
    id: text('id').primaryKey(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    file: text('file').notNull(),
    /** A still of it at most 1280 wide (PNG, keeping transparency). */
    preview: text('preview').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pictures_team_idx').on(t.teamId)],
);

/**
 * What the video editor is composing, autosaved for the team to resume: the editor's whole state (a video creation
 * body with its scenes), kept as given; it is checked as a video only when the video is created.
 */
export const videoDrafts = pgTable(
  'video_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_drafts_team_idx').on(t.teamId, t.updatedAt)],
);

/**
 * A team's template: a video creation body (as `POST …/videos` takes it, without its name) whose scripts and text
 * elements hold `{{variable}}` placeholders, filled in for each video made from it.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_team_idx').on(t.teamId, t.createdAt)],
);

export const BATCH_STATUSES = ['in_progress', 'completed', 'completed_with_errors', 'cancelled'] as const;
export const BATCH_ROW_STATUSES = ['queued', 'in_progress', 'ready', 'failed', 'cancelled'] as const;

/** Videos made from one template, a row of values each, started as the plan allows. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** The template's name and body when the batch was started: its rows are made of these, whatever becomes of it. */
    name: text('name').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    source: text('source', { enum: ['app', 'api'] }).notNull(),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('in_progress'),
    /** When it ended: set once, by whichever run saw it end, which alone announces `batch.completed`. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('batches_team_idx').on(t.teamId, t.createdAt)],
);

/** One row of a batch: its values, what it overrides, and the video made of it (once started). */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** Its number in the batch, from 1 (the CSV's line after the header). */
    row: integer('row').notNull(),
    title: text('title').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    avatarId: text('avatar_id'),
    voiceId: text('voice_id'),
    callbackUrl: text('callback_url'),
    status: text('status', { enum: BATCH_ROW_STATUSES }).notNull().default('queued'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** Why it failed: the refusal's code (`quota_exceeded`) or the video's failure reason. */
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.row] }), index('batch_rows_status_idx').on(t.batchId, t.status)],
);

/** A font of a brand kit: the stored file (an upload of purpose `font`, named by its id) and the name it was uploaded as. */
export type BrandFont = { id: string; file: string; name: string };

/** The team's brand kit: its colours (the first the accent), logo (one of its pictures or image backgrounds) and fonts. */
export const brandKits = pgTable('brand_kits', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  colors: jsonb('colors').$type<string[]>().notNull().default([]),
  logoId: text('logo_id'),
  headingFont: jsonb('heading_font').$type<BrandFont>(),
  bodyFont: jsonb('body_font').$type<BrandFont>(),
  /** Video backgrounds played before the first scene and after the last. */
  introId: text('intro_id'),
  outroId: text('outro_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A PDF the team's slides are made from (its id is the upload's): rendered once, page by page, by a job. */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    teamId: teamId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    /** The PDF itself (avatar_input). */
    file: text('file').notNull(),
    status: text('status', { enum: ['in_progress', 'ready', 'failed'] })
      .notNull()
      .default('in_progress'),
    reason: text('reason'),
    pageCount: integer('page_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_team_idx').on(t.teamId)],
);

/** One rendered page of a document: its picture (PNG) and thumbnail (JPEG) in avatar_output, its text, its size in pixels. */
export const documentPages = pgTable(
  'document_pages',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    teamId: teamId(),
    page: integer('page').notNull(),
    image: text('image').notNull(),
    thumbnail: text('thumbnail').notNull(),
    text: text('text').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.page] }),
    index('document_pages_image_idx').on(t.image),
    index('document_pages_thumbnail_idx').on(t.thumbnail),
  ],
);

/** A video's public page: who may watch it without signing in, whether they may download it, and how often it was seen. */
export const videoShares = pgTable('video_shares', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  /** The link's secret part (random, unguessable); a new one is made when the link is shared again after revocation. */
  token: text('token').notNull().unique(),
  allowDownload: boolean('allow_download').notNull().default(false),
  views: integer('views').notNull().default(0),
  createdBy: createdBy(),
  createdAt: createdAt(),
});

/** How the team's videos say a word (applied to every script and preview before the engine reads it). */
export const pronunciations = pgTable(
  'pronunciations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    word: text('word').notNull(),
    /** The word spelled as it is said. */
    sayAs: text('say_as').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pronunciations_team_word_idx').on(t.teamId, sql`lower(${t.word})`)],
);

/** SPEC §3 history rows: one per creation. */
export const history = pgTable(
  'history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    createdBy: createdBy(),
    type: text('type', { enum: ['video_generation', 'avatar_model_creation', 'audio_generation', 'voice_model_creation'] }).notNull(),
    name: text('name').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    source: text('source', { enum: ['app', 'api'] })
      .notNull()
      .default('app'),
    /** The batch a video was made for. */
    batchId: uuid('batch_id').references((): AnyPgColumn => batches.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('history_team_idx').on(t.teamId, t.createdAt)],
);

/** A user's paid plan of one product type (app or API); none means the Free plan (app) or no API plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: ['app', 'api'] }).notNull(),
    priceId: text('price_id').notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the provider's event this row shows was created: an older event arriving later is ignored. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    /**
     * Set when the plan changes mid-period: usage counts from here until the new plan's first renewal, so what was
     * used under the old plan carries over (as metered billing does) instead of starting again from zero.
     */
    usageSince: timestamp('usage_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscriptions_user_product_idx').on(t.userId, t.productType)],
);

/**
 * What creations take from a plan owner's allowance: reserved before the job is queued, settled to the real
 * amount when it is ready, refunded when it fails. Counted per monthly window of the owner's plan.
 */
export const usage = pgTable(
  'usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: ['app', 'api'] }).notNull(),
    metric: text('metric', { enum: ['custom_avatars', 'custom_voices', 'video_seconds', 'audio_seconds'] }).notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: ['reserved', 'settled', 'refunded'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_user_idx').on(t.userId, t.productType, t.createdAt), uniqueIndex('usage_item_metric_idx').on(t.itemId, t.metric)],
);

/** Checkout sessions of the built-in (`local`) payment provider: one purchase of a price, open until paid. */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  priceId: text('price_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete'] })
    .notNull()
    .default('open'),
  createdAt: createdAt(),
});

/** Payments for a user's plans, as the billing portal lists them. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: text('price_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['usd', 'jpy'] }).notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt), uniqueIndex('invoices_provider_idx').on(t.providerInvoiceId)],
);

/** Stripe webhook events already handled: Stripe delivers at least once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/** Contact sales requests (SPEC §2 Subscription), kept as well as mailed to the sales address. */
export const salesInquiries = pgTable('sales_inquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  teamSize: text('team_size').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Idempotency-Key of the public API: the first answer to a key, replayed for 24 hours to the same request. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    teamId: teamId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] })],
);

/** Rate-limit counters that must hold across API replicas (per API key): one row per key, its window and count. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** The window's latest count: a limit that slows down waits from it. */
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The client addresses (hashed) an account signed in from with its password: an account lock does not shut them out. */
export const knownClients = pgTable(
  'known_clients',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientHash: text('client_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientHash] })],
);

/** The secret a team's webhook deliveries are signed with (Standard Webhooks, `whsec_…`); one per team. */
export const webhookSecrets = pgTable('webhook_secrets', {
  teamId: teamId().primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** A team's webhook endpoint: where the events it subscribes to are delivered. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
);

/** One event for one destination (an endpoint, or a video's callback_url), retried until delivered or 24 h old. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` header: the same for every attempt, so a receiver can drop repeats. */
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
    /** When the endpoint this was for was removed (a delivery to a video's callback URL has no endpoint to remove). */
    endpointRemovedAt: timestamp('endpoint_removed_at', { withTimezone: true }),
    url: text('url').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Failed attempts are retried until then: 24 h after the event, or after a resend. */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_team_idx').on(t.teamId, t.createdAt)],
);

/** Every attempt of a delivery: when, the answer's status code (null when none came) and the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * Keys every process of an install must share when they share no data folder (media in a bucket, processes on several
 * hosts) and none is configured: the link-signing key and the Content Credentials signer. The first process to start
 * makes them; every other one reads the same.
 */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
