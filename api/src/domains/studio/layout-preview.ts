// POST /api/teams/{teamId}/layout-preview: the video form's picture of the layout before rendering, one frame
// composed by the engine from the avatar's preview and the chosen background, format and placement.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { frameSizeOf, videoLookEntries, type VideoLookInput } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars } from '../../db/schema';
import { composeLayoutStill } from '../../engine';
import { errors, fail } from '../../lib/errors';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { assertPlacementFits, videoBackgroundOf, withBackdrop } from './backgrounds';
import type { StoredFile } from '../../storage/media-store';
import { documented, file } from '../../routing/operations';
import { teamParams, uuid } from '../../routing/params';

export async function layoutPreview(ctx: AppContext, userId: string, teamId: string, input: VideoLookInput & { avatar_id: string }) {
  await requireMembership(ctx.db, teamId, userId);
  const [avatar] = await ctx.db
    .select()
    .from(avatars)
    .where(and(eq(avatars.id, input.avatar_id), eq(avatars.teamId, teamId)));
  if (!avatar) throw errors.notFound('Avatar');
  if (avatar.status !== 'ready' || !avatar.preview) throw fail(409, 'avatar_not_ready');
  const placement = input.placement ?? { position: 'full', scale: 1 };
  assertPlacementFits(placement, input.background);
  const stored = await videoBackgroundOf(ctx, teamId, userId, input.background);
  const inputs: { picture: StoredFile } & Record<'mouth' | 'matte', StoredFile | null> = {
    picture: ['avatar_output', avatar.preview],
    mouth: avatar.mouth ? ['avatar_output', avatar.mouth] : null,
    matte: avatar.matte ? ['avatar_output', avatar.matte] : null,
  };
  return ctx.assets.withLocal(inputs, ({ picture, mouth, matte }) =>
    withBackdrop(ctx, teamId, stored, (background) =>
      ctx.assets.workspace(async (folder) => {
        const output = join(folder, 'layout.jpg');
        const framing = { frame: frameSizeOf(input.aspect_ratio ?? '16:9', '720p'), background, placement };
        if (!(await composeLayoutStill({ picture, mouth, matte, framing, output }))) throw fail(409, 'avatar_not_ready');
        return readFile(output);
      }),
    ),
  );
}

export const layoutPreviewRoutes = signedIn((app, ctx) => {
  app.post(
    '/api/teams/:teamId/layout-preview',
    {
      schema: {
        ...documented({
          id: 'previewLayout',
          tag: 'Videos',
          summary: 'Preview a layout',
          description: 'A still of the avatar placed over a background in a format, before rendering (JPEG).',
          answers: { 200: file('A still of the layout (JPEG).', 'image/jpeg') },
          refusals: {
            400: ['background_kind_mismatch', 'placement_needs_background', 'page_out_of_range'],
            409: ['avatar_not_ready', 'document_not_ready'],
          },
        }),
        params: teamParams,
        body: v.object({ avatar_id: uuid, ...videoLookEntries }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const still = await layoutPreview(ctx, currentUser(request).user.id, teamId, request.body);
      return reply.type('image/jpeg').header('Cache-Control', 'no-store').send(still);
    },
  );
});
