// A team's avatars, voices and videos, for the app and the public API: creating one from an upload (checked, reserved
// against the plan and queued), listing, reading and deleting them with their files, voice previews and languages.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CONTENT_LANGUAGES, PREVIEW_MAX_CHARS, type ContentLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars, backgrounds, brandKits, history, pictures, videos, voices, users, type VideoScene } from '../../db/schema';
import { errors, fail } from '../../lib/errors';
import { pendingJobs, QUEUES } from '../../jobs/queue';
import { builtinVoice, defaultBuiltinVoice, isBuiltinVoiceId, isProviderVoiceId, type SpeakingVoice } from '../../engine';
import { type Gender } from '../../config/providers';
import { listedProviderVoice, speakingVoiceOf, spokenForRequest } from './voice-library';
import type { SessionUser } from '../auth/sessions';
import { checkScript } from '../moderation/service';
import { takePhrase } from '../consent/service';
import { requireMembership } from '../teams/membership';
import { adoptUpload, readyUpload } from './uploads';
import { teamDocumentFiles } from './documents';
import { removePictureFiles } from './pictures';
import { needsOf, withReservation } from '../billing/quota';
import { avatarJson, videoJson, voiceJson } from './serialize';
import { pronunciationsOf } from './pronunciations';
import { paginate, type Page } from '../../routing/pages';

/** SPEC §8 "creation failed due to high traffic": refuse new work while the queue is full. */
export async function assertCapacity(ctx: AppContext) {
  if ((await pendingJobs(ctx.jobs)) >= ctx.config.jobCapacity) throw fail(503, 'capacity_exhausted');
}

const mentions = (text: string, user: SessionUser) =>
  [user.name, user.email].some((who) => who && text.toLowerCase().includes(who.toLowerCase()));

/** Who creates an item: a member in the app, or the team's API key (no user; charged to the API plan). */
export type Creator = { userId: string | null; name: string | null; source: 'app' | 'api' };

/** A History row for a new item, in the tab (App or API) of where it was made. */
const recordHistory = (
  ctx: AppContext,
  creator: Creator,
  teamId: string,
  type: (typeof history.$inferInsert)['type'],
  name: string,
  durationMs: number,
) => ctx.db.insert(history).values({ teamId, createdBy: creator.userId, type, name, durationMs, source: creator.source });

/** The tables a team lists a page at a time in the app: avatars, voices, videos. */
type TeamTable = typeof avatars | typeof voices | typeof videos;

/**
 * One page of a team's items for a member, newest first, with the count of all of them: `query` is the
 * select (and its joins) the rows come from, `json` what each row is answered as.
 */
async function listOfTeam<Query extends PgSelect, Item>(
  ctx: AppContext,
  userId: string,
  teamId: string,
  page: Page,
  table: TeamTable,
  query: Query,
  json: (row: Awaited<Query>[number]) => Item,
) {
  await requireMembership(ctx.db, teamId, userId);
  const where = eq(table.teamId, teamId);
  return paginate(
    query
      .where(where)
      .orderBy(desc(table.createdAt))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      // The window keeps the rows of `query` (drizzle types it only as any select's).
      .then((rows) => (rows as Awaited<Query>).map(json)),
    ctx.db.select({ value: count() }).from(table).where(where),
    page,
  );
}

// ---- avatars ----

export type AvatarInput = {
  name: string;
  language: ContentLanguage;
  upload_id: string;
  consent_text: string;
  /** The consent clip (a finished upload of purpose `avatar_consent`), needed unless AVATAR_CONSENT=text. */
  consent_upload_id?: string;
};

export async function createAvatar(ctx: AppContext, user: SessionUser, teamId: string, input: AvatarInput) {
  await requireMembership(ctx.db, teamId, user.id);
  if (!mentions(input.consent_text, user)) throw fail(400, 'consent_required');
  return avatarJson(await createTeamAvatar(ctx, { userId: user.id, name: user.name, source: 'app' }, teamId, input));
}

