// A part's job: frames `from` to `to` of a video long enough to be made in parts (video.ts plans them), rendered by
// whichever worker takes it, stored and counted once; the part that makes the count whole sends the video's job again.
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { videoSegments, videos } from '../../../db/schema';
import { renderPart } from '../../../engine';
import { QUEUES } from '../../../jobs/queue';
import { segmentFiles } from '../service';
import { readPlan, renderInputOf, renderPaths, saidOfDisk, videoJobOf, withRenderFiles } from './video-job';

export async function videoPartJob(
  ctx: AppContext,
  { videoId, index, from, to }: { videoId: string; index: number; from: number; to: number },
) {
  const range = { from, to };
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
    await renderPart(ctx.engine, input, range);
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
