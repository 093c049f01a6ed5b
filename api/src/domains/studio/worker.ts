import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
import type { Backdrop, Framing } from '../../engine/compose/compose';
import { ANALYSIS_RATE, decodeMono } from '../../engine/local/decode';
import { withBackdrop } from './backgrounds';
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
import type { StoredFile } from '../../storage/media-store';

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

async function renderVideo(ctx: AppContext, videoId: string) {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'in_progress') return;
  const [avatar] = video.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, video.avatarId)) : [];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  const inputs: { loop: StoredFile } & Record<'photo' | 'mouth' | 'matte' | 'audio', StoredFile | null> = {
    loop: ['avatar_output', avatar.loop],
    photo: avatar.sourceKind === 'photo' && avatar.source ? ['avatar_input', avatar.source] : null,
    mouth: avatar.mouth ? ['avatar_output', avatar.mouth] : null,
    matte: avatar.matte ? ['avatar_output', avatar.matte] : null,
    audio: video.audioSource ? ['avatar_input', video.audioSource] : null,
  };
  const allowance = await allowanceOfVideo(ctx, video);
  const rendered = await ctx.assets
    .withLocal(inputs, (local) =>
      withBackdrop(ctx, video.teamId, video.background, (backdrop) =>
        ctx.assets.workspace((folder) =>
          renderInFolder(ctx, { video, avatar, allowance, inputs: local, framing: framingOf(video, backdrop) }, folder),
        ),
      ),
    )
    .catch((error: unknown) => {
      // A full disk is said as such, and not retried.
      if (error instanceof LipSyncWaiting) return waitForProvider(ctx, video, error);
      throw isDiskFull(error) ? new EngineFailure('storage_full') : error;
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

/** A video to render, with what it is made from: the avatar's files (and the uploaded audio) lent as local files. */
type RenderOf = {
  video: typeof videos.$inferSelect;
  avatar: typeof avatars.$inferSelect;
  allowance: Allowance | undefined;
  inputs: { loop: string; photo: string | null; mouth: string | null; matte: string | null; audio: string | null };
  framing: Framing;
};

/**
 * Renders a video from its inputs (local files) into `folder`: speech when there is a script, the video, its poster,
 * captions and Content Credentials; stores what it made, and says the stored names.
 */
async function renderInFolder(ctx: AppContext, render: RenderOf, folder: string) {
  const { video, avatar, allowance, inputs, framing } = render;
  const videoId = video.id;
  let audio = inputs.audio;
  let phonemes: PhonemeEvent[] | undefined;
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
    audio = join(folder, 'speech.wav');
    await writeFile(audio, speech.wav);
    // A provider that gives no timings leaves the mouth to the loudness.
    phonemes = speech.phonemes.length ? speech.phonemes : undefined;
    const lineLength = captionCharsFor(framing.frame, captionStyle.size);
    cues = timeCaptions(speech.spans, await decodeMono(audio), ANALYSIS_RATE, lineLength);
  }
  const names = { output: `${videoId}.mp4`, thumbnail: `${videoId}.jpg`, matte: avatar.matte ?? `${avatar.id}-matte.mp4` };
  const paths = {
    output: join(folder, names.output),
    thumbnail: join(folder, names.thumbnail),
    matte: inputs.matte ?? join(folder, names.matte),
  };
  const rendered = await ctx.engine.renderVideo({
    loop: inputs.loop,
    photo: inputs.photo ?? undefined,
    mouth: inputs.mouth,
    audio,
    phonemes,
    language: video.language as ContentLanguage,
    seed: videoId,
    output: paths.output,
    watermark: ctx.config.watermark && (await videoWantsWatermark(ctx, video, allowance)),
    framing,
    matte: paths.matte,
    captions: cues ? { cues, burnIn: video.subtitles, style: captionStyle } : undefined,
    thumbnail: paths.thumbnail,
    localOnly: !allowance?.neuralLipSync,
    lipSyncJob: {
      resume: video.lipsyncEngine && video.lipsyncJobId ? { engine: video.lipsyncEngine, id: video.lipsyncJobId } : undefined,
      submitted: async (engine, id) => {
        await ctx.db.update(videos).set({ lipsyncEngine: engine, lipsyncJobId: id }).where(eq(videos.id, videoId));
      },
    },
  });
  await signVideo(ctx.credentials, paths.output, await claimsOf(ctx, video, avatar));
  const captions = cues ? { srt: `${videoId}.srt`, vtt: `${videoId}.vtt` } : null;
  if (captions && cues) {
    for (const [file, text] of [
      [captions.srt, toSrt(cues)],
      [captions.vtt, toVtt(cues)],
    ] as const) {
      await writeFile(join(folder, file), text);
      await ctx.assets.store('video_output', file, join(folder, file));
    }
  }
  await ctx.assets.store('video_output', names.output, paths.output);
  await ctx.assets.store('video_output', names.thumbnail, paths.thumbnail);
  const newMatte = !inputs.matte && existsSync(paths.matte);
  if (newMatte) await ctx.assets.store('avatar_output', names.matte, paths.matte);
  return {
    ...rendered,
    made: { output: names.output, thumbnail: names.thumbnail, captions: captions ? videoId : null, matte: newMatte ? names.matte : null },
  };
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