/** A new avatar of the team from a finished upload, reserved against the creator's plan and queued. */
export async function createTeamAvatar(ctx: AppContext, creator: Creator, teamId: string, input: AvatarInput) {
  await assertCapacity(ctx);
  // Footage (uploaded or recorded) or one photo: the same avatar, made the way its source asks.
  const upload = await readyUpload(ctx, teamId, input.upload_id, ['avatar_video', 'avatar_photo']);
  const byClip = ctx.config.avatarConsent === 'video';
  if (byClip && !input.consent_upload_id) throw fail(422, 'consent_required');
  const clipUpload = byClip ? await readyUpload(ctx, teamId, input.consent_upload_id!, ['avatar_consent']) : null;
  const id = crypto.randomUUID();
  const avatar = await withReservation(ctx.db, { teamId, productType: creator.source, itemId: id, needs: needsOf.avatar() }, async () => {
    const source = await adoptUpload(ctx, upload, id);
    const consent = clipUpload && {
      consentMethod: 'video' as const,
      consentClip: await adoptUpload(ctx, clipUpload, `${id}-consent`),
      consentPhraseId: await takePhrase(ctx, { teamId, userId: creator.userId }),
      consentRecordedAt: clipUpload.createdAt,
    };
    const [created] = await ctx.db
      .insert(avatars)
      .values({
        id,
        teamId,
        createdBy: creator.userId,
        name: input.name,
        language: input.language,
        source,
        sourceKind: upload.purpose === 'avatar_photo' ? 'photo' : 'video',
        consentText: input.consent_text,
        consentBy: creator.userId,
        consentAt: new Date(),
        ...consent,
        stage: 'queued',
        progress: 0,
      })
      .returning();
    return created!;
  });
  await recordHistory(ctx, creator, teamId, 'avatar_model_creation', input.name, upload.durationMs ?? 0);
  await ctx.jobs.send(QUEUES.avatar, { avatarId: id });
  return avatar;
}

export const listAvatars = (ctx: AppContext, userId: string, teamId: string, page: Page) =>
  listOfTeam(ctx, userId, teamId, page, avatars, ctx.db.select().from(avatars).$dynamic(), avatarJson);

async function findAvatar(ctx: AppContext, userId: string, teamId: string, id: string) {
  await requireMembership(ctx.db, teamId, userId);
  return teamAvatar(ctx, teamId, id);
}

/** An avatar of the team, for a caller already known to act for it. */
export async function teamAvatar(ctx: AppContext, teamId: string, id: string) {
  const [avatar] = await ctx.db
    .select()
    .from(avatars)
    .where(and(eq(avatars.id, id), eq(avatars.teamId, teamId)));
  if (!avatar) throw errors.notFound('Avatar');
  return avatar;
}

export const getAvatar = async (ctx: AppContext, userId: string, teamId: string, id: string) =>
  avatarJson(await findAvatar(ctx, userId, teamId, id));

export async function deleteAvatar(ctx: AppContext, userId: string, teamId: string, id: string, withDefaultVoice: boolean) {
  const avatar = await findAvatar(ctx, userId, teamId, id);
  await ctx.db.delete(avatars).where(eq(avatars.id, id));
  await removeAvatarFiles(ctx, avatar);
  if (withDefaultVoice && avatar.defaultVoiceId) await deleteVoice(ctx, userId, teamId, avatar.defaultVoiceId);
}

/** Every file of an avatar: its footage or photo, its consent clip, and what was made from them. */
export const removeAvatarFiles = (ctx: AppContext, avatar: typeof avatars.$inferSelect) =>
  Promise.all([
    ctx.assets.remove('avatar_input', avatar.source, avatar.consentClip),
    ctx.assets.remove('avatar_output', avatar.preview, avatar.clip, avatar.loop, avatar.mouth, avatar.matte),
  ]);

/** Languages a video can be generated in: every content language the engine speaks (all 13 locally). */
export async function languagesFor(ctx: AppContext, userId: string, teamId: string, avatarId?: string) {
  if (avatarId) await findAvatar(ctx, userId, teamId, avatarId);
  else await requireMembership(ctx.db, teamId, userId);
  return { languages: [...CONTENT_LANGUAGES] };
}

