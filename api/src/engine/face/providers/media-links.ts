// How a lip-sync provider reaches the loop and the speech: a hosted one fetches them by URL, so each file is linked
// under a random name among the stored files and given a signed address of the asset route valid for an hour (a
// provider may queue a job a while before it fetches); a Cog server with no key (on the operator's own network) gets
// them inlined as data URIs, which the Cog protocol takes.
import { randomUUID } from 'node:crypto';
import { copyFile, link, readFile, rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { signPath } from '../../../domains/assets/signing';
import type { AssetStore } from '../../../storage/asset-store';
import type { MediaLinks } from '../lipsync-provider';

const LINK_SECONDS = 3600;
const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};
const typeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Signed URLs under `publicApiUrl` (PUBLIC_API_URL: where providers reach this API). */
export function signedMediaLinks(assets: AssetStore, key: Buffer, publicApiUrl: string): MediaLinks {
  return async (file) => {
    const name = `lipsync-${randomUUID()}${extname(file).toLowerCase()}`;
    const path = assets.path('video_output', name);
    // A hard link where the file is on the same disk (the avatar's loop), a copy otherwise (the speech, in /tmp).
    await link(file, path).catch(() => copyFile(file, path));
    return {
      url: `${publicApiUrl}${signPath(key, `/assets/signed/video_output/${name}`, Date.now(), LINK_SECONDS)}`,
      release: () => rm(path, { force: true }),
    };
  };
}

export const dataUriMediaLinks: MediaLinks = async (file) => ({
  url: `data:${typeOf(file)};base64,${(await readFile(file)).toString('base64')}`,
  release: async () => undefined,
});
