import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import * as v from 'valibot';
import { captionStyleField, frameSizeOf, type CaptionStyle, type ContentLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars, history, teams, users, videoSegments, videos, voices } from '../../db/schema';
import {
  type Backdrop,
  captionCuesOf,
  type Cue,
  defaultBuiltinVoice,
  EngineFailure,
  type Framing,
  LipSyncFailure,
  LipSyncWaiting,
  type PhonemeEvent,
  type RenderInput,
  SAMPLE_SENTENCES,
  signVideo,
  toSrt,
  toVtt,
  type VideoClaims,
} from '../../engine';
import { isDiskFull } from '../../media/tools';
import { withBackdrop } from './backgrounds';
import { pronunciationsOf } from './pronunciations';
import { libraryVoice, speakingVoiceOf } from './voice-library';
import { QUEUES } from '../../jobs/queue';
import { mailTemplates } from '../../mail/templates';
import { allowanceOwnerOf, refund, settle } from '../billing/quota';
import type { Allowance } from '../billing/plans';
import { apiPlanOf, appPlanOf } from '../billing/subscriptions';
import { startWebhookWorker } from '../webhooks/delivery';
import { emitItemEvent, type ItemKind } from '../webhooks/item-events';
import { verifyConsent } from '../consent/verify';
import { avatarProgressWriter } from './avatar-progress';
import { consentVerified } from './serialize';
import { removeMadeFiles, removeSegmentFiles, segmentFiles } from './service';
import type { StoredFile } from '../../storage/media-store';

type Table = typeof avatars | typeof voices | typeof videos;

/**
 * Marks a job's row failed with a reason the user can read, and gives its quota back, in one transaction: a reader who
 * sees it failed never finds its minutes still taken. Only rows still in progress change.
 */
async function markFailed(ctx: AppContext, table: Table, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ status: 'failed', reason })
      .where(and(eq(table.id, id), eq(table.status, 'in_progress')))
      .returning();
    if (row) await refund(tx, id);
    return row ?? null;
  });
}

async function notify(ctx: AppContext, userId: string | null, kind: 'avatar' | 'video', name: string, ok: boolean, reason?: string) {
  if (!userId) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return;
  const href = `${ctx.config.publicAppUrl}/${kind === 'avatar' ? 'avatars' : 'videos'}`;
  await ctx.mailer
    .send(mailTemplates.creationFinished(user.email, user.language === 'ja' ? 'ja' : 'en', kind, name, ok, href, reason))
    .catch(() => undefined);
}

/**
 * The watermark goes when the plan the video is charged to (the app plan, or the API plan for API-made videos)
 * includes watermark removal, unless the team chose to keep it.
 */
/** What the plan the video is charged to allows (the app plan, or the API plan for a video made with the key). */
async function allowanceOfVideo(ctx: AppContext, video: typeof videos.$inferSelect) {
  const owner = await allowanceOwnerOf(ctx.db, video.teamId);
  const current = video.source === 'api' ? await apiPlanOf(ctx.db, owner) : await appPlanOf(ctx.db, owner);
  return current?.plan.allowance;
}

async function videoWantsWatermark(ctx: AppContext, video: typeof videos.$inferSelect, allowance: Allowance | undefined) {
  const [team] = await ctx.db.select({ keep: teams.keepWatermark }).from(teams).where(eq(teams.id, video.teamId));
  if (team?.keep ?? false) return true;
  return !allowance?.watermarkRemoval;
}