/** SPEC §2 voice preview: a short utterance in a voice (or an avatar's default voice), as WAV. */
export async function previewVoice(
  ctx: AppContext,
  userId: string,
  teamId: string,
  input: { voice_id?: string; avatar_id?: string; language: ContentLanguage; text: string; speed?: number },
) {
  if (input.text.length > PREVIEW_MAX_CHARS) throw fail(400, 'text_too_long', { max_characters: PREVIEW_MAX_CHARS });
  const avatar = input.avatar_id ? await findAvatar(ctx, userId, teamId, input.avatar_id) : NO_AVATAR;
  await requireMembership(ctx.db, teamId, userId);
  const { speaking } = await speakerOf(ctx, teamId, avatar, input.language, input.voice_id);
  await checkScript(ctx, teamId, input.text);
  const options = { speed: input.speed ?? 1, pronunciations: await pronunciationsOf(ctx, teamId) };
  return (await spokenForRequest(ctx.engine.synthesizeSpeech(input.text, input.language, speaking, options))).wav;
}

const NO_AVATAR = { defaultVoiceId: null, gender: null };

// ---- voices ----

export type VoiceInput = { name: string; language: ContentLanguage; upload_id: string };

export async function createVoice(ctx: AppContext, user: SessionUser, teamId: string, input: VoiceInput) {
  await requireMembership(ctx.db, teamId, user.id);
  return voiceJson(await createTeamVoice(ctx, { userId: user.id, name: user.name, source: 'app' }, teamId, input));
}

/** A new voice model of the team from a finished upload, reserved against the creator's plan and queued. */
export async function createTeamVoice(ctx: AppContext, creator: Creator, teamId: string, input: VoiceInput) {
  await assertCapacity(ctx);
  const upload = await readyUpload(ctx, teamId, input.upload_id, ['voice_audio']);
  const id = crypto.randomUUID();
  const charge = { teamId, productType: creator.source, itemId: id, needs: needsOf.voice(Math.ceil((upload.durationMs ?? 0) / 1000)) };
  const voice = await withReservation(ctx.db, charge, async () => {
    const source = await adoptUpload(ctx, upload, id);
    const [created] = await ctx.db
      .insert(voices)
      .values({ id, teamId, createdBy: creator.userId, name: input.name, language: input.language, source })
      .returning();
    return created!;
  });
  await recordHistory(ctx, creator, teamId, 'voice_model_creation', input.name, upload.durationMs ?? 0);
  await ctx.jobs.send(QUEUES.voice, { voiceId: id });
  return voice;
}

export const listVoices = (ctx: AppContext, userId: string, teamId: string, page: Page) =>
  listOfTeam(ctx, userId, teamId, page, voices, ctx.db.select().from(voices).$dynamic(), voiceJson);

export async function findVoice(ctx: AppContext, userId: string, teamId: string, id: string) {
  await requireMembership(ctx.db, teamId, userId);
  return teamVoice(ctx, teamId, id);
}

async function teamVoice(ctx: AppContext, teamId: string, id: string) {
  const [voice] = await ctx.db
    .select()
    .from(voices)
    .where(and(eq(voices.id, id), eq(voices.teamId, teamId)));
  if (!voice) throw errors.notFound('Voice');
  return voice;
}

/** A voice of the team that can speak now. */
async function readyVoice(ctx: AppContext, teamId: string, id: string) {
  const voice = await teamVoice(ctx, teamId, id);
  if (voice.status !== 'ready') throw fail(409, 'voice_not_ready');
  return voice;
}

export const getVoice = async (ctx: AppContext, userId: string, teamId: string, id: string) =>
  voiceJson(await findVoice(ctx, userId, teamId, id));

export async function deleteVoice(ctx: AppContext, userId: string, teamId: string, id: string) {
  const voice = await findVoice(ctx, userId, teamId, id);
  await deleteClone(ctx, voice);
  await ctx.db.delete(voices).where(eq(voices.id, id));
  await removeVoiceFiles(ctx, voice);
}

const removeVoiceFiles = (ctx: AppContext, voice: typeof voices.$inferSelect) =>
  Promise.all([ctx.assets.remove('avatar_input', voice.source), ctx.assets.remove('audio_output', voice.sample)]);

/**
 * Reads what the teams' avatars, voices, videos, backgrounds, pictures, brand fonts and documents keep in storage, for when their rows go with the teams
 * (an account deleted): the returned function removes the files once the rows are gone.
 */
