// Share links: a member turns a ready video's public page on (with or without a download button), reads its link,
// views and embed snippet, and turns it off. The public pages and their media answer to the link's token alone and
// say nothing of the team; a revoked link is a 404.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import { videoShares, videos } from '../../db/schema';
import { frameSizeOf } from '@kagami/shared/validation';
import { fail } from '../../lib/errors';
import { currentUser, signedIn } from '../auth/guard';
import { findVideo } from '../studio/service';
import { embedPage, gonePage, sharePagePolicy, watchPage, type SharedVideo } from './page';
import { sendObject } from '../../storage/send-object';
import { documented, json, none, page as pageAnswer, stored } from '../../routing/operations';
import { Share, UNSHARED } from './answers';
import type { App } from '../../routing/typed';
import { teamItemParams } from '../../routing/params';

type Share = typeof videoShares.$inferSelect;

const shareJson = (ctx: AppContext, share: Share | null) => {
  if (!share) return { shared: false as const };
  const url = `${ctx.config.publicApiUrl}/share/${share.token}`;
  return {
    shared: true as const,
    url,
    embed_url: `${url}/embed`,
    embed_html: `<iframe src="${url}/embed" width="640" height="360" title="Kagami video" allow="fullscreen; picture-in-picture" allowfullscreen style="border:0"></iframe>`,
    allow_download: share.allowDownload,
    views: share.views,
    created_at: share.createdAt.toISOString(),
  };
};

const shareOf = async (ctx: AppContext, videoId: string) =>
  (await ctx.db.select().from(videoShares).where(eq(videoShares.videoId, videoId)))[0] ?? null;

/** Turns the public page on (a new link), or changes whether it offers the download (the same link). */
async function share(ctx: AppContext, userId: string, teamId: string, videoId: string, allowDownload: boolean) {
  const video = await findVideo(ctx, userId, teamId, videoId);
  if (video.status !== 'ready' || !video.output) throw fail(409, 'video_not_ready');
  const [row] = await ctx.db
    .insert(videoShares)
    .values({ videoId, token: randomBytes(24).toString('base64url'), allowDownload, createdBy: userId })
    .onConflictDoUpdate({ target: videoShares.videoId, set: { allowDownload } })
    .returning();
  return shareJson(ctx, row!);
}

/** The public page's address of a ready video: its link, made (without the download button) if it has none. */
export async function shareUrlOf(ctx: AppContext, videoId: string, createdBy: string | null) {
  await ctx.db
    .insert(videoShares)
    .values({ videoId, token: randomBytes(24).toString('base64url'), allowDownload: false, createdBy })
    .onConflictDoNothing({ target: videoShares.videoId });
  const share = await shareOf(ctx, videoId);
  return share ? `${ctx.config.publicApiUrl}/share/${share.token}` : null;
}

/** The page's few words, in Japanese for a Japanese browser. */
const wordsFor = (request: FastifyRequest) =>
  /^ja\b/i.test(String(request.headers['accept-language'] ?? ''))
    ? {
        download: 'ダウンロード',
        madeWith: 'AIで作成（Kagami）。この動画には、そのことを示すコンテンツ認証情報（C2PA）が付いています。',
        gone: 'この動画は共有されていないか、リンクが無効になっています。',
      }
    : {
        download: 'Download',
        madeWith: 'Made with AI (Kagami). The video carries Content Credentials (C2PA) that say so.',
        gone: 'This video is not shared, or its link was turned off.',
      };

const tokenParams = v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{20,64}$/)) });

