// Content Credentials: a video signed by this deployment reads back as Kagami's, made by a trained algorithm, for its
// team and avatar; one byte changed in its media, or an unsigned file, reads as such.
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCredentials, signVideo, TRAINED_ALGORITHMIC_MEDIA, type VideoClaims } from '../../src/engine/provenance/credentials';
import { loadSigningIdentity, type SigningIdentity } from '../../src/engine/provenance/signing-identity';
import { runFfmpeg } from '../../src/media/tools';
import { mediaDir } from './fixtures';

let dir: string;
let identity: SigningIdentity;
let plain: string;
const claims: VideoClaims = {
  video_id: 'v-1',
  title: 'Launch',
  team_id: 't-1',
  team: 'Aoki Studio',
  avatar_id: 'a-1',
  avatar: 'Presenter',
  consent: 'typed',
  consent_verified: false,
  created_at: '2026-11-26T06:00:00.000Z',
};

/** Where the first `mdat` box's media bytes start. */
function mediaDataOffset(bytes: Buffer) {
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'mdat') return at + 8;
    at += size === 1 ? Number(bytes.readBigUInt64BE(at + 8)) : size;
  }
  throw new Error('no mdat');
}

beforeAll(async () => {
  dir = mediaDir();
  const warnings: string[] = [];
  identity = await loadSigningIdentity(dir, {}, { warn: (message) => warnings.push(message) });
  expect(warnings[0]).toContain('made a private signing certificate');
  plain = join(dir, 'plain.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', plain],
  ]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the identity made on first start is kept: a second load gives the same signer', async () => {
  const again = await loadSigningIdentity(dir, {}, { warn: () => {} });
  expect(again.serial).toBe(identity.serial);
});

test('processes starting together on one data folder, with the same process id, all keep the first identity made', async () => {
  const shared = join(dir, 'starting-together');
  const loaded = await Promise.all(Array.from({ length: 4 }, () => loadSigningIdentity(shared, {}, { warn: () => {} })));
  expect(new Set(loaded.map((one) => one.serial)).size).toBe(1);
  expect(readdirSync(shared)).toEqual(['content-credentials']);
});

test('a signed video reads back as Kagami’s, intact, made by a trained algorithm, with its team and avatar', async () => {
  const file = join(dir, 'signed.mp4');
  copyFileSync(plain, file);
  await signVideo(identity, file, claims);
  const report = await readCredentials(identity, file);
  expect(report).toMatchObject({
    has_credentials: true,
    kagami: true,
    altered: false,
    trusted: true,
    digital_source_type: TRAINED_ALGORITHMIC_MEDIA,
    video: claims,
    failures: [],
  });
  expect(report.signer).toContain('Kagami Content Credentials');
  // It still plays: ffmpeg decodes every frame.
  await runFfmpeg(['-v', 'error', '-i', file, '-f', 'null', '-']);
});

test('one byte changed in the media data: altered; an unsigned file: no credentials', async () => {
  const file = join(dir, 'signed-2.mp4');
  copyFileSync(plain, file);
  await signVideo(identity, file, claims);
  const bytes = readFileSync(file);
  const at = mediaDataOffset(bytes) + 1000;
  bytes[at] = bytes[at]! ^ 0xff;
  const changed = join(dir, 'changed.mp4');
  writeFileSync(changed, bytes);
  const report = await readCredentials(identity, changed);
  expect(report).toMatchObject({ has_credentials: true, altered: true });
  expect(report.failures).toContain('assertion.bmffHash.mismatch');
  expect(await readCredentials(identity, plain)).toMatchObject({ has_credentials: false, kagami: false, altered: false });
});

test('another deployment’s signature is not Kagami’s here', async () => {
  const elsewhere = await loadSigningIdentity(join(dir, 'elsewhere'), {}, { warn: () => {} });
  const file = join(dir, 'elsewhere.mp4');
  copyFileSync(plain, file);
  await signVideo(elsewhere, file, claims);
  expect(await readCredentials(identity, file)).toMatchObject({ has_credentials: true, kagami: false, altered: false, trusted: false });
});
