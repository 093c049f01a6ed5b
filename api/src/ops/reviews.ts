// The operators' review: GET /api/ops/reviews lists videos marked for a look (made while scripts could not be checked)
// and avatars whose consent clip's phrase could not be heard here (with a link to watch the clip);
// POST /api/ops/videos/{id}/approve and /api/ops/avatars/{id}/approve clear the mark (the avatar's consent then counts
// as verified); POST /api/ops/videos/{id}/take-down takes any video down: it fails with the reason `taken_down`, its
// files and its share link are gone, so its downloads and public page stop. /api/ops/avatars/{id}/take-down does the
// same to an avatar: its files go, and videos can no longer be made with it.
import { desc, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { type AppContext } from '../domains/app-context';
import { avatars, teams, videoShares, videos } from '../db/schema';
import { errors } from '../lib/errors';
import { removeAvatarFiles, removeMadeFiles } from '../domains/studio/service';
import { baseUrlOf, signedUrl } from '../domains/public-api/serialize';
import { requireOpsToken } from './ops-token';
import type { App } from '../routing/typed';
import { uuid } from '../routing/params';

const params = v.object({ id: uuid });
const REVIEWS_SHOWN = 100;

export function reviewRoutes(app: App, ctx: AppContext) {
  const token = ctx.config.opsToken;
  if (!token) return;
  const ops = { preHandler: async (request: FastifyRequest) => requireOpsToken(request, token) };

  app.get('/api/ops/reviews', ops, async (request) => {
    const avatarRows = await ctx.db
      .select({ avatar: avatars, team: teams.name })
      .from(avatars)
      .innerJoin(teams, eq(teams.id, avatars.teamId))
      .where(isNotNull(avatars.consentReview))
      .orderBy(desc(avatars.createdAt))
      .limit(REVIEWS_SHOWN);
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
      avatars: avatarRows.map(({ avatar, team }) => ({
        id: avatar.id,
        team_id: avatar.teamId,
        team,
        name: avatar.name,
        language: avatar.language,
        review: avatar.consentReview,
        status: avatar.status,
        consent_clip_url: signedUrl(ctx, baseUrlOf(request), 'avatar_input', avatar.consentClip),
        created_at: avatar.createdAt.toISOString(),
      })),
    };
  });

  app.post('/api/ops/videos/:id/approve', { ...ops, schema: { params } }, async (request, reply) => {
    const [row] = await ctx.db.update(videos).set({ review: null }).where(eq(videos.id, request.params.id)).returning({ id: videos.id });
    if (!row) throw errors.notFound('Video');
    return reply.status(204).send();
  });

  app.post('/api/ops/videos/:id/take-down', { ...ops, schema: { params } }, async (request) => {
    const { id } = request.params;
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

  app.post('/api/ops/avatars/:id/approve', { ...ops, schema: { params } }, async (request, reply) => {
    const [row] = await ctx.db
      .update(avatars)
      .set({ consentReview: null })
      .where(eq(avatars.id, request.params.id))
      .returning({ id: avatars.id });
    if (!row) throw errors.notFound('Avatar');
    return reply.status(204).send();
  });

  app.post('/api/ops/avatars/:id/take-down', { ...ops, schema: { params } }, async (request) => {
    const { id } = request.params;
    const [avatar] = await ctx.db.select().from(avatars).where(eq(avatars.id, id));
    if (!avatar) throw errors.notFound('Avatar');
    await ctx.db
      .update(avatars)
      .set({ status: 'failed', reason: 'taken_down', consentReview: null, preview: null, clip: null, loop: null, mouth: null, matte: null })
      .where(eq(avatars.id, id));
    await removeAvatarFiles(ctx, avatar);
    ctx.log.warn({ avatarId: id, teamId: avatar.teamId }, 'avatar taken down by the operators');
    return { id, status: 'failed', reason: 'taken_down' };
  });
}
