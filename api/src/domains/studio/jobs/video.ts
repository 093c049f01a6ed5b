// The video job: renders the video whole, or plans its parts for any workers to make (video-part.ts) and, once they
// are all made, joins them; then stores it, marks it ready, charges it and announces it once.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { frameSizeOf, type ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../app-context';
import { avatars, history, videoSegments, videos, voices } from '../../../db/schema';
import {
  type Cue,
  defaultBuiltinVoice,
  EngineFailure,
  type Framing,
  joinedCues,
  joinParts,
  joinSceneParts,
  LipSyncFailure,
  LipSyncWaiting,
  partCostOf,
  piecesOf,
  type PresenterKind,
  renderWholeOrCut,
  sceneFramesOf,
  scenePartsOf,
  sceneSpansOf,
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
  partRangesOf,
  readPlan,
  renderInputOf,
  renderPaths,
  saidOfDisk,
  sceneJobOf,
  sendParts,
  videoJobOf,
  withRenderFiles,
  type PartsPlan,
  type ScenesPlan,
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
  const render = video.segments ? joinMadeParts(ctx, job) : video.scenes ? planScenes(ctx, job) : renderOrPlan(ctx, job);
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
    batchId: video.batchId,
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
  await sendParts(ctx, video.id, partRangesOf(plan), new Set());
  ctx.log.info({ videoId: video.id, parts: cuts.length - 1, cuts }, 'video rendered in parts');
}

/**
 * A video of several scenes, planned for any workers to make: each scene's speech (stored for its parts), its length
 * and its transitions' windows, and its parts (a scene, or a part of a long one), each sent as a job; the last part
 * made sends this job again, which joins them (joinMadeParts).
 */
async function planScenes(ctx: AppContext, job: VideoJob) {
  const { video } = job;
  const scenes = video.scenes!;
  const files = segmentFiles(video.id, 0);
  const spoken: ScenesPlan['scenes'] = [];
  const frames: number[] = [];
  const cuts: (number[] | null)[] = [];
  for (const [index, scene] of scenes.entries()) {
    const sceneJob = await sceneJobOf(ctx, job, scene);
    await withRenderFiles(ctx, sceneJob, undefined, async (local, framing, folder) => {
      const said = await speechOf(ctx, sceneJob, local.audio, framing.frame, folder);
      frames.push(await sceneFramesOf(said.audio));
      const { paths } = renderPaths(sceneJob, local, folder);
      const input = { ...renderInputOf(sceneJob, local, said, framing, paths), localOnly: true };
      // A voice-over is one still picture under its elements: never worth cutting.
      const partSeconds = ctx.config.renderSegmentSeconds;
      cuts.push(scene.avatarId && partSeconds ? await ctx.engine.segmentsOf(input, partSeconds) : null);
      let audio: StoredFile = ['avatar_input', scene.audioSource ?? ''];
      if (!scene.audioSource) {
        await ctx.assets.store('video_output', files.sceneSpeech(index), said.audio);
        audio = ['video_output', files.sceneSpeech(index)];
      }
      spoken.push({ audio, phonemes: said.phonemes, cues: said.cues, span: { frames: 0, head: 0, tail: 0, transition: 'cut' } });
    });
  }
  const spans = sceneSpansOf(
    frames,
    scenes.map((scene) => scene.transition),
  );
  const plan: ScenesPlan = { scenes: spoken.map((scene, index) => ({ ...scene, span: spans[index]! })), parts: scenePartsOf(spans, cuts) };
  await ctx.assets.workspace(async (folder) => {
    await writeFile(join(folder, files.plan), JSON.stringify(plan));
    await ctx.assets.store('video_output', files.plan, join(folder, files.plan));
  });
  const count = plan.parts.length;
  const [planned] = await ctx.db
    .update(videos)
    .set({ segments: count, segmentsDone: 0 })
    .where(and(eq(videos.id, video.id), eq(videos.status, 'in_progress')))
    .returning({ id: videos.id });
  if (!planned) return removeSegmentFiles(ctx, { id: video.id, segments: count, scenes });
  const presenters = scenes.map((scene): PresenterKind => {
    if (!scene.avatarId) return null;
    if (scene.placement.position === 'corner') return 'corner';
    return scene.background ? 'cut-out' : 'footage';
  });
  const costs = plan.parts.map((part) => partCostOf(part, presenters[part.scene]!));
  await sendParts(ctx, video.id, plan.parts, new Set(), costs);
  ctx.log.info({ videoId: video.id, scenes: scenes.length, parts: count }, 'video of scenes rendered in parts');
  return null;
}

/**
 * The scenes' parts joined into the video (between the brand's intro and outro): each scene's place in it kept with the
 * video, the captions moved with it.
 */
async function joinScenes(ctx: AppContext, job: VideoJob, plan: ScenesPlan) {
  const { video } = job;
  const count = plan.parts.length;
  const names = plan.parts.map((part, index) =>
    piecesOf(plan.scenes[part.scene]!.span, part).map((_, k) => segmentFiles(video.id, count).piece(index, k)),
  );
  const stored: Record<string, StoredFile> = {};
  plan.scenes.forEach((scene, index) => (stored[`audio${index}`] = scene.audio));
  names.forEach((pieces, part) => pieces.forEach((name, k) => (stored[`piece${part}-${k}`] = ['video_output', name])));
  return ctx.assets.withLocal(stored, (local) =>
    ctx.assets.workspace(async (folder) => {
      const paths = { output: join(folder, `${video.id}.mp4`), thumbnail: join(folder, `${video.id}.jpg`) };
      const frame = frameSizeOf(video.aspectRatio, video.resolution);
      const { times, durationSeconds } = await withBrandClips(ctx, video.teamId, video.brand, (clips) =>
        joinSceneParts(
          { spans: plan.scenes.map((scene) => scene.span), parts: plan.parts },
          {
            pieces: names.map((pieces, part) => pieces.map((_, k) => local[`piece${part}-${k}`]!)),
            audio: plan.scenes.map((_, index) => local[`audio${index}`]!),
            ...paths,
            folder,
          },
          frame,
          clips,
        ),
      );
      const placed = video.scenes!.map((scene, index) => ({
        ...scene,
        startMs: Math.round(times[index]!.start * 1000),
        durationMs: Math.round(times[index]!.duration * 1000),
      }));
      await ctx.db.update(videos).set({ scenes: placed }).where(eq(videos.id, video.id));
      const cues = joinedCues(
        plan.scenes.map((scene) => scene.cues),
        times,
      );
      const rendered: RenderResult = { durationSeconds };
      return { ...rendered, made: { ...(await storeVideo(ctx, job, cues, paths, folder)), matte: null } };
    }),
  );
}

/** The parts made joined into the video (with its whole sound, poster, captions and credentials) and stored; a video of scenes by its scenes. */
async function joinMadeParts(ctx: AppContext, job: VideoJob) {
  const { video } = job;
  const count = video.segments!;
  const madeParts = await ctx.db.select({ index: videoSegments.index }).from(videoSegments).where(eq(videoSegments.videoId, video.id));
  const plan = await readPlan(ctx, video.id);
  if (madeParts.length < count) {
    // A worker stopped between planning the parts and sending them all: the missing ones are sent again.
    await sendParts(ctx, video.id, partRangesOf(plan), new Set(madeParts.map((part) => part.index)));
    return null;
  }
  if ('parts' in plan) return joinScenes(ctx, job, plan);
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
