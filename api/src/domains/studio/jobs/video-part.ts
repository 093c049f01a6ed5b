// A part's job: frames `from` to `to` of a video long enough to be made in parts, or of one scene of a video of scenes
// (video.ts plans them), rendered by whichever worker takes it, stored and counted once; the part that makes the count
// whole sends the video's job again.
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { videoSegments, videos } from '../../../db/schema';
import { piecesOf, renderPart, splitsOf } from '../../../engine';
import { QUEUES } from '../../../jobs/queue';
import { segmentFiles } from '../service';
import {
  readPlan,
  renderInputOf,
  renderPaths,
  saidOfDisk,
  sceneJobOf,
  videoJobOf,
  withRenderFiles,
  type PartsPlan,
  type ScenesPlan,
  type VideoJob,
} from './video-job';

type PartJob = { videoId: string; index: number; from: number; to: number };

export async function videoPartJob(ctx: AppContext, part: PartJob) {
  const { videoId, index } = part;
  const job = await videoJobOf(ctx, videoId);
  if (!job?.video.segments) return;
  const [made] = await ctx.db
    .select()
    .from(videoSegments)
    .where(and(eq(videoSegments.videoId, videoId), eq(videoSegments.index, index)));
  if (made) return;
  const plan = await readPlan(ctx, videoId);
  const names = await ('parts' in plan ? renderScenePart(ctx, job, plan, part) : renderVideoPart(ctx, job, plan, part)).catch(
    (error: unknown) => {
      throw saidOfDisk(error);
    },
  );
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
  if (counted === 'deleted') await ctx.assets.remove('video_output', ...names);
  else if (counted && counted.done === counted.total) await ctx.jobs.send(QUEUES.video, { videoId });
}

/** A part of a long one-scene video, stored; its stored name. */
async function renderVideoPart(ctx: AppContext, job: VideoJob, plan: PartsPlan, { videoId, index, from, to }: PartJob) {
  const name = segmentFiles(videoId, job.video.segments!).parts[index]!;
  await withRenderFiles(ctx, job, plan.audio, async (local, framing, folder) => {
    const { paths } = renderPaths(job, local, folder);
    const output = join(folder, name);
    const input = renderInputOf(job, local, { audio: local.audio!, phonemes: plan.phonemes, cues: plan.cues }, framing, {
      ...paths,
      output,
    });
    await renderPart(ctx.engine, input, { from, to });
    await ctx.assets.store('video_output', name, output);
  });
  return [name];
}

/**
 * A part of one scene (its presenter's face drawn here, or a voice-over's picture), cut into pieces where its
 * transition windows begin and end, each stored; their stored names.
 */
async function renderScenePart(ctx: AppContext, job: VideoJob, plan: ScenesPlan, { videoId, index }: PartJob) {
  const part = plan.parts[index]!;
  const scene = plan.scenes[part.scene]!;
  const row = job.video.scenes![part.scene]!;
  const sceneJob = await sceneJobOf(ctx, job, row);
  const files = segmentFiles(videoId, plan.parts.length);
  const names = piecesOf(scene.span, part).map((_, k) => files.piece(index, k));
  const range = { from: part.from, to: part.to, splitAt: splitsOf(scene.span, part) };
  await withRenderFiles(ctx, sceneJob, scene.audio, async (local, framing, folder) => {
    const { paths } = renderPaths(sceneJob, local, folder);
    const output = join(folder, names.length > 1 ? files.piece(index, '%d') : names[0]!);
    const said = { audio: local.audio!, phonemes: scene.phonemes, cues: scene.cues };
    const input = { ...renderInputOf(sceneJob, local, said, framing, { ...paths, output }), localOnly: true };
    if (row.avatarId) await renderPart(ctx.engine, input, range);
    else await ctx.engine.renderVoiceOver({ ...input, framing }, range);
    for (const name of names) await ctx.assets.store('video_output', name, join(folder, name));
  });
  return names;
}
