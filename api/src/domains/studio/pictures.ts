// The team's pictures for logos and images over scenes: an upload of purpose `image` (kept as a picture, never listed
// among the backgrounds) or one of the team's image backgrounds. Both are named by their upload's id.
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { backgrounds, pictures, uploads, type VideoElement } from '../../db/schema';
import { type ElementSpec, EngineFailure } from '../../engine';
import type { StoredFile } from '../../storage/media-store';
import { runFfmpeg } from '../../media/tools';
import { adoptUpload } from './uploads';
import { teamBackground } from './backgrounds';

/** A picture as it is drawn and shown: its stored file and its still, in `avatar_input` and `avatar_output`. */
export type Picture = { id: string; file: string; preview: string };

/** The still of a picture: at most 1280 wide, a PNG so that a logo keeps its transparency. */
const stillOf = (file: string, preview: string) => runFfmpeg(['-i', file, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", preview]);

/**
 * The team's picture `id`: one of its pictures, a finished `image` upload taken in as one, or else one of its image
 * backgrounds (or a background picture's upload taken into the library, as before pictures were). Another team's, or
 * an upload of another kind, is refused as `upload_not_ready`.
 */
export async function teamPicture(ctx: AppContext, teamId: string, createdBy: string | null, id: string): Promise<Picture> {
  const [existing] = await ctx.db
    .select()
    .from(pictures)
    .where(and(eq(pictures.id, id), eq(pictures.teamId, teamId)));
  if (existing) return existing;
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.teamId, teamId), eq(uploads.purpose, 'image'), eq(uploads.status, 'complete')));
  if (!upload) return teamBackground(ctx, teamId, createdBy, id, 'image');
  const file = await adoptUpload(ctx, upload, `picture-${id}`);
  const preview = `picture-${id}.png`;
  await ctx.assets.withLocal({ source: ['avatar_input', file] } as const, ({ source }) =>
    ctx.assets.workspace(async (folder) => {
      await stillOf(source, join(folder, preview));
      await ctx.assets.store('avatar_output', preview, join(folder, preview));
    }),
  );
  const [created] = await ctx.db
    .insert(pictures)
    .values({ id, teamId, createdBy, name: upload.fileName.slice(0, 100), file, preview })
    .returning();
  return created!;
}

/** The team's pictures and image backgrounds of these ids, by id (an id it has neither of is left out). */
export async function picturesOf(ctx: AppContext, teamId: string, ids: string[]): Promise<Map<string, Picture>> {
  if (!ids.length) return new Map();
  const columns = (table: typeof pictures | typeof backgrounds) => ({ id: table.id, file: table.file, preview: table.preview });
  const [own, fromLibrary] = await Promise.all([
    ctx.db
      .select(columns(pictures))
      .from(pictures)
      .where(and(inArray(pictures.id, ids), eq(pictures.teamId, teamId))),
    ctx.db
      .select(columns(backgrounds))
      .from(backgrounds)
      .where(and(inArray(backgrounds.id, ids), eq(backgrounds.teamId, teamId), eq(backgrounds.kind, 'image'))),
  ]);
  return new Map([...fromLibrary, ...own].map((row) => [row.id, row]));
}

/** Removes a picture's files (when its team goes). */
export const removePictureFiles = (ctx: AppContext, picture: Picture) =>
  Promise.all([ctx.assets.remove('avatar_input', picture.file), ctx.assets.remove('avatar_output', picture.preview)]);

/** Runs `job` with a scene's elements as the engine draws them: each picture's file (a picture or image background of the team) lent for the job. */
export async function withElementFiles<T>(
  ctx: AppContext,
  teamId: string,
  elements: VideoElement[],
  job: (specs: ElementSpec[]) => Promise<T>,
): Promise<T> {
  const ids = [...new Set(elements.flatMap((element) => (element.type === 'image' ? [element.background_id] : [])))];
  const found = await picturesOf(ctx, teamId, ids);
  if (found.size < ids.length) throw new EngineFailure('background_missing');
  const files: Record<string, StoredFile> = Object.fromEntries(
    [...found].map(([id, row]) => [id, ['avatar_input', row.file] as StoredFile]),
  );
  return ctx.assets.withLocal(files, (local) =>
    job(
      elements.map((element) => {
        if (element.type === 'text') return element;
        const { background_id: id, ...placed } = element;
        return { ...placed, file: local[id]! };
      }),
    ),
  );
}
