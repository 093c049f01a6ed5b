// A team's brand kit: its colours, logo and fonts read and replaced in both APIs, fonts checked by their content, and
// a video drawn in it (a lower third on the accent, in the brand's font) or, asked, without it.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type * as tus from 'tus-js-client';
import { and, eq } from 'drizzle-orm';
import { estimateSpeechSeconds } from '@kagami/shared/validation';
import { backgrounds, usage } from '../src/db/schema';
import { probeMedia } from '../src/media/probe';
import { runFfmpeg } from '../src/media/tools';
import { build, call, eventually, onboardedUser, readyLoopAvatar, uploadFile, type TestApp } from './helper';
import { frameAt, share } from './media/frames';

let t: TestApp;
const owner = { token: '', teamId: '' };
let presenter = '';
const FONT = readFileSync(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSerif-Bold.ttf'));

beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  Object.assign(owner, await onboardedUser(t.app, 'brand@example.com', 'Brand Team'));
  presenter = await readyLoopAvatar(t, owner.teamId, 'Presenter', 'color=c=0x0000FF:size=320x240:rate=25:duration=2');
}, 60_000);
afterAll(() => t.close());

const kitUrl = () => `/api/teams/${owner.teamId}/brand-kit`;
const logoPng = () => {
  const canvas = createCanvas(200, 100);
  const context = canvas.getContext('2d');
  context.fillStyle = '#FF0000';
  context.fillRect(0, 0, 200, 100);
  return canvas.toBuffer('image/png');
};

test('a font is checked by its content: a picture named as a font is refused', async () => {
  const refused = (await uploadFile(t.app, owner.token, owner.teamId, logoPng(), 'font').then(
    () => null,
    (error: unknown) => error,
  )) as tus.DetailedError | null;
  expect(refused?.originalResponse?.getStatus()).toBe(422);
  expect(JSON.parse(refused!.originalResponse!.getBody()).code).toBe('not_a_font');
  // A font's signature on a file that is not one is refused too.
  const forged = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(2000, 7)]);
  const second = (await uploadFile(t.app, owner.token, owner.teamId, forged, 'font').then(
    () => null,
    (error: unknown) => error,
  )) as tus.DetailedError | null;
  expect(JSON.parse(second!.originalResponse!.getBody()).code).toBe('not_a_font');
});

test('the kit is saved whole, read in both APIs, and refused at the field that is wrong', async () => {
  expect((await call(t.app, { url: kitUrl(), token: owner.token })).body).toEqual({
    colors: [],
    logo: null,
    heading_font: null,
    body_font: null,
    intro: null,
    outro: null,
    updated_at: null,
  });
  const font = await uploadFile(t.app, owner.token, owner.teamId, FONT, 'font');
  const logo = await uploadFile(t.app, owner.token, owner.teamId, logoPng(), 'background_image');
  const saved = await call(t.app, {
    method: 'PUT',
    url: kitUrl(),
    token: owner.token,
    body: { colors: ['#f59e0b', '#0F766E'], logo_upload_id: logo, heading_font_upload_id: font },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    colors: ['#F59E0B', '#0F766E'],
    logo: { upload_id: logo },
    heading_font: { upload_id: font, name: 'upload.wav' },
    body_font: null,
  });
  // Saved again with the same font: it stays the kit's.
  const again = await call(t.app, {
    method: 'PUT',
    url: kitUrl(),
    token: owner.token,
    body: { colors: ['#F59E0B'], logo_upload_id: logo, heading_font_upload_id: font },
  });
  expect(again.body.heading_font).toMatchObject({ upload_id: font });

  const tooMany = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { colors: Array(7).fill('#000000') } });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.fields.colors).toMatchObject({ key: 'validation.brandColorsCount', params: { max: '6' } });
  const badColor = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { colors: ['teal'] } });
  expect(Object.keys(badColor.body.fields)).toEqual(['colors.0']);

  // Another team's font is not this team's to use.
  const other = await onboardedUser(t.app, 'other-brand@example.com', 'Other Brand');
  const theirs = await uploadFile(t.app, other.token, other.teamId, FONT, 'font');
  const foreign = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { body_font_upload_id: theirs } });
  expect(foreign).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(foreign.body.fields)).toEqual(['body_font_upload_id']);
  // Nothing of the refused kit was saved.
  expect((await call(t.app, { url: kitUrl(), token: owner.token })).body.colors).toEqual(['#F59E0B']);
  // Nor does the other team see this kit.
  expect((await call(t.app, { url: `/api/teams/${owner.teamId}/brand-kit`, token: other.token })).status).toBe(404);

  const key = await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token });
  const viaKey = await call(t.app, { url: '/api/v1/brand-kit', headers: { 'x-api-key': key.body.api_key } });
  expect(viaKey.status).toBe(200);
  expect(viaKey.body).toMatchObject({ colors: ['#F59E0B'], heading_font: { upload_id: font } });
  expect(viaKey.body.logo.preview).toMatch(/^http:\/\/.+\/assets\/signed\//);
});

