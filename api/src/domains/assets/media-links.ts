// How a lip-sync provider reaches the loop and the speech: a hosted one fetches them by URL, so each file is linked
// under a random name among the stored files and given a signed address of the asset route valid for an hour (a
// provider may queue a job a while before it fetches); a Cog server with no key (on the operator's own network) gets
// them inlined as data URIs, which the Cog protocol takes.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { signPath } from './signing';
import { contentTypeOf, type MediaStore } from '../../storage/media-store';
import type { MediaLinks } from '../../engine';

const LINK_SECONDS = 3600;
/**
 * Signed URLs: the bucket's presigned link where browsers and providers can reach the bucket, otherwise the asset
 * route's under `publicApiUrl` (PUBLIC_API_URL: where providers reach this API).
 */
export function signedMediaLinks(assets: MediaStore, key: Buffer, publicApiUrl: string): MediaLinks {
  return async (file) => {
    const name = `lipsync-${randomUUID()}${extname(file).toLowerCase()}`;
    const stored = assets.keyOf('video_output', name);
    await assets.storage.putFile(stored, file, contentTypeOf(name));
    const presigned = await assets.storage.downloadUrl(stored, {
      seconds: LINK_SECONDS,
      disposition: 'inline',
      contentType: contentTypeOf(name),
    });
    return {
      url: presigned ?? `${publicApiUrl}${signPath(key, `/assets/signed/video_output/${name}`, Date.now(), LINK_SECONDS)}`,
      release: () => assets.remove('video_output', name),
    };
  };
}

export const dataUriMediaLinks: MediaLinks = async (file) => ({
  url: `data:${contentTypeOf(file)};base64,${(await readFile(file)).toString('base64')}`,
  release: async () => undefined,
});