export async function teamFiles(ctx: AppContext, teamIds: string[]) {
  if (!teamIds.length) return async () => undefined;
  const [avatarRows, voiceRows, videoRows, backgroundRows, pictureRows, kits] = await Promise.all([
    ctx.db.select().from(avatars).where(inArray(avatars.teamId, teamIds)),
    ctx.db.select().from(voices).where(inArray(voices.teamId, teamIds)),
    ctx.db.select().from(videos).where(inArray(videos.teamId, teamIds)),
    ctx.db.select().from(backgrounds).where(inArray(backgrounds.teamId, teamIds)),
    ctx.db.select().from(pictures).where(inArray(pictures.teamId, teamIds)),
    ctx.db.select().from(brandKits).where(inArray(brandKits.teamId, teamIds)),
  ]);
  const fonts = kits.flatMap((kit) => [kit.headingFont, kit.bodyFont]).filter((font) => font !== null);
  const removeDocuments = await teamDocumentFiles(ctx, teamIds);
  return async () => {
    await Promise.all([
      removeDocuments(),
      ...avatarRows.map((avatar) => removeAvatarFiles(ctx, avatar)),
      ...voiceRows.map((voice) => removeVoiceFiles(ctx, voice)),
      ...videoRows.map((video) =>
        Promise.all([removeMadeFiles(ctx, video), removeSegmentFiles(ctx, video), removeUploadedAudio(ctx, video)]),
      ),
      ...backgroundRows.map((row) =>
        Promise.all([ctx.assets.remove('avatar_input', row.file), ctx.assets.remove('avatar_output', row.preview)]),
      ),
      ...pictureRows.map((row) => removePictureFiles(ctx, row)),
      ...fonts.map((font) => ctx.assets.remove('avatar_input', font.file)),
    ]);
  };
}

/**
 * The provider's clone of a voice model's speaker, deleted there first: when the provider cannot be reached the voice
 * model stays, and the user is told to try again (a clone the provider no longer has counts as deleted).
 */
export async function deleteClone(ctx: AppContext, voice: typeof voices.$inferSelect) {
  if (!voice.cloneVoiceId) return;
  const provider = ctx.engine.speechProvider;
  if (provider?.name !== voice.cloneProvider || !provider.deleteVoice) {
    ctx.log.warn(
      { voiceId: voice.id, provider: voice.cloneProvider },
      'a cloned voice is deleted here, but its provider is not configured to delete it there',
    );
    return;
  }
  try {
    await provider.deleteVoice(voice.cloneVoiceId);
  } catch (error) {
    ctx.log.warn({ voiceId: voice.id, reason: (error as Error).message }, 'the speech provider could not delete a cloned voice');
    throw fail(503, 'speech_provider_unavailable');
  }
}

// ---- videos ----

/**
 * Who speaks a video's script: the chosen voice (a voice model of the team, or a built-in voice of the video's
 * language), else the avatar's own, else (a photo, or footage whose sound held no speech) the built-in voice of the
 * language that matches the avatar's face.
 */
export async function speakerOf(
  ctx: AppContext,
  teamId: string,
  avatar: { defaultVoiceId: string | null; gender: Gender | null },
  language: ContentLanguage,
  chosen: string | null | undefined,
): Promise<{ voiceId: string | null; builtinVoiceId: string | null; speaking: SpeakingVoice }> {
  if (chosen && isBuiltinVoiceId(chosen)) {
    const builtin = builtinVoice(chosen);
    if (!builtin) throw errors.notFound('Voice');
    if (builtin.language !== language) throw fail(400, 'voice_language_mismatch');
    return { voiceId: null, builtinVoiceId: chosen, speaking: { builtin } };
  }
  if (chosen && isProviderVoiceId(chosen)) {
    // The provider's voices speak every language; one it does not list (or no provider) is not found.
    const engineVoice = await listedProviderVoice(ctx, chosen);
    if (!engineVoice) throw errors.notFound('Voice');
    return { voiceId: null, builtinVoiceId: chosen, speaking: { provider: engineVoice } };
  }
  const voiceId = chosen === undefined ? avatar.defaultVoiceId : chosen;
  if (voiceId) return { voiceId, builtinVoiceId: null, speaking: speakingVoiceOf(await readyVoice(ctx, teamId, voiceId)) };
  const builtin = defaultBuiltinVoice(language, avatar.gender);
  return { voiceId: null, builtinVoiceId: builtin.id, speaking: { builtin } };
}

