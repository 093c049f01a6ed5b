import { api } from '@kagami/shared/api';

/** Saves an asset under a file name: its signed address, asked to come back as an attachment. */
export async function downloadAsset(path: string, fileName: string) {
  const url = new URL(await api.assetUrl(path));
  url.searchParams.set('download', fileName);
  const link = document.createElement('a');
  link.href = url.href;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A name that is safe as a file name on every system. */
export const fileNameOf = (name: string, extension: string) => `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'video'}.${extension}`;
