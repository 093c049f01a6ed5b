// The video job: renders the video whole, or plans its parts for any workers to make (video-part.ts) and, once they
// are all made, joins them; then stores it, marks it ready, charges it and announces it once.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { frameSizeOf, type ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../app-context';
import { avatars, history, videoSegments, videos, voices, type VideoScene } from '../../../db/schema';
import {
  type Cue,
  defaultBuiltinVoice,
  EngineFailure,
  type Framing,
  joinParts,
  joinSceneRenders,
  LipSyncFailure,
  LipSyncWaiting,
  renderWholeOrCut,
  signAndCaption,
  speakScript,
  type RenderResult,
  type Spoken,
  spokenUpload,
} from '../../../engine';
import { QUEUES } from '../../../jobs/queue';
import type { StoredFile } from '../../../storage/media-store';
import { settle } from '../../billing/quota';
import { emitItemEvent } from '../../webhooks/item-events';
import { withBrandClips } from '../brand-kit';
import { pronunciationsOf } from '../pronunciations';
import { removeMadeFiles, removeSegmentFiles, segmentFiles } from '../service';
import { libraryVoice, speakingVoiceOf } from '../voice-library';
import { notify } from './outcomes';
import {
  captionStyleOf,
  claimsOf,
  readPlan,
  renderInputOf,
  renderPaths,
  saidOfDisk,
  sendParts,
  videoJobOf,
  withRenderFiles,
  type PartsPlan,
  type VideoJob,
} from './video-job';

/**
 * The video job: renders the video whole, or (long enough, and drawn here) plans its parts for any workers to make;
 * once they are all made it runs again and joins them. Then the video is ready, charged and announced once.
 */
