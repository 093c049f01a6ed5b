// Serving stored files: a member's session is redirected to a signed link (five minutes) to a file of their team's
// work, and the signed link serves its bytes, with range requests, inline or as a download.
import * as v from 'valibot';
import { eq, or } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { avatars, backgrounds, documentPages, documents, pictures, videos, voices } from '../../db/schema';
import { errors } from '../../lib/errors';
import { ASSET_CATEGORIES, type AssetCategory } from '../../storage/media-store';
import { sendObject } from '../../storage/send-object';
import { currentUser, signedIn } from '../auth/guard';
import { findMembership } from '../teams/membership';
import { signPath, verifySignature } from './signing';
import { documented, redirect, stored } from '../../routing/operations';
import type { App } from '../../routing/typed';

const assetParams = v.object({ category: v.picklist(ASSET_CATEGORIES), file: v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/)) });

/** The team an asset belongs to, found from the row that names the file. */
async function owningTeam(ctx: AppContext, category: AssetCategory, file: string): Promise<string | null> {
  const lookups = {
    avatar_input: [
      ctx.db
        .select({ teamId: avatars.teamId })
        .from(avatars)
        .where(or(eq(avatars.source, file), eq(avatars.consentClip, file))),
      ctx.db.select({ teamId: backgrounds.teamId }).from(backgrounds).where(eq(backgrounds.file, file)),
      ctx.db.select({ teamId: pictures.teamId }).from(pictures).where(eq(pictures.file, file)),
      ctx.db.select({ teamId: voices.teamId }).from(voices).where(eq(voices.source, file)),
      ctx.db.select({ teamId: videos.teamId }).from(videos).where(eq(videos.audioSource, file)),
      ctx.db.select({ teamId: documents.teamId }).from(documents).where(eq(documents.file, file)),
    ],
    avatar_output: [
      ctx.db
        .select({ teamId: avatars.teamId })
        .from(avatars)
        .where(or(eq(avatars.preview, file), eq(avatars.clip, file), eq(avatars.loop, file))),
      ctx.db.select({ teamId: backgrounds.teamId }).from(backgrounds).where(eq(backgrounds.preview, file)),
      ctx.db.select({ teamId: pictures.teamId }).from(pictures).where(eq(pictures.preview, file)),
      ctx.db
        .select({ teamId: documentPages.teamId })
        .from(documentPages)
        .where(or(eq(documentPages.image, file), eq(documentPages.thumbnail, file))),
    ],
    audio_output: [ctx.db.select({ teamId: voices.teamId }).from(voices).where(eq(voices.sample, file))],
    video_output: [
      ctx.db
        .select({ teamId: videos.teamId })
        .from(videos)
        .where(or(eq(videos.output, file), eq(videos.thumbnail, file), eq(videos.captions, file.replace(/\.(srt|vtt)$/, '')))),
    ],
  }[category];
  for (const rows of await Promise.all(lookups)) if (rows[0]) return rows[0].teamId;
  return null;
}

/**
 * GET /assets/data/{category}/{file}: members of the owning team are redirected to a signed URL valid
 * for five minutes, which serves the bytes with range support (seeking in players, resumable downloads).
 */
export async function assetRoutes(app: App, ctx: AppContext) {
  const key = ctx.signingKey;

  // A member's files, by session.
  signedIn((app) => {
    app.get(
      '/assets/data/:category/:file',
      {
        schema: {
          ...documented({
            id: 'getAsset',
            tag: 'Assets',
            summary: 'Get a file',
            description: 'A file of the team’s work for a member’s session.',
            answers: { 302: redirect('To a signed link to the file, valid for a few minutes.') },
          }),
          params: assetParams,
        },
      },
      async (request, reply) => {
        const { category, file } = request.params;
        const teamId = await owningTeam(ctx, category, file);
        if (!teamId || !(await findMembership(ctx.db, teamId, currentUser(request).user.id))) throw errors.notFound('Asset');
        return reply.redirect(signPath(key, `/assets/signed/${category}/${file}`), 302);
      },
    );
  })(app, ctx);

  app.get(
    '/assets/signed/:category/:file',
    {
      schema: {
        ...documented({
          id: 'getSignedAsset',
          tag: 'Assets',
          summary: 'Get a file by signed link',
          description: 'A file of the team’s work by a link that expires, with range requests.',
          answers: stored('The file, in its own media type (video, picture, sound or captions).', '*/*'),
          refusals: { 403: ['asset_link_expired'] },
        }),
        params: assetParams,
        querystring: v.object({
          expires: v.pipe(v.string(), v.transform(Number)),
          sig: v.pipe(v.string(), v.maxLength(100)),
          // Not signed: it only asks the browser to save the file under this name instead of showing it.
          download: v.optional(v.pipe(v.string(), v.maxLength(200))),
        }),
      },
    },
    async (request, reply) => {
      const { category, file } = request.params;
      const { expires, sig, download } = request.query;
      if (!verifySignature(key, `/assets/signed/${category}/${file}`, expires, sig)) {
        return reply.status(403).send({ code: 'asset_link_expired', message: 'This link has expired. Open the item again.' });
      }
      reply.header('Cache-Control', 'private, max-age=300');
      // Always a disposition (and nosniff, from helmet): a stored file is media to show or save, never a page.
      const disposition = download
        ? `attachment; filename*=UTF-8''${encodeURIComponent(download)}`
        : `inline; filename*=UTF-8''${encodeURIComponent(file)}`;
      return sendObject(request, reply, ctx.assets.storage, ctx.assets.keyOf(category, file), {
        disposition,
        notFound: () => {
          throw errors.notFound('Asset');
        },
      });
    },
  );
}