export function shareRoutes(app: App, ctx: AppContext) {
  const me = (request: FastifyRequest) => currentUser(request).user.id;

  // A member's share links.
  signedIn((app) => {
    app.get(
      '/api/teams/:teamId/videos/:id/share',
      {
        schema: {
          ...documented({
            id: 'getVideoShare',
            tag: 'Sharing',
            summary: 'Get a video’s link',
            description: 'The public link of a ready video, if it has one.',
            answers: { 200: json('Whether the video has a public page, and its links.', Share) },
          }),
          params: teamItemParams,
        },
      },
      async (request) => {
        const { teamId, id } = request.params;
        await findVideo(ctx, me(request), teamId, id);
        return shareJson(ctx, await shareOf(ctx, id));
      },
    );
    app.put(
      '/api/teams/:teamId/videos/:id/share',
      {
        schema: {
          ...documented({
            id: 'shareVideo',
            tag: 'Sharing',
            summary: 'Share a video',
            description: 'Makes or changes the public link of a ready video (download allowed or not).',
            answers: { 200: json('The public page, on.', Share) },
          }),
          params: teamItemParams,
          body: v.object({ allow_download: v.optional(v.boolean('validation.invalid'), false) }),
        },
      },
      async (request) => {
        const { teamId, id } = request.params;
        return share(ctx, me(request), teamId, id, request.body.allow_download);
      },
    );
    app.delete(
      '/api/teams/:teamId/videos/:id/share',
      {
        schema: {
          ...documented({
            id: 'unshareVideo',
            tag: 'Sharing',
            summary: 'Stop sharing a video',
            description: 'The public link stops working.',
            answers: { 204: none('The public page is off; its link stops working.') },
          }),
          params: teamItemParams,
        },
      },
      async (request, reply) => {
        const { teamId, id } = request.params;
        await findVideo(ctx, me(request), teamId, id);
        await ctx.db.delete(videoShares).where(eq(videoShares.videoId, id));
        return reply.status(204).send();
      },
    );
  })(app, ctx);

  // The public side: everything below answers to the token.
  app.register(async (pub) => {
    const sharedVideo = async (token: string) => {
      const [row] = await ctx.db
        .select({ share: videoShares, video: videos })
        .from(videoShares)
        .innerJoin(videos, eq(videos.id, videoShares.videoId))
        .where(eq(videoShares.token, token));
      return row && row.video.status === 'ready' && row.video.output ? row : null;
    };
    const gone = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(404)
        .header('content-security-policy', sharePagePolicy(false))
        .type('text/html; charset=utf-8')
        .send(gonePage(wordsFor(request).gone));

    const page = (embed: boolean) => async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      const { token } = request.params;
      const found = await sharedVideo(token);
      if (!found) return gone(request, reply);
      const { video, share: shared } = found;
      await ctx.db
        .update(videoShares)
        .set({ views: sql`${videoShares.views} + 1` })
        .where(eq(videoShares.videoId, video.id));
      const base = `${ctx.config.publicApiUrl}/share/${token}`;
      const size = frameSizeOf(video.aspectRatio, video.resolution);
      const shown: SharedVideo = {
        title: video.name,
        language: video.language,
        page: base,
        video: `${base}/video.mp4`,
        poster: video.thumbnail ? `${base}/poster.jpg` : null,
        captions: video.captions ? `${base}/captions.vtt` : null,
        download: shared.allowDownload ? `${base}/download` : null,
        width: size.width,
        height: size.height,
        durationSeconds: video.durationMs === null ? null : video.durationMs / 1000,
      };
      reply.header('content-security-policy', sharePagePolicy(embed)).header('cache-control', 'no-store');
      // Only the embed page may be framed, by any site (its policy says so); every other answer keeps helmet's DENY.
      if (embed) reply.raw.removeHeader('x-frame-options');
      return reply.type('text/html; charset=utf-8').send(embed ? embedPage(shown) : watchPage(shown, wordsFor(request)));
    };
    pub.get(
      '/share/:token',
      {
        schema: {
          ...documented({
            id: 'viewSharedVideo',
            tag: 'Sharing',
            summary: 'Watch a shared video',
            description: 'The page of a shared video (HTML), for anyone with the link.',
            answers: { 200: pageAnswer('The watch page.'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      page(false),
    );
    pub.get(
      '/share/:token/embed',
      {
        schema: {
          ...documented({
            id: 'embedSharedVideo',
            tag: 'Sharing',
            summary: 'Embed a shared video',
            description: 'The player alone, for an iframe (HTML).',
            answers: { 200: pageAnswer('The player alone, for an iframe.'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      page(true),
    );

    const media =
      (file: (video: typeof videos.$inferSelect) => string | null, attachment = false) =>
      async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
        const { token } = request.params;
        const found = await sharedVideo(token);
        const name = found ? file(found.video) : null;
        if (!found || !name || (attachment && !found.share.allowDownload)) return gone(request, reply);
        reply.header('cache-control', 'no-store');
        const disposition = attachment ? `attachment; filename*=UTF-8''${encodeURIComponent(`${found.video.name}.mp4`)}` : 'inline';
        return sendObject(request, reply, ctx.assets.storage, ctx.assets.keyOf('video_output', name), {
          disposition,
          notFound: () => gone(request, reply),
        });
      };
    pub.get(
      '/share/:token/video.mp4',
      {
        schema: {
          ...documented({
            id: 'streamSharedVideo',
            tag: 'Sharing',
            summary: 'Stream a shared video',
            description: 'The video file, with range requests.',
            answers: { ...stored('The video (MP4).', 'video/mp4'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      media((video) => video.output),
    );
    pub.get(
      '/share/:token/poster.jpg',
      {
        schema: {
          ...documented({
            id: 'getSharedVideoPoster',
            tag: 'Sharing',
            summary: 'Get a shared video’s poster',
            description: 'Its poster frame (JPEG).',
            answers: { ...stored('The poster frame (JPEG).', 'image/jpeg'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      media((video) => video.thumbnail),
    );
    pub.get(
      '/share/:token/captions.vtt',
      {
        schema: {
          ...documented({
            id: 'getSharedVideoCaptions',
            tag: 'Sharing',
            summary: 'Get a shared video’s captions',
            description: 'Its captions (WebVTT).',
            answers: { ...stored('The captions (WebVTT).', 'text/vtt'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      media((video) => (video.captions ? `${video.captions}.vtt` : null)),
    );
    pub.get(
      '/share/:token/download',
      {
        schema: {
          ...documented({
            id: 'downloadSharedVideo',
            tag: 'Sharing',
            summary: 'Download a shared video',
            description: 'The video file as an attachment, where its link allows downloads.',
            answers: { ...stored('The video as an attachment (MP4).', 'video/mp4'), ...UNSHARED },
          }),
          params: tokenParams,
        },
      },
      media((video) => video.output, true),
    );
  });
}