async function processAvatar(ctx: AppContext, avatarId: string) {
  const [avatar] = await ctx.db.select().from(avatars).where(eq(avatars.id, avatarId));
  if (!avatar || avatar.status !== 'in_progress') return;
  const names = {
    preview: `${avatarId}.jpg`,
    clip: `${avatarId}.mp4`,
    loop: `${avatarId}-loop.mp4`,
    mouth: `${avatarId}-face.bin`,
    matte: `${avatarId}-matte.mp4`,
  };
  const voiceId = crypto.randomUUID();
  const progress = avatarProgressWriter(ctx, avatarId, avatar.sourceKind);
  if (avatar.consentMethod === 'video') {
    // The clip is checked first: no face of a person who did not agree is processed any further.
    progress.report('finding_face', 0);
    try {
      await verifyConsent(ctx, avatar);
    } catch (error) {
      await progress.stop();
      throw error;
    }
  }
  const made = await ctx.assets
    .withLocal({ source: ['avatar_input', avatar.source] } as const, ({ source }) =>
      ctx.assets.workspace(async (folder) => {
        const outputs = {
          preview: join(folder, names.preview),
          clip: join(folder, names.clip),
          loop: join(folder, names.loop),
          mouth: join(folder, names.mouth),
          matte: join(folder, names.matte),
        };
        const result = await ctx.engine.processAvatar({ file: source, kind: avatar.sourceKind }, outputs, (stage, fraction) =>
          progress.report(stage, fraction),
        );
        let sample: string | null = null;
        if (result.defaultVoice) {
          sample = `${voiceId}.wav`;
          const speech = await ctx.engine.synthesizeSpeech(
            SAMPLE_SENTENCES[avatar.language as ContentLanguage],
            avatar.language as ContentLanguage,
            {
              profile: result.defaultVoice,
            },
          );
          await writeFile(join(folder, sample), speech.wav);
          await ctx.assets.store('audio_output', sample, join(folder, sample));
        }
        // What the engine made is stored; a file it did not make is named nowhere (a render makes a missing matte).
        const files: Record<keyof typeof names, string | null> = { ...names };
        for (const kind of Object.keys(names) as (keyof typeof names)[]) {
          if ((kind === 'mouth' && !result.mouth) || !existsSync(outputs[kind])) files[kind] = null;
          else await ctx.assets.store('avatar_output', names[kind], outputs[kind]);
        }
        return { result, sample, files };
      }),
    )
    .finally(() => progress.stop());
  const { result, sample, files } = made;
  const finished = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(avatars)
      .set({ status: 'ready', stage: null, progress: 100, gender: result.gender, ...files })
      .where(and(eq(avatars.id, avatarId), eq(avatars.status, 'in_progress')))
      .returning();
    if (!updated) return false;
    if (result.defaultVoice) {
      const profile = result.defaultVoice;
      await tx.insert(voices).values({
        id: voiceId,
        teamId: avatar.teamId,
        createdBy: avatar.createdBy,
        name: avatar.name,
        language: avatar.language,
        status: 'ready',
        sample,
        ...profile,
      });
      await tx.update(avatars).set({ defaultVoiceId: voiceId }).where(eq(avatars.id, avatarId));
    }
    return true;
  });
  if (!finished) return;
  await settle(ctx.db, avatarId);
  await emitItemEvent(ctx, 'avatar', avatarId, 'ready');
  await notify(ctx, avatar.createdBy, 'avatar', avatar.name, true);
}

async function processVoice(ctx: AppContext, voiceId: string) {
  const [voice] = await ctx.db.select().from(voices).where(eq(voices.id, voiceId));
  if (!voice || voice.status !== 'in_progress' || !voice.source) return;
  const sample = `${voiceId}.mp3`;
  const { profile, clone } = await ctx.assets.withLocal({ source: ['avatar_input', voice.source] } as const, ({ source }) =>
    ctx.assets.workspace(async (folder) => {
      const made = await ctx.engine.processVoice(source, voice.language as ContentLanguage, join(folder, sample), voice.name);
      await ctx.assets.store('audio_output', sample, join(folder, sample));
      return made;
    }),
  );
  const [updated] = await ctx.db
    .update(voices)
    .set({ status: 'ready', sample, ...profile, cloneProvider: clone?.provider ?? null, cloneVoiceId: clone?.voiceId ?? null })
    .where(and(eq(voices.id, voiceId), eq(voices.status, 'in_progress')))
    .returning({ id: voices.id });
  if (!updated) return;
  await settle(ctx.db, voiceId);
  await emitItemEvent(ctx, 'voice', voiceId, 'ready');
}

/** With the provider's webhook, a render whose job is still running there ends here; it runs again this much later unless the webhook comes first. */
const PROVIDER_RECHECK_SECONDS = 600;

/**
 * The video's lip-sync job runs on at the provider, which will post when it is done: the render is run again then
 * (lipsync-webhook.ts) or after PROVIDER_RECHECK_SECONDS, unless the job has run longer than LIPSYNC_TIMEOUT_SECONDS.
 */
