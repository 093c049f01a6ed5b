import { mkdirSync } from 'node:fs';
import { rm, rename, copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** SPEC §3 asset categories, each a folder under data/. */
export const ASSET_CATEGORIES = ['avatar_input', 'avatar_output', 'audio_output', 'video_output'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

export type AssetStore = ReturnType<typeof createAssetStore>;

export function createAssetStore(dataDir: string) {
  for (const category of ASSET_CATEGORIES) mkdirSync(join(dataDir, category), { recursive: true });
  const path = (category: AssetCategory, file: string) => join(dataDir, category, basename(file));
  return {
    path,
    uploadPath: (uploadId: string) => join(dataDir, 'uploads', basename(uploadId)),
    /** Moves a finished upload into a category folder (copying when the folders are on different devices). */
    async adopt(from: string, category: AssetCategory, file: string) {
      const to = path(category, file);
      await rename(from, to).catch(async () => {
        await copyFile(from, to);
        await rm(from, { force: true });
      });
      await rm(`${from}.json`, { force: true });
      return file;
    },
    async remove(category: AssetCategory, file: string | null | undefined) {
      if (file) await rm(path(category, file), { force: true });
    },
  };
}