const videoWithCreator = { video: videos, creatorName: users.name };

export const listVideos = (ctx: AppContext, userId: string, teamId: string, page: Page) =>
  listOfTeam(
    ctx,
    userId,
    teamId,
    page,
    videos,
    ctx.db.select(videoWithCreator).from(videos).leftJoin(users, eq(users.id, videos.createdBy)).$dynamic(),
    (row) => videoJson({ ...row.video, creatorName: row.creatorName }),
  );

/** A video of a team the user belongs to, or 404. */
export async function findVideo(ctx: AppContext, userId: string, teamId: string, id: string) {
  await requireMembership(ctx.db, teamId, userId);
  const [row] = await ctx.db
    .select(videoWithCreator)
    .from(videos)
    .leftJoin(users, eq(users.id, videos.createdBy))
    .where(and(eq(videos.id, id), eq(videos.teamId, teamId)));
  if (!row) throw errors.notFound('Video');
  return { ...row.video, creatorName: row.creatorName };
}

export const getVideo = async (ctx: AppContext, userId: string, teamId: string, id: string) =>
  videoJson(await findVideo(ctx, userId, teamId, id));

export async function deleteVideo(ctx: AppContext, userId: string, teamId: string, id: string) {
  await removeVideo(ctx, await findVideo(ctx, userId, teamId, id));
}

/** Deletes a video whose team the caller was checked to act for, with its files. */
export async function removeVideo(
  ctx: AppContext,
  video: {
    id: string;
    output: string | null;
    audioSource: string | null;
    thumbnail: string | null;
    captions: string | null;
    segments: number | null;
    scenes: VideoScene[] | null;
  },
) {
  await ctx.db.delete(videos).where(eq(videos.id, video.id));
  await Promise.all([removeMadeFiles(ctx, video), removeSegmentFiles(ctx, video), removeUploadedAudio(ctx, video)]);
}

/** The audio uploaded for a video: its own, or each of its scenes'. */
const removeUploadedAudio = (ctx: AppContext, video: { audioSource: string | null; scenes: VideoScene[] | null }) =>
  Promise.all(
    [...new Set([video.audioSource, ...(video.scenes ?? []).map((scene) => scene.audioSource)])].map((file) =>
      ctx.assets.remove('avatar_input', file),
    ),
  );

/**
 * What a video rendered in parts keeps while its parts are made: what they are made from, and the parts; a video of
 * scenes keeps each scene's speech, and each of its parts is cut into at most three pieces (`piece(part, k)`: the head
 * of a transition, the scene's body, the tail of the next transition).
 */
export const segmentFiles = (videoId: string, count: number) => ({
  plan: `${videoId}-parts.json`,
  speech: `${videoId}-speech.wav`,
  parts: Array.from({ length: count }, (_, index) => `${videoId}-part-${index}.mp4`),
  sceneSpeech: (scene: number) => `${videoId}-scene-${scene}-speech.wav`,
  piece: (part: number, k: number | '%d') => `${videoId}-part-${part}-${k}.mp4`,
});
const PIECES_PER_PART = 3;

/** The files of a video's parts (none when it was rendered whole) and of its scenes' speech. */
export function removeSegmentFiles(ctx: AppContext, video: { id: string; segments: number | null; scenes?: unknown[] | null }) {
  const files = segmentFiles(video.id, video.segments ?? 0);
  const speeches = (video.scenes ?? []).map((_, scene) => files.sceneSpeech(scene));
  const pieces = video.scenes
    ? files.parts.flatMap((_, part) => Array.from({ length: PIECES_PER_PART }, (__, k) => files.piece(part, k)))
    : [];
  if (!video.segments) return ctx.assets.remove('video_output', ...speeches);
  return ctx.assets.remove('video_output', files.plan, files.speech, ...files.parts, ...pieces, ...speeches);
}

/** The files a render made for a video: the video, its poster and its captions. */
export const removeMadeFiles = (ctx: AppContext, video: { output: string | null; thumbnail: string | null; captions: string | null }) =>
  ctx.assets.remove(
    'video_output',
    video.output,
    video.thumbnail,
    ...(video.captions ? [`${video.captions}.srt`, `${video.captions}.vtt`] : []),
  );