export async function videoJob(ctx: AppContext, { videoId }: { videoId: string }) {
  const job = await videoJobOf(ctx, videoId);
  if (!job) return;
  const { video, avatar } = job;
  const render = video.scenes ? renderScenes(ctx, job) : video.segments ? joinMadeParts(ctx, job) : renderOrPlan(ctx, job);
  const rendered = await render.catch((error: unknown) => {
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

/** The video's sound and what it says: the uploaded audio, or the script spoken in the video's voice. */
async function speechOf(ctx: AppContext, { video, avatar }: VideoJob, uploaded: string | null, frame: Framing['frame'], folder: string) {
  if (uploaded) return spokenUpload(uploaded);
  const language = video.language as ContentLanguage;
  const [voice] = video.voiceId ? await ctx.db.select().from(voices).where(eq(voices.id, video.voiceId)) : [];
  if (video.voiceId && !voice) throw new EngineFailure('voice_id_missing');
  // A video made before the voice library names no library voice: the built-in one that matches the avatar's face.
  const speaking = voice
    ? speakingVoiceOf(voice)
    : (libraryVoice(video.builtinVoiceId ?? '') ?? { builtin: defaultBuiltinVoice(language, avatar.gender) });
  const options = { speed: video.speed, pronunciations: await pronunciationsOf(ctx, video.teamId) };
  const script = { text: video.script ?? '', language, voice: speaking, options };
  return speakScript(ctx.engine, script, { frame, size: captionStyleOf(video).size }, folder);
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
    const made = await renderWholeOrCut(
      ctx.engine,
      {
        ...input,
        lipSyncJob: {
          resume: video.lipsyncEngine && video.lipsyncJobId ? { engine: video.lipsyncEngine, id: video.lipsyncJobId } : undefined,
          submitted: async (engine, id) => {
            await ctx.db.update(videos).set({ lipsyncEngine: engine, lipsyncJobId: id }).where(eq(videos.id, video.id));
          },
        },
      },
      ctx.config.renderSegmentSeconds ?? null,
    );
    if ('cuts' in made) {
      await planParts(ctx, job, spoken, made.cuts);
      return null;
    }
    const rendered = made.rendered;
    const newMatte = !local.matte && existsSync(paths.matte);
    if (newMatte) await ctx.assets.store('avatar_output', names.matte, paths.matte);
    return { ...rendered, made: { ...(await storeVideo(ctx, job, spoken.cues, paths, folder)), matte: newMatte ? names.matte : null } };
  });
}

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

/**
 * A video of several scenes: each rendered whole with its own avatar, speech and background (drawn here), then joined
 * by their transitions (between the brand's intro and outro) and stored like any video; each scene's place in it is
 * kept with the video.
 */
async function renderScenes(ctx: AppContext, job: VideoJob) {
  const { video } = job;
  const scenes = video.scenes!;
  return ctx.assets.workspace(async (folder) => {
    const paths = { output: join(folder, `${video.id}.mp4`), thumbnail: join(folder, `${video.id}.jpg`) };
    const clips: Parameters<typeof joinSceneRenders>[0] = [];
    for (const [index, scene] of scenes.entries()) {
      const sceneJob = await sceneJobOf(ctx, job, scene);
      const file = join(folder, `scene-${index}.mp4`);
      const cues = await withRenderFiles(ctx, sceneJob, undefined, async (local, framing, sceneFolder) => {
        const spoken = await speechOf(ctx, sceneJob, local.audio, framing.frame, sceneFolder);
        const thumbnail = index === 0 ? paths.thumbnail : undefined;
        const { paths: scenePaths } = renderPaths(sceneJob, local, sceneFolder);
        const input = renderInputOf(sceneJob, local, spoken, framing, { ...scenePaths, output: file, thumbnail });
        // A voice-over has no presenter: its sound over its background.
        if (!scene.avatarId) await ctx.engine.renderVoiceOver({ ...input, framing });
        else await ctx.engine.renderVideo({ ...input, localOnly: true });
        return spoken.cues;
      });
      clips.push({ file, transition: scene.transition, cues });
    }
    const frame = frameSizeOf(video.aspectRatio, video.resolution);
    const { times, durationSeconds, cues } = await withBrandClips(ctx, video.teamId, video.brand, (brandClips) =>
      joinSceneRenders(clips, frame, paths.output, brandClips),
    );
    const placed = scenes.map((scene, index) => ({
      ...scene,
      startMs: Math.round(times[index]!.start * 1000),
      durationMs: Math.round(times[index]!.duration * 1000),
    }));
    await ctx.db.update(videos).set({ scenes: placed }).where(eq(videos.id, video.id));
    const rendered: RenderResult = { durationSeconds };
    return { ...rendered, made: { ...(await storeVideo(ctx, job, cues, paths, folder)), matte: null } };
  });
}

/**
 * One scene of a video as a video of its own: the scene's avatar (a voice-over keeps the video's, whose files it does
 * not show), speech and background, the video's frame and plan.
 */
async function sceneJobOf(ctx: AppContext, job: VideoJob, scene: VideoScene): Promise<VideoJob> {
  const [avatar] = scene.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, scene.avatarId)) : [job.avatar];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  const { avatarId, voiceId, builtinVoiceId, language, script, audioSource, speed, background, placement, elements } = scene;
  const video = {
    ...job.video,
    avatarId,
    voiceId,
    builtinVoiceId,
    language,
    script,
    audioSource,
    speed,
    background,
    placement,
    scenes: null,
  };
  return { ...job, video, avatar, elements };
}

/** The parts made joined into the video (with its whole sound, poster, captions and credentials) and stored. */
async function joinMadeParts(ctx: AppContext, job: VideoJob) {
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
      const rendered = await joinParts(ctx.engine, parts, { audio: local.audio!, watermark: job.watermark, ...paths });
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
  const captions = cues ? { srt: `${video.id}.srt`, vtt: `${video.id}.vtt` } : null;
  const captionFiles = captions && cues ? { cues, srt: join(folder, captions.srt), vtt: join(folder, captions.vtt) } : null;
  await signAndCaption(ctx.credentials, { output: paths.output, claims: await claimsOf(ctx, video, avatar) }, captionFiles);
  if (captions && captionFiles) {
    await ctx.assets.store('video_output', captions.srt, captionFiles.srt);
    await ctx.assets.store('video_output', captions.vtt, captionFiles.vtt);
  }
  await ctx.assets.store('video_output', `${video.id}.mp4`, paths.output);
  await ctx.assets.store('video_output', `${video.id}.jpg`, paths.thumbnail);
  return { output: `${video.id}.mp4`, thumbnail: `${video.id}.jpg`, captions: captions ? video.id : null };
}