const refusalOf = async (file: Buffer, purpose: string) => {
  const refused = (await uploadFile(t.app, owner.token, owner.teamId, file, purpose).then(
    () => null,
    (error: unknown) => error,
  )) as tus.DetailedError | null;
  return refused && { status: refused.originalResponse?.getStatus(), code: JSON.parse(refused.originalResponse!.getBody()).code };
};

test('a logo is an upload of purpose image: checked by its content, kept out of the backgrounds, its team’s alone', async () => {
  // Checked by content: a font or text named as a picture is refused, and so is a PNG signature over junk.
  expect(await refusalOf(FONT, 'image')).toEqual({ status: 422, code: 'not_an_image' });
  const forged = Buffer.concat([logoPng().subarray(0, 33), Buffer.alloc(3000, 9)]);
  expect(await refusalOf(forged, 'image')).toEqual({ status: 422, code: 'not_an_image' });

  const logo = await uploadFile(t.app, owner.token, owner.teamId, logoPng(), 'image');
  const saved = await call(t.app, {
    method: 'PUT',
    url: kitUrl(),
    token: owner.token,
    body: { colors: ['#0F766E'], logo_upload_id: logo },
  });
  expect(saved).toMatchObject({ status: 200, body: { logo: { upload_id: logo } } });
  const preview = await call(t.app, { url: saved.body.logo.preview, token: owner.token });
  expect(preview.status).toBe(302);
  // The logo is not a background, and saving the kit again keeps it.
  const library = await call(t.app, { url: `/api/teams/${owner.teamId}/backgrounds`, token: owner.token });
  expect(library.body.data.map((row: { id: string }) => row.id)).not.toContain(logo);
  const again = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { colors: [], logo_upload_id: logo } });
  expect(again.body.logo).toMatchObject({ upload_id: logo });
  // An image background is still a logo.
  const background = await uploadFile(t.app, owner.token, owner.teamId, logoPng(), 'background_image');
  const asBackground = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { logo_upload_id: background } });
  expect(asBackground.body.logo).toMatchObject({ upload_id: background });

  // Another team's picture is refused at the field, and its team's deletion removes the picture's files.
  const other = await onboardedUser(t.app, 'picture-owner@example.com', 'Pictures');
  const theirs = await uploadFile(t.app, other.token, other.teamId, logoPng(), 'image');
  const foreign = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { logo_upload_id: theirs } });
  expect(foreign).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(foreign.body.fields)).toEqual(['logo_upload_id']);
  const theirKit = await call(t.app, {
    method: 'PUT',
    url: `/api/teams/${other.teamId}/brand-kit`,
    token: other.token,
    body: { logo_upload_id: theirs },
  });
  expect(theirKit.status).toBe(200);
  const files = [
    join(t.config.dataDir, 'avatar_input', `picture-${theirs}.wav`),
    join(t.config.dataDir, 'avatar_output', `picture-${theirs}.png`),
  ];
  expect(files.map((file) => existsSync(file))).toEqual([true, true]);
  const me = await call(t.app, { url: '/api/profile', token: other.token });
  const gone = await call(t.app, {
    method: 'DELETE',
    url: `/api/users/${me.body.id}`,
    token: other.token,
    body: { email: 'picture-owner@example.com' },
  });
  expect(gone.status).toBe(204);
  expect(files.map((file) => existsSync(file))).toEqual([false, false]);
});

/** A clip of one colour (in another format than the video's), with a tone or silent. */
async function colourClip(colour: string, sound: boolean) {
  const file = join(mkdtempSync(join(tmpdir(), 'kagami-brand-')), 'clip.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `color=c=${colour}:size=320x240:rate=25:duration=1.2`],
    ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.2'] : []),
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', ...(sound ? ['-c:a', 'aac'] : []), '-shortest', file],
  ]);
  return readFileSync(file);
}

