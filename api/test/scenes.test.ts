// A video of several scenes: each with its own presenter, speech and background, joined by its transition; checked on
// the output's frames and sound, with the scenes' times in the video's JSON, and refusals that name the scene's field.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { videos } from '../src/db/schema';
import { probeMedia } from '../src/media/probe';
import { runFfmpeg } from '../src/media/tools';
import { build, call, eventually, onboardedUser, readyLoopAvatar, uploadFile, type TestApp } from './helper';
import { pdfOf } from './media/documents';
import { tone } from './media/fixtures';
import { dark, frameAt, light, red, share, type Frame } from './media/frames';

let t: TestApp;
const owner = { token: '', teamId: '' };
let pattern = '';
let blue = '';
/** A purple picture (an image background's upload) and a red logo (a transparent border around it; an upload of purpose image). */
let picture = '';
let logo = '';
/** A three-page deck (page 2 has a green block in its middle), made the team's document. */
let deck = '';

beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  // Uploads go through tus over HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  Object.assign(owner, await onboardedUser(t.app, 'scenes@example.com', 'Scenes Team'));
  pattern = await readyLoopAvatar(t, owner.teamId, 'Pattern');
  blue = await readyLoopAvatar(t, owner.teamId, 'Blue', 'color=c=0x0000FF:size=320x240:rate=25:duration=2');
  deck = await uploadFile(t.app, owner.token, owner.teamId, await pdfOf(3), 'document');
  picture = await uploadFile(t.app, owner.token, owner.teamId, pngOf('#800080'), 'background_image');
  logo = await uploadFile(t.app, owner.token, owner.teamId, pngOf('#FF0000', true), 'image');
  await eventually(
    () => call(t.app, { url: `/api/teams/${owner.teamId}/documents/${deck}`, token: owner.token }),
    (r) => r.body.status === 'ready',
  );
}, 60_000);
afterAll(() => t.close());

const videosUrl = () => `/api/teams/${owner.teamId}/videos`;