async function waitForProvider(ctx: AppContext, video: typeof videos.$inferSelect, waiting: LipSyncWaiting) {
  const timeoutMs = ctx.config.lipSync?.http.jobTimeoutMs ?? 0;
  if (Date.now() - video.createdAt.getTime() > timeoutMs) {
    throw new LipSyncFailure('lipsync_unavailable', `the provider's job ${waiting.providerId} did not end within ${timeoutMs} ms`);
  }
  await ctx.jobs.send(QUEUES.video, { videoId: video.id }, { startAfter: PROVIDER_RECHECK_SECONDS });
  ctx.log.info({ videoId: video.id, providerId: waiting.providerId }, "waiting for the lip-sync provider's webhook");
  return null;
}

/** The video's frame, background and placement, as the engine takes them. */
const framingOf = (video: typeof videos.$inferSelect, background: Backdrop): Framing => ({
  frame: frameSizeOf(video.aspectRatio, video.resolution),
  background,
  placement: video.placement,
});

/** The captions' look: the video's own, its unset parts (and videos made before styles) the defaults. */
const captionStyleOf = (video: typeof videos.$inferSelect): CaptionStyle => v.parse(captionStyleField, video.captionStyle ?? {});

/** What a finished video's Content Credentials say of it. */
async function claimsOf(ctx: AppContext, video: typeof videos.$inferSelect, avatar: typeof avatars.$inferSelect): Promise<VideoClaims> {
  const [team] = await ctx.db.select({ name: teams.name }).from(teams).where(eq(teams.id, video.teamId));
  return {
    video_id: video.id,
    title: video.name,
    team_id: video.teamId,
    team: team?.name ?? '',
    avatar_id: avatar.id,
    avatar: avatar.name,
    consent: avatar.consentMethod,
    consent_verified: consentVerified(avatar),
    created_at: new Date().toISOString(),
  };
}

/** A full disk is said as such, and not retried. */
const saidOfDisk = (error: unknown) => (isDiskFull(error) ? new EngineFailure('storage_full') : error);

/** A video to render and what it is charged to: whether it carries the watermark. */
type VideoJob = {
  video: typeof videos.$inferSelect;
  avatar: typeof avatars.$inferSelect;
  allowance: Allowance | undefined;
  watermark: boolean;
};

async function videoJobOf(ctx: AppContext, videoId: string): Promise<VideoJob | null> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'in_progress') return null;
  const [avatar] = video.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, video.avatarId)) : [];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  const allowance = await allowanceOfVideo(ctx, video);
  const watermark = ctx.config.watermark && (await videoWantsWatermark(ctx, video, allowance));
  return { video, avatar, allowance, watermark };
}

/** The stored files a video is made from: the avatar's (and the uploaded audio, or `audio` instead). */
const renderFilesOf = ({ video, avatar }: VideoJob, audio?: StoredFile) => ({
  loop: ['avatar_output', avatar.loop!] as StoredFile,
  photo: avatar.sourceKind === 'photo' && avatar.source ? (['avatar_input', avatar.source] as StoredFile) : null,
  mouth: avatar.mouth ? (['avatar_output', avatar.mouth] as StoredFile) : null,
  matte: avatar.matte ? (['avatar_output', avatar.matte] as StoredFile) : null,
  audio: audio ?? (video.audioSource ? (['avatar_input', video.audioSource] as StoredFile) : null),
});

/**
 * The video job: renders the video whole, or (long enough, and drawn here) plans its parts for any workers to make;
 * once they are all made it runs again and joins them. Then the video is ready, charged and announced once.
 */
