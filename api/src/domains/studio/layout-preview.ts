// POST /api/teams/{teamId}/layout-preview: the video form's picture of the layout before rendering, one frame
// composed by the engine from the avatar's preview and the chosen background, format and placement, with a scene's
// text and pictures in the team's brand: the editor's picture of a scene.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  contentLanguageField,
  elementsField,
  frameSizeOf,
  videoLookEntries,
  type ElementInput,
  type VideoLookInput,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars } from '../../db/schema';
import { composeLayoutStill } from '../../engine';
import { errors, fail } from '../../lib/errors';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { assertPlacementFits, videoBackgroundOf, withBackdrop } from './backgrounds';
import { withElementFiles } from './pictures';
import { withBrand } from './brand-kit';
import { storedElements } from './video-creation';
import type { StoredFile } from '../../storage/media-store';
import { documented, file } from '../../routing/operations';
import { teamParams, uuid } from '../../routing/params';

/** What a preview is asked of: a scene's look, its presenter (null: a voice-over, the background alone) and its elements. */
export type LayoutPreviewInput = VideoLookInput & {
  avatar_id: string | null;
  elements?: ElementInput[];
  language?: string;
  brand?: boolean;
};

export async function layoutPreview(ctx: AppContext, userId: string, teamId: string, input: LayoutPreviewInput) {
  await requireMembership(ctx.db, teamId, userId);
  const [avatar] = input.avatar_id
    ? await ctx.db
        .select()
        .from(avatars)
        .where(and(eq(avatars.id, input.avatar_id), eq(avatars.teamId, teamId)))
    : [null];
  if (avatar === undefined) throw errors.notFound('Avatar');
  if (avatar && (avatar.status !== 'ready' || !avatar.preview)) throw fail(409, 'avatar_not_ready');
  const placement = input.placement ?? { position: 'full', scale: 1 };
  if (avatar) assertPlacementFits(placement, input.background);
  else if (!input.background) throw fail(400, 'voice_over_needs_background');
  const stored = await videoBackgroundOf(ctx, teamId, userId, input.background);
  const elements = await storedElements(ctx, teamId, userId, input.elements ?? [], (field) => field);
  const inputs: Record<'picture' | 'mouth' | 'matte', StoredFile | null> = {
    picture: avatar ? ['avatar_output', avatar.preview!] : null,
    mouth: avatar?.mouth ? ['avatar_output', avatar.mouth] : null,
    matte: avatar?.matte ? ['avatar_output', avatar.matte] : null,
  };
  return ctx.assets.withLocal(inputs, ({ picture, mouth, matte }) =>
    withBackdrop(ctx, teamId, stored, (background) =>
      withElementFiles(ctx, teamId, elements, (specs) =>
        withBrand(ctx, teamId, input.brand ?? true, (brand) =>
          ctx.assets.workspace(async (folder) => {
            const output = join(folder, 'layout.jpg');
            const frame = frameSizeOf(input.aspect_ratio ?? '16:9', '720p');
            const framing = { frame, background, placement, elements: specs, brand };
            const still = { picture: picture ?? null, mouth, matte, framing, language: input.language, output };
            if (!(await composeLayoutStill(still))) throw fail(409, 'avatar_not_ready');
            return readFile(output);
          }),
        ),
      ),
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
            400: ['background_kind_mismatch', 'placement_needs_background', 'page_out_of_range', 'voice_over_needs_background'],
            422: ['upload_not_ready'],
            409: ['avatar_not_ready', 'document_not_ready'],
          },
        }),
        params: teamParams,
        body: v.object({
          /** Null: a voice-over scene, its background and elements alone. */
          avatar_id: v.nullable(uuid),
          ...videoLookEntries,
          elements: v.optional(elementsField),
          language: v.optional(contentLanguageField),
          brand: v.optional(v.boolean('validation.invalid')),
        }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const still = await layoutPreview(ctx, currentUser(request).user.id, teamId, request.body);
      return reply.type('image/jpeg').header('Cache-Control', 'no-store').send(still);
    },
  );
});
