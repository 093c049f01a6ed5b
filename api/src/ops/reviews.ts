// The operators' review: GET /api/ops/reviews lists videos marked for a look (made while scripts could not be checked);
// POST /api/ops/videos/{id}/approve clears the mark; POST /api/ops/videos/{id}/take-down takes any video down: it
// fails with the reason `taken_down`, its files and its share link are gone, so its downloads and public page stop.
import { desc, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { teams, videoShares, videos } from '../db/schema';
import { errors } from '../lib/errors';
import { removeMadeFiles } from '../domains/studio/service';
import { requireOpsToken } from './ops-token';

const params = v.object({ id: v.pipe(v.string(), v.uuid('validation.invalid')) });
const REVIEWS_SHOWN = 100;

export function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.opsToken;
  if (!token) return;
  const ops = { preHandler: async (request: FastifyRequest) => requireOpsToken(request, token) };

  app.get('/api/ops/reviews', ops, async () => {
    const rows = await ctx.db
      .select({ video: videos, team: teams.name })
      .from(videos)
      .innerJoin(teams, eq(teams.id, videos.teamId))
      .where(isNotNull(videos.review))
      .orderBy(desc(videos.createdAt))
      .limit(REVIEWS_SHOWN);
    return {
      videos: rows.map(({ video, team }) => ({
        id: video.id,
        team_id: video.teamId,
        team,
        name: video.name,
        script: video.script,
        review: video.review,
        status: video.status,
        created_at: video.createdAt.toISOString(),
      })),
    };
  });

  app.post('/api/ops/videos/:id/approve', { ...ops, schema: { params } }, async (request, reply) => {
    const [row] = await ctx.db
      .update(videos)
      .set({ review: null })
      .where(eq(videos.id, (request.params as { id: string }).id))
      .returning({ id: videos.id });
    if (!row) throw errors.notFound('Video');
    return reply.status(204).send();
  });

  app.post('/api/ops/videos/:id/take-down', { ...ops, schema: { params } }, async (request) => {
    const { id } = request.params as { id: string };
    const [video] = await ctx.db.select().from(videos).where(eq(videos.id, id));
    if (!video) throw errors.notFound('Video');
    await ctx.db.delete(videoShares).where(eq(videoShares.videoId, id));
    await ctx.db
      .update(videos)
      .set({ status: 'failed', reason: 'taken_down', review: null, output: null, thumbnail: null, captions: null })
      .where(eq(videos.id, id));
    await removeMadeFiles(ctx, video);
    ctx.log.warn({ videoId: id, teamId: video.teamId }, 'video taken down by the operators');
    return { id, status: 'failed', reason: 'taken_down' };
  });
}