async function renderVideo(ctx: AppContext, videoId: string) {
  const job = await videoJobOf(ctx, videoId);
  if (!job) return;
  const { video, avatar } = job;
  const rendered = await (video.segments ? joinParts(ctx, job) : renderOrPlan(ctx, job)).catch((error: unknown) => {
    if (error instanceof LipSyncWaiting) return waitForProvider(ctx, video, error);
    throw saidOfDisk(error);
  });
  if (!rendered) return;
  const { durationSeconds, lipSync, made } = rendered;
  if (lipSync && 'failed' in lipSync) {
    const line = { videoId, engine: lipSync.engine, reason: lipSync.failed, detail: lipSync.detail };
    if (lipSync.keyRefused) ctx.log.error(line, 'the lip-sync provider refused LIPSYNC_KEY; rendered locally');
    else ctx.log.warn(line, 'lip-sync provider failed; rendered locally');
  } else if (lipSync) {
    ctx.log.info({ videoId, ...lipSync }, `lip-sync by ${lipSync.engine}`);
  }
  const durationMs = Math.round(durationSeconds * 1000);
  const neural = lipSync && !('failed' in lipSync) ? lipSync : null;
  // An avatar made before mattes has one now, if this video needed it.
  if (!avatar.matte && made.matte) await ctx.db.update(avatars).set({ matte: made.matte }).where(eq(avatars.id, avatar.id));
  const [updated] = await ctx.db
    .update(videos)
    .set({
      status: 'ready',
      output: made.output,
      thumbnail: made.thumbnail,
      captions: made.captions,
      durationMs,
      lipsyncEngine: neural?.engine ?? 'local',
      lipsyncJobId: neural?.providerId ?? null,
      lipsyncSeconds: neural?.billedSeconds ?? null,
    })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'in_progress')))
    .returning();
  await removeSegmentFiles(ctx, video);
  if (!updated) {
    // Deleted while it rendered: what was made for it goes too (a row that is still there keeps its files).
    const [kept] = await ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
    if (!kept) await removeMadeFiles(ctx, made);
    return;
  }
  await settle(ctx.db, videoId, Math.ceil(durationSeconds));
  await ctx.db.insert(history).values({
    teamId: video.teamId,
    createdBy: video.createdBy,
    type: 'video_generation',
    name: video.name,
    durationMs,
    source: video.source,
  });
  await emitItemEvent(ctx, 'video', videoId, 'ready');
  await notify(ctx, video.createdBy, 'video', video.name, true);
}

/** The video's sound and what it says: the uploaded audio, or the script spoken into `folder`, with its phonemes and captions. */
type Spoken = { audio: string; phonemes?: PhonemeEvent[]; cues: Cue[] | null };

async function speechOf(ctx: AppContext, { video, avatar }: VideoJob, uploaded: string | null, frame: Framing['frame'], folder: string) {
  if (uploaded) return { audio: uploaded, cues: null } satisfies Spoken;
  const language = video.language as ContentLanguage;
  const [voice] = video.voiceId ? await ctx.db.select().from(voices).where(eq(voices.id, video.voiceId)) : [];
  if (video.voiceId && !voice) throw new EngineFailure('voice_id_missing');
  // A video made before the voice library names no library voice: the built-in one that matches the avatar's face.
  const speaking = voice
    ? speakingVoiceOf(voice)
    : (libraryVoice(video.builtinVoiceId ?? '') ?? { builtin: defaultBuiltinVoice(language, avatar.gender) });
  const options = { speed: video.speed, pronunciations: await pronunciationsOf(ctx, video.teamId) };
  const speech = await ctx.engine.synthesizeSpeech(video.script ?? '', language, speaking, options);
  const audio = join(folder, 'speech.wav');
  await writeFile(audio, speech.wav);
  return {
    audio,
    // A provider that gives no timings leaves the mouth to the loudness.
    phonemes: speech.phonemes.length ? speech.phonemes : undefined,
    cues: await captionCuesOf(speech.spans, audio, frame, captionStyleOf(video).size),
  } satisfies Spoken;
}

/** The video's inputs as local files, its backdrop and a folder of its own, for the time `work` runs. */
function withRenderFiles<T>(
  ctx: AppContext,
  job: VideoJob,
  audio: StoredFile | undefined,
  work: (local: LocalRenderFiles, framing: Framing, folder: string) => Promise<T>,
) {
  return ctx.assets.withLocal(renderFilesOf(job, audio), (local) =>
    withBackdrop(ctx, job.video.teamId, job.video.background, (backdrop) =>
      ctx.assets.workspace((folder) => work(local, framingOf(job.video, backdrop), folder)),
    ),
  );
}
type LocalRenderFiles = { loop: string; photo: string | null; mouth: string | null; matte: string | null; audio: string | null };