/** The colour of one pixel of the frame at `seconds`. */
async function pixelAt(file: string, seconds: number, x: number, y: number) {
  const { stdout } = await runFfmpeg([
    ...['-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1'],
    ...['-vf', `crop=2:2:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const [r, g, b] = [...stdout];
  return { r: r!, g: g!, b: b! };
}

test.each([
  ['16:9', 1280, 720],
  ['9:16', 720, 1280],
] as const)(
  'four scenes at %s: colours, footage and a slide behind their presenters, a fade that mixes two, times that add up, sound throughout',
  async (format, width, height) => {
    const corner = { position: 'corner', scale: 0.35 };
    const created = await call(t.app, {
      method: 'POST',
      url: videosUrl(),
      token: owner.token,
      body: {
        name: 'Onboarding',
        // The avatar of the scenes that name none.
        avatar_id: pattern,
        language: 'en',
        aspect_ratio: format,
        resolution: '720p',
        scenes: [
          { avatar_id: pattern, script: 'Welcome to Acme.', background: { type: 'color', value: '#00FF00' }, placement: corner },
          {
            avatar_id: blue,
            script: 'Here is our plan for the year.',
            background: { type: 'color', value: '#FF0000' },
            placement: corner,
            transition: { type: 'fade', seconds: 0.5 },
          },
          { avatar_id: blue, script: 'Thank you.', transition: { type: 'cut' } },
          { script: 'Our results.', background: { type: 'slide', upload_id: deck, page: 2 }, placement: corner },
        ],
      },
    });
    expect(created.status).toBe(202);
    const ready = await eventually(
      () => call(t.app, { url: `${videosUrl()}/${created.body.id}`, token: owner.token }),
      (r) => r.body.status !== 'in_progress',
      240_000,
    );
    expect({ status: ready.body.status, reason: ready.body.reason }).toEqual({ status: 'ready', reason: null });
    expect(ready.body.avatar_id).toBe(pattern);
    const scenes: { start_seconds: number; duration_seconds: number; avatar_id: string }[] = ready.body.scenes;
    expect(scenes.map((scene) => scene.avatar_id)).toEqual([pattern, blue, blue, pattern]);
    // The fade overlaps the first two scenes by half a second; the cut does not overlap.
    expect(scenes[0]!.start_seconds).toBe(0);
    expect(scenes[1]!.start_seconds).toBeCloseTo(scenes[0]!.duration_seconds - 0.5, 1);
    expect(scenes[2]!.start_seconds).toBeCloseTo(scenes[1]!.start_seconds + scenes[1]!.duration_seconds, 1);
    expect(scenes[3]!.start_seconds).toBeCloseTo(scenes[2]!.start_seconds + scenes[2]!.duration_seconds, 1);
    const last = scenes[3]!;
    expect(ready.body.duration_seconds).toBeCloseTo(last.start_seconds + last.duration_seconds, 0);

    const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
    const probe = await probeMedia(file);
    expect(probe?.video).toMatchObject({ width, height });
    // The sound runs the whole video (no gap where scenes meet).
    expect(probe?.audio).toBeTruthy();
    expect(Math.abs(probe!.durationSeconds! - ready.body.duration_seconds)).toBeLessThan(0.3);

    const middle = (index: number) => scenes[index]!.start_seconds + scenes[index]!.duration_seconds / 2;
    // Scene 1: green where the presenter is not (the top left), the pattern's presenter in the bottom-right circle.
    const first = await pixelAt(file, middle(0), 60, 60);
    expect(first.g).toBeGreaterThan(200);
    expect(first.r).toBeLessThan(60);
    // Scene 2: red behind the blue presenter in the corner.
    const second = await pixelAt(file, middle(1), 60, 60);
    expect(second.r).toBeGreaterThan(200);
    expect(second.g).toBeLessThan(60);
    // The circle sits in the bottom-right corner, about a sixth of the shorter side in from both edges.
    const inset = Math.min(width, height) / 6;
    const presenter = await pixelAt(file, middle(1), width - inset, height - inset);
    expect(presenter.b).toBeGreaterThan(180);
    // Inside the fade, both backgrounds show at once.
    const fading = await pixelAt(file, scenes[1]!.start_seconds + 0.25, 60, 60);
    expect(fading.r).toBeGreaterThan(60);
    expect(fading.g).toBeGreaterThan(60);
    // Scene 3: the blue footage fills the frame.
    const third = await pixelAt(file, middle(2), 60, 60);
    expect(third.b).toBeGreaterThan(180);
    expect(third.r).toBeLessThan(60);
    // Scene 4: the deck's second page behind the presenter, shown whole across the frame's width (16:9, like the frame
    // at 16:9; on white above and below at 9:16), its green block just above its middle, white paper around it.
    const page = Math.min(height, (width * 9) / 16);
    const block = await pixelAt(file, middle(3), width / 2, height / 2 - page * 0.056);
    expect(block.g).toBeGreaterThan(120);
    expect(block.r).toBeLessThan(60);
    const paper = await pixelAt(file, middle(3), width * 0.3, height * 0.1);
    expect(Math.min(paper.r, paper.g, paper.b)).toBeGreaterThan(220);
  },
  300_000,
);

test('refusals name the scene and its field; more than 50 scenes are refused', async () => {
  const base = { name: 'Refused', language: 'en' };
  const tooMany = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: { ...base, scenes: Array.from({ length: 51 }, () => ({ avatar_id: pattern, script: 'Hi.' })) },
  });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.fields.scenes).toMatchObject({ key: 'validation.scenesCount', params: { max: '50' } });

  const silent = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: { ...base, avatar_id: pattern, scenes: [{ script: 'Hello.' }, { background: { type: 'color', value: '#123456' } }] },
  });
  expect(silent.status).toBe(422);
  expect(silent.body.code).toBe('script_or_audio_required');
  expect(Object.keys(silent.body.fields)).toEqual(['scenes.1.script']);

  const other = await onboardedUser(t.app, 'other-scenes@example.com', 'Other Team');
  const foreign = await readyLoopAvatar(t, other.teamId, 'Not yours');
  const theirs = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: {
      ...base,
      scenes: [
        { avatar_id: pattern, script: 'Hi.' },
        { avatar_id: foreign, script: 'Hi.' },
      ],
    },
  });
  expect(theirs.status).toBe(422);
  expect(theirs.body.code).toBe('not_found');
  expect(Object.keys(theirs.body.fields)).toEqual(['scenes.1.avatar_id']);

  const pastTheEnd = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: {
      ...base,
      avatar_id: pattern,
      scenes: [{ script: 'Hi.' }, { script: 'Hi.', background: { type: 'slide', upload_id: deck, page: 4 } }],
    },
  });
  expect(pastTheEnd.status).toBe(422);
  expect(pastTheEnd.body.code).toBe('page_out_of_range');
  expect(Object.keys(pastTheEnd.body.fields)).toEqual(['scenes.1.background.page']);

  // A script beside scenes would be spoken by no scene: refused, not ignored.
  const beside = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: { ...base, avatar_id: pattern, script: 'Lost?', scenes: [{ script: 'Hi.' }] },
  });
  expect(beside).toMatchObject({
    status: 422,
    body: { code: 'script_beside_scenes', fields: { script: { key: 'errors.script_beside_scenes' } } },
  });

  // Without scenes, a video still needs its avatar.
  const noAvatar = await call(t.app, { method: 'POST', url: videosUrl(), token: owner.token, body: { ...base, script: 'Hi.' } });
  expect(noAvatar.status).toBe(400);
  expect(noAvatar.body.fields.avatar_id.key).toBe('validation.required');
}, 60_000);

test("scenes of uploaded audio: each plays its own; deleting the video removes every scene's audio", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kagami-scenes-'));
  const upload = async (seconds: number, name: string) =>
    uploadFile(t.app, owner.token, owner.teamId, readFileSync(await tone(dir, seconds, name)), 'video_audio');
  const [first, second] = [await upload(2, 'one.wav'), await upload(3, 'two.wav')];
  const created = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: {
      name: 'Narrated',
      avatar_id: blue,
      language: 'en',
      scenes: [{ audio_upload_id: first }, { audio_upload_id: second, transition: { type: 'fade', seconds: 0.4 } }],
    },
  });
  expect(created.status).toBe(202);
  const ready = await eventually(
    () => call(t.app, { url: `${videosUrl()}/${created.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect(ready.body.status).toBe('ready');
  // Two seconds and three, overlapping by the fade.
  expect(ready.body.duration_seconds).toBeCloseTo(2 + 3 - 0.4, 0);
  const [row] = await t.database.db.select().from(videos).where(eq(videos.id, created.body.id));
  const files = row!.scenes!.map((scene) => join(t.config.dataDir, 'avatar_input', scene.audioSource!));
  expect(files.map(existsSync)).toEqual([true, true]);
  const deleted = await call(t.app, { method: 'DELETE', url: `${videosUrl()}/${created.body.id}`, token: owner.token });
  expect(deleted.status).toBe(204);
  expect(files.map(existsSync)).toEqual([false, false]);
}, 120_000);

test('a voice-over scene: no presenter, its own voice over its background; refused without a voice, a background or any presenter', async () => {
  const created = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: {
      name: 'Narrated slides',
      language: 'en',
      scenes: [
        {
          avatar_id: blue,
          script: 'Hello.',
          background: { type: 'color', value: '#00FF00' },
          placement: { position: 'corner', scale: 0.35 },
          elements: [{ type: 'text', role: 'title', text: 'Welcome to Acme' }],
        },
        {
          avatar_id: null,
          voice_id: 'builtin-en-james',
          script: 'And now, the numbers. Sales grew. Costs fell.',
          background: { type: 'image', upload_id: picture },
          elements: [
            { type: 'text', role: 'bullets', text: 'The numbers\nSales grew\nCosts fell' },
            { type: 'image', upload_id: logo, x: 0.85, y: 0.05, width: 0.1, entrance: 'none' },
          ],
        },
      ],
    },
  });
  expect(created.status).toBe(202);
  const ready = await eventually(
    () => call(t.app, { url: `${videosUrl()}/${created.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect({ status: ready.body.status, reason: ready.body.reason }).toEqual({ status: 'ready', reason: null });
  expect(ready.body.avatar_id).toBe(blue);
  const [, voiceOver] = ready.body.scenes;
  expect(voiceOver).toMatchObject({
    avatar_id: null,
    voice_id: 'builtin-en-james',
    elements: [
      { type: 'text', role: 'bullets', entrance: 'fade' },
      { type: 'image', upload_id: logo, x: 0.85, y: 0.05, width: 0.1, entrance: 'none' },
    ],
  });
  const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
  const frame = { width: 1280, height: 720 };
  // Scene 1: the title's ink (dark on the light green) in the top of the text area, the green beside it.
  const [first] = ready.body.scenes;
  const opening = await frameAt(file, first.duration_seconds - 0.3, frame);
  expect(share(opening, { x: 0.06, y: 0.07, width: 0.5, height: 0.15 }, dark)).toBeGreaterThan(0.04);
  expect(share(opening, { x: 0.06, y: 0.4, width: 0.5, height: 0.2 }, (r, g, b) => g > 200 && r < 60 && b < 60)).toBeGreaterThan(0.95);
  // Scene 2: where the first scene's presenter stood, only its background (the purple picture); the logo at its
  // place, and all three bullets once their sentences are said.
  const closing = await frameAt(file, voiceOver.start_seconds + voiceOver.duration_seconds - 0.3, frame);
  expect(share(closing, { x: 0.85, y: 0.8, width: 0.1, height: 0.1 }, purple)).toBeGreaterThan(0.95);
  expect(share(closing, { x: 0.86, y: 0.06, width: 0.08, height: 0.03 }, red)).toBeGreaterThan(0.9);
  const bullets = (at: Frame) => share(at, { x: 0.06, y: 0.4, width: 0.88, height: 0.5 }, light);
  const early = await frameAt(file, voiceOver.start_seconds + 0.8, frame);
  expect(bullets(early)).toBeGreaterThan(0.001);
  expect(bullets(closing)).toBeGreaterThan(bullets(early) * 2);

  // The editor's still of the voice-over scene, composed by the API: its background, its title, and no presenter.
  const still = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${owner.teamId}/layout-preview`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      avatar_id: null,
      background: { type: 'color', value: '#0F766E' },
      elements: [{ type: 'text', role: 'title', text: 'Our numbers' }],
      language: 'en',
    },
  });
  expect(still.statusCode).toBe(200);
  const composed = await loadImage(still.rawPayload);
  const canvas = createCanvas(composed.width, composed.height);
  canvas.getContext('2d').drawImage(composed, 0, 0);
  const stillFrame = {
    data: Buffer.from(rgbOf(canvas.getContext('2d').getImageData(0, 0, composed.width, composed.height).data)),
    width: 1280,
    height: 720,
  };
  expect([composed.width, composed.height]).toEqual([1280, 720]);
  expect(share(stillFrame, { x: 0.06, y: 0.07, width: 0.5, height: 0.15 }, light)).toBeGreaterThan(0.04);
  expect(
    share(stillFrame, { x: 0.7, y: 0.6, width: 0.2, height: 0.2 }, (r, g, b) => r < 40 && g > 90 && g < 140 && b > 80),
  ).toBeGreaterThan(0.95);
  const noBackground = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/layout-preview`,
    token: owner.token,
    body: { avatar_id: null },
  });
  expect(noBackground).toMatchObject({ status: 400, body: { code: 'voice_over_needs_background' } });

  const refused = async (scene: object, others: object[] = [{ avatar_id: blue, script: 'Hi.' }]) =>
    call(t.app, { method: 'POST', url: videosUrl(), token: owner.token, body: { name: 'No', language: 'en', scenes: [...others, scene] } });
  const voiceless = await refused({ avatar_id: null, script: 'Hi.', background: { type: 'color', value: '#FF0000' } });
  expect(voiceless).toMatchObject({ status: 422, body: { code: 'voice_over_needs_voice' } });
  expect(Object.keys(voiceless.body.fields)).toEqual(['scenes.1.voice_id']);
  const bare = await refused({ avatar_id: null, voice_id: 'builtin-en-james', script: 'Hi.' });
  expect(bare).toMatchObject({ status: 422, body: { code: 'voice_over_needs_background' } });
  expect(Object.keys(bare.body.fields)).toEqual(['scenes.1.background']);
  const nobody = await refused(
    { avatar_id: null, voice_id: 'builtin-en-james', script: 'Hi.', background: { type: 'color', value: '#FF0000' } },
    [],
  );
  expect(nobody).toMatchObject({ status: 422, body: { code: 'scenes_need_presenter' } });
  // Another team's picture is not this team's to show.
  const other = await onboardedUser(t.app, 'other-pictures@example.com', 'Other Pictures');
  const theirs = await uploadFile(t.app, other.token, other.teamId, pngOf('#00FF00'), 'background_image');
  const foreign = await refused({
    avatar_id: blue,
    script: 'Hi.',
    elements: [{ type: 'image', upload_id: theirs, x: 0, y: 0, width: 0.2 }],
  });
  expect(foreign).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(foreign.body.fields)).toEqual(['scenes.1.elements.0.upload_id']);
  const theirLogo = await uploadFile(t.app, other.token, other.teamId, pngOf('#00FF00'), 'image');
  const foreignLogo = await refused({
    avatar_id: blue,
    script: 'Hi.',
    elements: [{ type: 'image', upload_id: theirLogo, x: 0, y: 0, width: 0.2 }],
  });
  expect(foreignLogo).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(foreignLogo.body.fields)).toEqual(['scenes.1.elements.0.upload_id']);
  const offFrame = await refused({ avatar_id: blue, script: 'Hi.', elements: [{ type: 'text', role: 'title', text: 'Hi', x: 1.5 }] });
  expect(offFrame.status).toBe(400);
  expect(Object.keys(offFrame.body.fields)).toEqual(['scenes.1.elements.0.x']);
}, 120_000);

test('a one-scene body takes elements: the title is drawn, the video lists them, a refusal names elements.0.upload_id', async () => {
  const body = {
    name: 'Titled',
    avatar_id: blue,
    language: 'en',
    // Long enough for the title's fade to end.
    script: 'Welcome to our company, everyone.',
    background: { type: 'color', value: '#00FF00' },
    placement: { position: 'corner', scale: 0.35 },
    elements: [
      { type: 'text', role: 'title', text: 'Welcome to Acme' },
      { type: 'image', upload_id: logo, x: 0.85, y: 0.05, width: 0.1, entrance: 'none' },
    ],
  };
  const created = await call(t.app, { method: 'POST', url: videosUrl(), token: owner.token, body });
  expect(created.status).toBe(202);
  const ready = await eventually(
    () => call(t.app, { url: `${videosUrl()}/${created.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect({ status: ready.body.status, reason: ready.body.reason }).toEqual({ status: 'ready', reason: null });
  expect(ready.body.scenes).toHaveLength(1);
  expect(ready.body.scenes[0].elements).toMatchObject([
    { type: 'text', role: 'title', text: 'Welcome to Acme' },
    { type: 'image', upload_id: logo },
  ]);
  const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
  const frame = await frameAt(file, ready.body.scenes[0].duration_seconds - 0.3, { width: 1280, height: 720 });
  expect(share(frame, { x: 0.06, y: 0.07, width: 0.5, height: 0.15 }, dark)).toBeGreaterThan(0.04);
  expect(share(frame, { x: 0.86, y: 0.06, width: 0.08, height: 0.03 }, red)).toBeGreaterThan(0.9);

  const other = await onboardedUser(t.app, 'one-scene-pictures@example.com', 'One Scene Pictures');
  const theirs = await uploadFile(t.app, other.token, other.teamId, pngOf('#00FF00'), 'image');
  const foreign = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: { ...body, elements: [{ type: 'image', upload_id: theirs, x: 0, y: 0, width: 0.2 }] },
  });
  expect(foreign).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(foreign.body.fields)).toEqual(['elements.0.upload_id']);
  const beside = await call(t.app, {
    method: 'POST',
    url: videosUrl(),
    token: owner.token,
    body: { name: 'No', avatar_id: blue, language: 'en', elements: [], scenes: [{ script: 'Hi.' }] },
  });
  expect(beside).toMatchObject({ status: 422, body: { code: 'elements_beside_scenes' } });
  expect(Object.keys(beside.body.fields)).toEqual(['elements']);
}, 120_000);

/** A picture of one colour (PNG), with a transparent border when `border`. */
function pngOf(color: string, border = false) {
  const canvas = createCanvas(200, 100);
  const context = canvas.getContext('2d');
  context.fillStyle = color;
  if (border) context.fillRect(20, 10, 160, 80);
  else context.fillRect(0, 0, 200, 100);
  return canvas.toBuffer('image/png');
}
/** RGBA pixels as RGB. */
const rgbOf = (rgba: Uint8ClampedArray) => rgba.filter((_, index) => index % 4 !== 3);
const purple = (r: number, g: number, b: number) => r > 100 && r < 150 && g < 40 && b > 100 && b < 150;