test("a video is drawn in the brand (a lower third on its accent), between the brand's intro and outro, unless made without it", async () => {
  // The lower third is set in the kit's heading font (a serif), lent to the render.
  const font = await uploadFile(t.app, owner.token, owner.teamId, FONT, 'font');
  const intro = await uploadFile(t.app, owner.token, owner.teamId, await colourClip('0xFF0000', true), 'background_video');
  const outro = await uploadFile(t.app, owner.token, owner.teamId, await colourClip('0x00FF00', false), 'background_video');
  const kit = { colors: ['#F59E0B'], heading_font_upload_id: font, intro_upload_id: intro, outro_upload_id: outro };
  const saved = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: kit });
  // Each plays for its own length (1.2 s), which the editor and the quota count.
  expect(saved.body).toMatchObject({
    intro: { upload_id: intro, duration_seconds: 1.2 },
    outro: { upload_id: outro, duration_seconds: 1.2 },
  });
  // A clip added before lengths were kept has its length read from its file, once.
  await t.database.db.update(backgrounds).set({ durationMs: null }).where(eq(backgrounds.id, intro));
  expect((await call(t.app, { url: kitUrl(), token: owner.token })).body.intro.duration_seconds).toBe(1.2);
  const [kept] = await t.database.db.select().from(backgrounds).where(eq(backgrounds.id, intro));
  expect(kept!.durationMs).toBe(1200);
  // A picture is not an intro.
  const picture = await uploadFile(t.app, owner.token, owner.teamId, logoPng(), 'background_image');
  const refused = await call(t.app, { method: 'PUT', url: kitUrl(), token: owner.token, body: { ...kit, outro_upload_id: picture } });
  expect(refused).toMatchObject({ status: 422, body: { code: 'background_kind_mismatch' } });
  expect(Object.keys(refused.body.fields)).toEqual(['outro_upload_id']);
  const made = async (brand: boolean) => {
    const created = await call(t.app, {
      method: 'POST',
      url: `/api/teams/${owner.teamId}/videos`,
      token: owner.token,
      body: {
        name: brand ? 'Branded' : 'Plain',
        language: 'en',
        resolution: '720p',
        brand,
        scenes: [
          {
            avatar_id: presenter,
            script: 'Meet our team.',
            background: { type: 'color', value: '#FFFFFF' },
            placement: { position: 'corner', scale: 0.35 },
            elements: [{ type: 'text', role: 'lower_third', text: 'Aiko Tanaka, Head of Sales', entrance: 'none' }],
          },
        ],
      },
    });
    expect(created.status).toBe(202);
    // Reserved at once: the script's estimate, and the intro and outro (2.4 s, whole seconds) where they play.
    const [reserved] = await t.database.db
      .select()
      .from(usage)
      .where(and(eq(usage.itemId, created.body.id), eq(usage.metric, 'video_seconds')));
    expect(reserved).toMatchObject({ state: 'reserved', amount: estimateSpeechSeconds('Meet our team.', 'en', 1) + (brand ? 3 : 0) });
    const ready = await eventually(
      () => call(t.app, { url: `/api/teams/${owner.teamId}/videos/${created.body.id}`, token: owner.token }),
      (r) => r.body.status !== 'in_progress',
    );
    expect({ status: ready.body.status, brand: ready.body.brand }).toEqual({ status: 'ready', brand });
    const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
    const scene = ready.body.scenes[0] as { start_seconds: number; duration_seconds: number };
    const at = (seconds: number) => frameAt(file, seconds, { width: 1280, height: 720 });
    return { scene, length: ready.body.duration_seconds as number, at, probe: await probeMedia(file) };
  };
  const amber = (r: number, g: number, b: number) => r > 220 && g > 130 && g < 190 && b < 60;
  const red = (r: number, g: number, b: number) => r > 200 && g < 60 && b < 60;
  const green = (r: number, g: number, b: number) => g > 200 && r < 60 && b < 60;
  const whole = { x: 0, y: 0, width: 1, height: 1 };
  const lowerThird = { x: 0.06, y: 0.8, width: 0.3, height: 0.1 };

  const branded = await made(true);
  // The intro plays first, covering the frame; the scene starts where it ends, the outro after it.
  expect(branded.scene.start_seconds).toBeCloseTo(1.2, 1);
  expect(share(await branded.at(0.5), whole, red)).toBeGreaterThan(0.95);
  expect(share(await branded.at(branded.scene.start_seconds + 0.8), lowerThird, amber)).toBeGreaterThan(0.3);
  expect(share(await branded.at(branded.length - 0.4), whole, green)).toBeGreaterThan(0.95);
  expect(branded.length).toBeCloseTo(1.2 + branded.scene.duration_seconds + 1.2, 0);
  expect(Math.abs(branded.probe!.durationSeconds! - branded.length)).toBeLessThan(0.3);

  const plain = await made(false);
  expect(plain.scene.start_seconds).toBe(0);
  expect(share(await plain.at(0.8), lowerThird, amber)).toBe(0);
  expect(share(await plain.at(0.5), whole, red)).toBe(0);
}, 180_000);