/** What the engine renders the video from, into `output`; the matte is made in `folder` when the avatar has none yet. */
function renderInputOf(
  { video, allowance, watermark }: VideoJob,
  local: LocalRenderFiles,
  spoken: Spoken,
  framing: Framing,
  paths: { output: string; thumbnail?: string; matte: string },
): RenderInput {
  return {
    loop: local.loop,
    photo: local.photo ?? undefined,
    mouth: local.mouth,
    audio: spoken.audio,
    phonemes: spoken.phonemes,
    language: video.language as ContentLanguage,
    seed: video.id,
    output: paths.output,
    thumbnail: paths.thumbnail,
    watermark,
    framing,
    matte: paths.matte,
    captions: spoken.cues ? { cues: spoken.cues, burnIn: video.subtitles, style: captionStyleOf(video) } : undefined,
    localOnly: !allowance?.neuralLipSync,
  };
}

/** Where a render writes in `folder`, and the names it is stored under. */
function renderPaths({ video, avatar }: VideoJob, local: LocalRenderFiles, folder: string) {
  const names = { output: `${video.id}.mp4`, thumbnail: `${video.id}.jpg`, matte: avatar.matte ?? `${avatar.id}-matte.mp4` };
  const paths = {
    output: join(folder, names.output),
    thumbnail: join(folder, names.thumbnail),
    matte: local.matte ?? join(folder, names.matte),
  };
  return { names, paths };
}

/**
 * Renders the video whole into a folder of its own and stores it; or, when the engine cuts it into parts, stores what
 * the parts are made from, sends a job for each and returns null (the last part made sends this job again).
 */
async function renderOrPlan(ctx: AppContext, job: VideoJob) {
  const { video } = job;
  return withRenderFiles(ctx, job, undefined, async (local, framing, folder) => {
    const spoken = await speechOf(ctx, job, local.audio, framing.frame, folder);
    const { names, paths } = renderPaths(job, local, folder);
    const input = renderInputOf(job, local, spoken, framing, paths);
    const seconds = ctx.config.renderSegmentSeconds;
    const cuts = seconds ? await ctx.engine.segmentsOf(input, seconds) : null;
    if (cuts) {
      await planParts(ctx, job, spoken, cuts);
      return null;
    }
    const rendered = await ctx.engine.renderVideo({
      ...input,
      lipSyncJob: {
        resume: video.lipsyncEngine && video.lipsyncJobId ? { engine: video.lipsyncEngine, id: video.lipsyncJobId } : undefined,
        submitted: async (engine, id) => {
          await ctx.db.update(videos).set({ lipsyncEngine: engine, lipsyncJobId: id }).where(eq(videos.id, video.id));
        },
      },
    });
    const newMatte = !local.matte && existsSync(paths.matte);
    if (newMatte) await ctx.assets.store('avatar_output', names.matte, paths.matte);
    return { ...rendered, made: { ...(await storeVideo(ctx, job, spoken.cues, paths, folder)), matte: newMatte ? names.matte : null } };
  });
}

/** What a video's parts are made from (stored as its plan): its sound, the phonemes and the captions. */
type PartsPlan = { audio: StoredFile; phonemes?: PhonemeEvent[]; cues: Cue[] | null; cuts: number[] };

async function planParts(ctx: AppContext, { video }: VideoJob, spoken: Spoken, cuts: number[]) {
  const files = segmentFiles(video.id, cuts.length - 1);
  let audio: StoredFile = ['avatar_input', video.audioSource ?? ''];
  if (!video.audioSource) {
    await ctx.assets.store('video_output', files.speech, spoken.audio);
    audio = ['video_output', files.speech];
  }
  const plan: PartsPlan = { audio, phonemes: spoken.phonemes, cues: spoken.cues, cuts };
  await ctx.assets.workspace(async (folder) => {
    await writeFile(join(folder, files.plan), JSON.stringify(plan));
    await ctx.assets.store('video_output', files.plan, join(folder, files.plan));
  });
  const [planned] = await ctx.db
    .update(videos)
    .set({ segments: cuts.length - 1, segmentsDone: 0 })
    .where(and(eq(videos.id, video.id), eq(videos.status, 'in_progress')))
    .returning({ id: videos.id });
  if (!planned) return removeSegmentFiles(ctx, { id: video.id, segments: cuts.length - 1 });
  await sendParts(ctx, video.id, cuts, new Set());
  ctx.log.info({ videoId: video.id, parts: cuts.length - 1, cuts }, 'video rendered in parts');
}

