import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import * as v from 'valibot';
import { captionStyleField, frameSizeOf, type CaptionStyle, type ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../context';
import { avatars, history, teams, users, videos, voices } from '../../db/schema';
import { LipSyncFailure, LipSyncWaiting } from '../../engine/face/lipsync-provider';
import { EngineFailure } from '../../engine/generation-engine';
import { isDiskFull } from '../../media/tools';
import type { PhonemeEvent } from '../../engine/speech/synthesizer';
import { SAMPLE_SENTENCES } from '../../engine/speech/sample-sentences';
import { defaultBuiltinVoice } from '../../engine/speech/builtin-voices';
import { captionCharsFor, timeCaptions, toSrt, toVtt, type Cue } from '../../engine/compose/captions';
import type { Framing } from '../../engine/compose/compose';
import { ANALYSIS_RATE, decodeMono } from '../../engine/local/decode';
import { backdropOf } from './backgrounds';
import { signVideo, type VideoClaims } from '../../engine/provenance/credentials';
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
import { removeMadeFiles } from './service';

type Table = typeof avatars | typeof voices | typeof videos;

/** Marks a job's row failed with a reason the user can read; only rows still in progress change. */
async function markFailed(ctx: AppContext, table: Table, id: string, reason: string) {
  const [row] = await ctx.db
    .update(table)
    .set({ status: 'failed', reason })
    .where(and(eq(table.id, id), eq(table.status, 'in_progress')))
    .returning();
  return row ?? null;
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
  const result = await ctx.engine
    .processAvatar(
      { file: ctx.assets.path('avatar_input', avatar.source), kind: avatar.sourceKind },
      {
        preview: ctx.assets.path('avatar_output', names.preview),
        clip: ctx.assets.path('avatar_output', names.clip),
        loop: ctx.assets.path('avatar_output', names.loop),
        mouth: ctx.assets.path('avatar_output', names.mouth),
        matte: ctx.assets.path('avatar_output', names.matte),
      },
      (stage, fraction) => progress.report(stage, fraction),
    )
    .finally(() => progress.stop());
  const files = { ...names, mouth: result.mouth ? names.mouth : null };
  let sample: string | null = null;
  const voiceId = crypto.randomUUID();
  if (result.defaultVoice) {
    sample = `${voiceId}.wav`;
    const speech = await ctx.engine.synthesizeSpeech(
      SAMPLE_SENTENCES[avatar.language as ContentLanguage],
      avatar.language as ContentLanguage,
      {
        profile: result.defaultVoice,
      },
    );
    await writeFile(ctx.assets.path('audio_output', sample), speech.wav);
  }
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
  const { profile, clone } = await ctx.engine.processVoice(
    ctx.assets.path('avatar_input', voice.source),
    voice.language as ContentLanguage,
    ctx.assets.path('audio_output', sample),
    voice.name,
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
const framingOf = async (ctx: AppContext, video: typeof videos.$inferSelect): Promise<Framing> => ({
  frame: frameSizeOf(video.aspectRatio, video.resolution),
  background: await backdropOf(ctx, video.teamId, video.background),
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

async function renderVideo(ctx: AppContext, videoId: string) {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'in_progress') return;
  const [avatar] = video.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, video.avatarId)) : [];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  let audio = video.audioSource ? ctx.assets.path('avatar_input', video.audioSource) : null;
  let speechFile: string | null = null;
  let phonemes: PhonemeEvent[] | undefined;
  const framing = await framingOf(ctx, video);
  const captionStyle = captionStyleOf(video);
  let cues: Cue[] | null = null;
  if (!audio) {
    const language = video.language as ContentLanguage;
    const [voice] = video.voiceId ? await ctx.db.select().from(voices).where(eq(voices.id, video.voiceId)) : [];
    if (video.voiceId && !voice) throw new EngineFailure('voice_id_missing');
    // A video made before the voice library names no library voice: the built-in one that matches the avatar's face.
    const speaking = voice
      ? speakingVoiceOf(voice)
      : (libraryVoice(video.builtinVoiceId ?? '') ?? { builtin: defaultBuiltinVoice(language, avatar.gender) });
    const options = { speed: video.speed, pronunciations: await pronunciationsOf(ctx, video.teamId) };
    const speech = await ctx.engine.synthesizeSpeech(video.script ?? '', language, speaking, options);
    speechFile = join(tmpdir(), `kagami-${videoId}.wav`);
    await writeFile(speechFile, speech.wav);
    // A provider that gives no timings leaves the mouth to the loudness.
    phonemes = speech.phonemes.length ? speech.phonemes : undefined;
    audio = speechFile;
    const lineLength = captionCharsFor(framing.frame, captionStyle.size);
    cues = timeCaptions(speech.spans, await decodeMono(speechFile), ANALYSIS_RATE, lineLength);
  }
  const output = `${videoId}.mp4`;
  const thumbnail = `${videoId}.jpg`;
  const matte = avatar.matte ?? `${avatar.id}-matte.mp4`;
  const allowance = await allowanceOfVideo(ctx, video);
  try {
    const rendered = await ctx.engine
      .renderVideo({
        loop: ctx.assets.path('avatar_output', avatar.loop),
        photo: avatar.sourceKind === 'photo' && avatar.source ? ctx.assets.path('avatar_input', avatar.source) : undefined,
        mouth: avatar.mouth ? ctx.assets.path('avatar_output', avatar.mouth) : null,
        audio,
        phonemes,
        language: video.language as ContentLanguage,
        seed: videoId,
        output: ctx.assets.path('video_output', output),
        watermark: ctx.config.watermark && (await videoWantsWatermark(ctx, video, allowance)),
        framing,
        matte: ctx.assets.path('avatar_output', matte),
        captions: cues ? { cues, burnIn: video.subtitles, style: captionStyle } : undefined,
        thumbnail: ctx.assets.path('video_output', thumbnail),
        localOnly: !allowance?.neuralLipSync,
        lipSyncJob: {
          resume: video.lipsyncEngine && video.lipsyncJobId ? { engine: video.lipsyncEngine, id: video.lipsyncJobId } : undefined,
          submitted: async (engine, id) => {
            await ctx.db.update(videos).set({ lipsyncEngine: engine, lipsyncJobId: id }).where(eq(videos.id, videoId));
          },
        },
      })
      .catch(async (error: unknown) => {
        // Nothing half-written stays behind; a full disk is said as such, and not retried.
        await rm(ctx.assets.path('video_output', output), { force: true });
        await rm(ctx.assets.path('video_output', thumbnail), { force: true });
        if (error instanceof LipSyncWaiting) return waitForProvider(ctx, video, error);
        throw isDiskFull(error) ? new EngineFailure('storage_full') : error;
      });
    if (!rendered) return;
    const { durationSeconds, lipSync } = rendered;
    if (lipSync && 'failed' in lipSync) {
      const line = { videoId, engine: lipSync.engine, reason: lipSync.failed, detail: lipSync.detail };
      if (lipSync.keyRefused) ctx.log.error(line, 'the lip-sync provider refused LIPSYNC_KEY; rendered locally');
      else ctx.log.warn(line, 'lip-sync provider failed; rendered locally');
    } else if (lipSync) {
      ctx.log.info({ videoId, ...lipSync }, `lip-sync by ${lipSync.engine}`);
    }
    const durationMs = Math.round(durationSeconds * 1000);
    await signVideo(ctx.credentials, ctx.assets.path('video_output', output), await claimsOf(ctx, video, avatar));
    const made = lipSync && !('failed' in lipSync) ? lipSync : null;
    if (cues) {
      await writeFile(ctx.assets.path('video_output', `${videoId}.srt`), toSrt(cues));
      await writeFile(ctx.assets.path('video_output', `${videoId}.vtt`), toVtt(cues));
    }
    // An avatar made before mattes has one now, if this video needed it.
    if (!avatar.matte && existsSync(ctx.assets.path('avatar_output', matte))) {
      await ctx.db.update(avatars).set({ matte }).where(eq(avatars.id, avatar.id));
    }
    const [updated] = await ctx.db
      .update(videos)
      .set({
        status: 'ready',
        output,
        thumbnail,
        captions: cues ? videoId : null,
        durationMs,
        lipsyncEngine: made?.engine ?? 'local',
        lipsyncJobId: made?.providerId ?? null,
        lipsyncSeconds: made?.billedSeconds ?? null,
      })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'in_progress')))
      .returning();
    if (!updated) {
      // Deleted while it rendered: what was made for it goes too (a row that is still there keeps its files).
      const [kept] = await ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
      if (!kept) await removeMadeFiles(ctx, { output, thumbnail, captions: cues ? videoId : null });
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
  } finally {
    if (speechFile) await rm(speechFile, { force: true });
  }
}

type Handler = { queue: string; table: Table; key: string; kind: ItemKind; run: (ctx: AppContext, id: string) => Promise<void> };

const HANDLERS: Handler[] = [
  { queue: QUEUES.avatar, table: avatars, key: 'avatarId', kind: 'avatar', run: processAvatar },
  { queue: QUEUES.voice, table: voices, key: 'voiceId', kind: 'voice', run: processVoice },
  { queue: QUEUES.video, table: videos, key: 'videoId', kind: 'video', run: renderVideo },
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
      async ([job]: JobWithMetadata<Record<string, string>>[]) => {
        const id = job!.data[handler.key]!;
        const started = Date.now();
        log.info({ job: job!.id, [handler.key]: id }, `${handler.queue} started for ${id}`);
        try {
          await handler.run(ctx, id);
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
          await refund(ctx.db, id);
          await emitItemEvent(ctx, handler.kind, id, 'failed');
          if (handler.kind !== 'voice') await notify(ctx, row.createdBy, handler.kind, row.name, false, reason);
        }
      },
    );
  }
  await startWebhookWorker(ctx, log);
}
