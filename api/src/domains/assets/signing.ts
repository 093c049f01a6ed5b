// Signed asset links: the key that signs them (configured, or generated once into the data folder), signing a path
// with an expiry, and checking a link's signature.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SIGNED_URL_SECONDS = 300;

/**
 * The key that signs asset URLs: ASSET_SIGNING_SECRET when set (several API processes must share it),
 * otherwise one generated once and kept in the data folder.
 */
export function loadSigningKey(dataDir: string, configured?: string): Buffer {
  if (configured) return Buffer.from(configured);
  const file = join(dataDir, 'asset-signing.key');
  // Written aside, then linked into place (atomic, and refused when present): processes sharing the data
  // folder (API and workers) that start together all keep the first key, never a half-written one.
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}

const signature = (key: Buffer, path: string, expires: number) =>
  createHmac('sha256', key).update(`${path}:${expires}`).digest('base64url');

export function signPath(key: Buffer, path: string, now = Date.now(), seconds = SIGNED_URL_SECONDS) {
  const expires = Math.floor(now / 1000) + seconds;
  return `${path}?expires=${expires}&sig=${signature(key, path, expires)}`;
}

export function verifySignature(key: Buffer, path: string, expires: number, sig: string, now = Date.now()) {
  if (!Number.isInteger(expires) || expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(key, path, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