/** A job for each part not made yet. */
async function sendParts(ctx: AppContext, videoId: string, cuts: number[], made: Set<number>) {
  for (let index = 0; index < cuts.length - 1; index += 1) {
    if (!made.has(index)) await ctx.jobs.send(QUEUES.segment, { videoId, index, from: cuts[index], to: cuts[index + 1] });
  }
}

const readPlan = (ctx: AppContext, videoId: string, count: number): Promise<PartsPlan> =>
  ctx.assets.withLocal({ plan: ['video_output', segmentFiles(videoId, count).plan] } as const, async ({ plan }) =>
    JSON.parse(await readFile(plan, 'utf8')),
  );

/**
 * A part's job: frames `from` to `to` of the video rendered and stored, and counted once; the part that makes the count
 * whole sends the video's job again, to join them.
 */
async function renderPart(ctx: AppContext, videoId: string, data: Record<string, unknown>) {
  const index = Number(data.index);
  const range = { from: Number(data.from), to: Number(data.to) };
  const job = await videoJobOf(ctx, videoId);
  if (!job?.video.segments) return;
  const [made] = await ctx.db
    .select()
    .from(videoSegments)
    .where(and(eq(videoSegments.videoId, videoId), eq(videoSegments.index, index)));
  if (made) return;
  const count = job.video.segments;
  const plan = await readPlan(ctx, videoId, count);
  const name = segmentFiles(videoId, count).parts[index]!;
  await withRenderFiles(ctx, job, plan.audio, async (local, framing, folder) => {
    const { paths } = renderPaths(job, local, folder);
    const output = join(folder, name);
    const input = renderInputOf(job, local, { audio: local.audio!, phonemes: plan.phonemes, cues: plan.cues }, framing, {
      ...paths,
      output,
    });
    await ctx.engine.renderSegment(input, range);
    await ctx.assets.store('video_output', name, output);
  }).catch((error: unknown) => {
    throw saidOfDisk(error);
  });
  const counted = await ctx.db.transaction(async (tx) => {
    const [kept] = await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId)).for('update');
    if (!kept) return 'deleted' as const;
    const [inserted] = await tx.insert(videoSegments).values({ videoId, index }).onConflictDoNothing().returning();
    if (!inserted) return null;
    const [row] = await tx
      .update(videos)
      .set({ segmentsDone: sql`${videos.segmentsDone} + 1` })
      .where(eq(videos.id, videoId))
      .returning({ done: videos.segmentsDone, total: videos.segments });
    return row ?? null;
  });
  // Deleted while the part was made: the part goes too.
  if (counted === 'deleted') await ctx.assets.remove('video_output', name);
  else if (counted && counted.done === counted.total) await ctx.jobs.send(QUEUES.video, { videoId });
}

/** The parts made joined into the video (with its whole sound, poster, captions and credentials) and stored. */
async function joinParts(ctx: AppContext, job: VideoJob) {
  const { video } = job;
  const count = video.segments!;
  const madeParts = await ctx.db.select({ index: videoSegments.index }).from(videoSegments).where(eq(videoSegments.videoId, video.id));
  const plan = await readPlan(ctx, video.id, count);
  if (madeParts.length < count) {
    // A worker stopped between planning the parts and sending them all: the missing ones are sent again.
    await sendParts(ctx, video.id, plan.cuts, new Set(madeParts.map((part) => part.index)));
    return null;
  }
  const names = segmentFiles(video.id, count).parts;
  const files: Record<string, StoredFile> = { audio: plan.audio };
  names.forEach((name, index) => (files[`part${index}`] = ['video_output', name]));
  return ctx.assets.withLocal(files, (local) =>
    ctx.assets.workspace(async (folder) => {
      const paths = { output: join(folder, `${video.id}.mp4`), thumbnail: join(folder, `${video.id}.jpg`) };
      const parts = names.map((_, index) => local[`part${index}`]!);
      const rendered = await ctx.engine.joinSegments(parts, { loop: '', audio: local.audio!, watermark: job.watermark, ...paths });
      return { ...rendered, made: { ...(await storeVideo(ctx, job, plan.cues, paths, folder)), matte: null } };
    }),
  );
}

/** The rendered video signed with its Content Credentials and stored with its poster and captions; their stored names. */
async function storeVideo(
  ctx: AppContext,
  { video, avatar }: VideoJob,
  cues: Cue[] | null,
  paths: { output: string; thumbnail: string },
  folder: string,
) {
  await signVideo(ctx.credentials, paths.output, await claimsOf(ctx, video, avatar));
  const captions = cues ? { srt: `${video.id}.srt`, vtt: `${video.id}.vtt` } : null;
  if (captions && cues) {
    for (const [file, text] of [
      [captions.srt, toSrt(cues)],
      [captions.vtt, toVtt(cues)],
    ] as const) {
      await writeFile(join(folder, file), text);
      await ctx.assets.store('video_output', file, join(folder, file));
    }
  }
  await ctx.assets.store('video_output', `${video.id}.mp4`, paths.output);
  await ctx.assets.store('video_output', `${video.id}.jpg`, paths.thumbnail);
  return { output: `${video.id}.mp4`, thumbnail: `${video.id}.jpg`, captions: captions ? video.id : null };
}

type Handler = {
  queue: string;
  table: Table;
  key: string;
  kind: ItemKind;
  run: (ctx: AppContext, id: string, data: Record<string, unknown>) => Promise<void>;
};

const HANDLERS: Handler[] = [
  { queue: QUEUES.avatar, table: avatars, key: 'avatarId', kind: 'avatar', run: processAvatar },
  { queue: QUEUES.voice, table: voices, key: 'voiceId', kind: 'voice', run: processVoice },
  { queue: QUEUES.video, table: videos, key: 'videoId', kind: 'video', run: renderVideo },
  // A part that cannot be made fails its video.
  { queue: QUEUES.segment, table: videos, key: 'videoId', kind: 'video', run: renderPart },
];

/**
 * Runs the generation jobs and the webhook deliveries. An engine failure ends the job with its reason; any other error is
 * retried by pg-boss, and only the last attempt marks the item failed.
 */
export async function startWorkers(ctx: AppContext, log: FastifyBaseLogger) {
  for (const handler of HANDLERS) {
    await ctx.jobs.work(
      handler.queue,
      { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 },
      async ([job]: JobWithMetadata<Record<string, unknown>>[]) => {
        const id = String(job!.data[handler.key]);
        const started = Date.now();
        log.info({ job: job!.id, [handler.key]: id }, `${handler.queue} started for ${id}`);
        try {
          await handler.run(ctx, id, job!.data);
          log.info({ job: job!.id, [handler.key]: id }, `${handler.queue} finished for ${id} in ${Date.now() - started} ms`);
        } catch (error) {
          const lastAttempt = job!.retryCount >= job!.retryLimit;
          if (!(error instanceof EngineFailure) && !lastAttempt) {
            log.warn({ err: error, job: job!.id }, `${handler.queue} failed; it will be retried`);
            throw error;
          }
          const reason = error instanceof EngineFailure ? error.reason : 'processing_failed';
          if (!(error instanceof EngineFailure)) log.error({ err: error, job: job!.id }, `${handler.queue} failed for good`);
          else if (error.keyRefused) log.error({ job: job!.id, reason }, `a provider refused Kagami's key (not retried): ${error.message}`);
          else if (error.message !== reason) log.warn({ job: job!.id, reason }, `${handler.queue} failed: ${error.message}`);
          const row = await markFailed(ctx, handler.table, id, reason);
          if (!row) return;
          if ('segments' in row) await removeSegmentFiles(ctx, row);
          await emitItemEvent(ctx, handler.kind, id, 'failed');
          if (handler.kind !== 'voice') await notify(ctx, row.createdBy, handler.kind, row.name, false, reason);
        }
      },
    );
  }
  await startWebhookWorker(ctx, log);
}
