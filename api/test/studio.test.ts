import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { history } from '../src/db/schema';
import { probeMedia } from '../src/media/probe';
import { SpeechSynthesizer } from '../src/engine/speech/synthesizer';
import { build, call, eventually, mailMatching, onboardedUser, stretched, subscribe, uploadFile, type TestApp } from './helper';
import { runFfmpeg } from '../src/media/tools';
import {
  FACE_PHOTO,
  faceClip,
  facePhoto,
  MAN_PORTRAIT,
  mediaDir,
  PORTRAIT,
  SPEAKING_SENTENCE,
  speakingFaceClip,
  testPatternVideo,
  tone,
} from './media/fixtures';
import { shareProcessedAvatars } from './media/shared-avatars';
import { decodeMono } from '../src/engine/speech/decode';
import { analyzeVoice } from '../src/engine/speech/voice-analysis';

// The speaking face's avatar is made once for the suites that use it.
shareProcessedAvatars();

let t: TestApp;
let owner: { token: string; teamId: string };
let outsider: { token: string; teamId: string };
let dir: string;
let faceVideo: Buffer;
const OWNER_EMAIL = 'studio@example.com';

beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await onboardedUser(t.app, OWNER_EMAIL, 'Studio Team');
  await subscribe(t, owner.token, 'price_studio_month_usd');
  outsider = await onboardedUser(t.app, 'someone-else@example.com', 'Other Team');
  dir = mediaDir();
  const speech = new SpeechSynthesizer();
  const wav = join(dir, 'speech.wav');
  writeFileSync(wav, (await speech.synthesize(SPEAKING_SENTENCE, 'en')).wav);
  speech.close();
  faceVideo = readFileSync(await speakingFaceClip(dir));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (token: string) => ({
  get: (url: string) => call(t.app, { url, token }),
  post: (url: string, body: unknown) => call(t.app, { method: 'POST', url, token, body }),
  delete: (url: string) => call(t.app, { method: 'DELETE', url, token }),
});
const base = () => `/api/teams/${owner.teamId}`;
const consent = `I, studio, agree that Kagami may create an avatar of me (${OWNER_EMAIL}).`;

/** An avatar created from `file` (footage, or a photo), followed until its processing ends. */
async function processedAvatar(file: Buffer, name: string, purpose: 'avatar_video' | 'avatar_photo' = 'avatar_video') {
  const upload = await uploadFile(t.app, owner.token, owner.teamId, file, purpose);
  const created = await api(owner.token).post(`${base()}/avatars`, { name, language: 'en', upload_id: upload, consent_text: consent });
  expect(created).toMatchObject({ status: 202, body: { status: 'in_progress', consent: { text: consent } } });
  // Processing a clip takes most of a minute here (the person's matte is most of it), longer on a busy machine.
  return eventually(
    () => api(owner.token).get(`${base()}/avatars/${created.body.id}`),
    (r) => r.body.status !== 'in_progress',
    150_000,
  );
}

let avatar: { id: string; default_voice_id: string };

test('an avatar from a face clip ends ready, with a preview and a default voice; the creator is told by e-mail', async () => {
  const done = await processedAvatar(faceVideo, 'Presenter');
  expect(done.body).toMatchObject({ status: 'ready', reason: null });
  expect(done.body.preview).toMatch(/^\/assets\/data\/avatar_output\/.+\.jpg$/);
  expect(done.body.default_voice_id).toEqual(expect.any(String));
  avatar = done.body;
  const voice = await api(owner.token).get(`${base()}/voices/${avatar.default_voice_id}`);
  expect(voice.body).toMatchObject({ status: 'ready', name: 'Presenter' });
  expect((await mailMatching(t.app, OWNER_EMAIL, /Presenter.*is ready/)).subject).toContain('is ready');
  const list = await api(owner.token).get(`${base()}/avatars?page=1&page_size=5`);
  expect(list.body).toMatchObject({ page: 1, page_size: 5, total: 1 });
}, 240_000);

test('a video from a script with the default voice ends ready: H.264 + AAC, downloadable, in the history', async () => {
  const created = await api(owner.token).post(`${base()}/videos`, {
    name: 'Welcome',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Welcome to the team. We are glad you are here.',
  });
  expect(created).toMatchObject({ status: 202, body: { status: 'in_progress', creator: 'studio', voice_id: avatar.default_voice_id } });
  const done = await eventually(
    () => api(owner.token).get(`${base()}/videos/${created.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(done.body).toMatchObject({ status: 'ready', downloadable: true, engine: 'local' });
  const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
  const probe = await probeMedia(file);
  expect(probe).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
  expect(Math.abs(probe!.durationSeconds! - done.body.duration_seconds)).toBeLessThan(0.1);
  const rows = await t.database.db.select().from(history).where(eq(history.teamId, owner.teamId));
  expect(rows.map((r) => r.type).sort()).toEqual(['avatar_model_creation', 'video_generation']);
}, 120_000);

test('a video from uploaded audio is as long as the audio', async () => {
  const audio = readFileSync(await tone(dir, 7, 'narration.mp3', ['-c:a', 'libmp3lame']));
  const upload = await uploadFile(t.app, owner.token, owner.teamId, audio, 'video_audio');
  const created = await api(owner.token).post(`${base()}/videos`, {
    name: 'Narrated',
    avatar_id: avatar.id,
    language: 'en',
    audio_upload_id: upload,
  });
  const done = await eventually(
    () => api(owner.token).get(`${base()}/videos/${created.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(done.body.status).toBe('ready');
  expect(Math.abs(done.body.duration_seconds - 7)).toBeLessThan(0.5);
}, 120_000);

test('an avatar from one photo ends ready as a photo avatar, and a square video made from it talks, with its poster and captions', async () => {
  const jpeg = join(dir, 'portrait.jpg');
  await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, jpeg]);
  const done = await processedAvatar(readFileSync(jpeg), 'Portrait', 'avatar_photo');
  expect(done.body).toMatchObject({ status: 'ready', reason: null, source_kind: 'photo', default_voice_id: null, gender: 'female' });
  const video = await api(owner.token).post(`${base()}/videos`, {
    name: 'From a photo',
    avatar_id: done.body.id,
    language: 'en',
    script: 'Hello from a photo.',
    aspect_ratio: '1:1',
  });
  // A woman's face with no voice of its own speaks with the library's woman's voice.
  expect(video.body.voice_id).toBe('builtin-en-emma');
  expect(await previewPitch(done.body.id)).toBeGreaterThan(160);
  const rendered = await eventually(
    () => api(owner.token).get(`${base()}/videos/${video.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(rendered.body.status).toBe('ready');
  const probe = await probeMedia(join(t.config.dataDir, 'video_output', `${video.body.id}.mp4`));
  expect(probe).toMatchObject({ video: { codec: 'h264', width: 720, height: 720 }, audio: { codec: 'aac' } });
  expect(rendered.body).toMatchObject({
    aspect_ratio: '1:1',
    resolution: '720p',
    background: null,
    placement: { position: 'full', scale: 1 },
  });
  // Its poster and captions, served to members like every asset.
  const poster = await t.app.inject({ url: (await api(owner.token).get(rendered.body.thumbnail)).headers.location as string });
  expect(poster.headers['content-type']).toBe('image/jpeg');
  const vtt = await t.app.inject({ url: (await api(owner.token).get(rendered.body.captions.vtt)).headers.location as string });
  expect(vtt.statusCode).toBe(200);
  expect(vtt.payload).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\nHello from a photo\.\n/);
  expect((await api(outsider.token).get(rendered.body.captions.srt)).status).toBe(404);
}, 240_000);

test("a man's photo makes an avatar that speaks with the library's man's voice, in every language", async () => {
  const done = await processedAvatar(readFileSync(await facePhoto(dir, MAN_PORTRAIT, 'man.jpg')), 'Man', 'avatar_photo');
  expect(done.body).toMatchObject({ status: 'ready', gender: 'male', default_voice_id: null });
  expect(await previewPitch(done.body.id)).toBeLessThan(160);
  expect(await previewPitch(done.body.id, 'ja', 'こんにちは、よろしくお願いします。')).toBeLessThan(160);
  const video = await api(owner.token).post(`${base()}/videos`, {
    name: 'Man',
    avatar_id: done.body.id,
    language: 'ja',
    script: 'こんにちは。',
  });
  expect(video.body.voice_id).toBe('builtin-ja-takumi');
  expect((await api(owner.token).delete(`${base()}/videos/${video.body.id}`)).status).toBeLessThan(300);
}, 240_000);

/** The median pitch of the avatar's voice preview, as a listener's pitch tracker hears it. */
async function previewPitch(avatarId: string, language = 'en', text = 'Hello everyone, this is how I sound today.') {
  const preview = await t.app.inject({
    method: 'POST',
    url: `${base()}/voice-preview`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { avatar_id: avatarId, language, text },
  });
  expect(preview.statusCode).toBe(200);
  const file = join(dir, `preview-${avatarId}.wav`);
  writeFileSync(file, preview.rawPayload);
  return analyzeVoice(await decodeMono(file)).medianPitchHz;
}

test('a photo with two faces ends failed with multiple_faces', async () => {
  const group = join(dir, 'group.jpg');
  await runFfmpeg(['-i', FACE_PHOTO, '-vf', 'crop=1160:600:445:150', group]);
  const done = await processedAvatar(readFileSync(group), 'Group', 'avatar_photo');
  expect(done.body).toMatchObject({ status: 'failed', reason: 'multiple_faces', source_kind: 'photo' });
}, 240_000);

test('server-sent events report status changes of the team, and only to its members', async () => {
  const address = t.app.server.address() as import('node:net').AddressInfo;
  const controller = new AbortController();
  const stream = await fetch(`http://127.0.0.1:${address.port}${base()}/events`, {
    headers: { authorization: `Bearer ${owner.token}` },
    signal: controller.signal,
  });
  expect(stream.headers.get('content-type')).toContain('text/event-stream');
  const reader = stream.body!.getReader();
  let text = '';
  const upload = await uploadFile(t.app, owner.token, owner.teamId, readFileSync(join(dir, 'speech.wav')), 'voice_audio');
  const created = await api(owner.token).post(`${base()}/voices`, { name: 'Streamed', language: 'en', upload_id: upload });
  const deadline = Date.now() + stretched(60_000);
  while (!text.includes(`"id":"${created.body.id}","status":"ready"`) && Date.now() < deadline) {
    const { value } = await reader.read();
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  expect(text).toContain('event: ready');
  expect(text).toContain(`event: status\ndata: {"kind":"voice","id":"${created.body.id}","status":"ready","reason":null}`);
  expect((await api(outsider.token).get(`${base()}/events`)).status).toBe(404);
}, 90_000);

test('a voice from a WAV ends ready with a sample', async () => {
  const wav = readFileSync(join(dir, 'speech.wav'));
  const upload = await uploadFile(t.app, owner.token, owner.teamId, wav, 'voice_audio');
  const created = await api(owner.token).post(`${base()}/voices`, { name: 'My voice', language: 'ja', upload_id: upload });
  expect(created.status).toBe(202);
  const done = await eventually(
    () => api(owner.token).get(`${base()}/voices/${created.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(done.body).toMatchObject({ status: 'ready', sample: expect.stringMatching(/^\/assets\/data\/audio_output\/.+\.mp3$/) });
}, 120_000);

test('a faceless clip ends failed with no_face_detected, and the creator is told', async () => {
  const done = await processedAvatar(readFileSync(await testPatternVideo(dir, 35)), 'Nobody');
  expect(done.body).toMatchObject({ status: 'failed', reason: 'no_face_detected' });
  expect((await mailMatching(t.app, OWNER_EMAIL, /Nobody.*could not be created/)).subject).toContain('could not be created');
}, 240_000);

test('creation is refused with a clear reason: consent not naming the user, an upload used twice, a missing voice, a long script', async () => {
  const upload = await uploadFile(t.app, owner.token, owner.teamId, faceVideo, 'avatar_video');
  expect(
    (await api(owner.token).post(`${base()}/avatars`, { name: 'X', language: 'en', upload_id: upload, consent_text: 'I agree.' })).body
      .code,
  ).toBe('consent_required');
  await api(owner.token).post(`${base()}/avatars`, { name: 'X', language: 'en', upload_id: upload, consent_text: consent });
  expect(
    (await api(owner.token).post(`${base()}/avatars`, { name: 'X', language: 'en', upload_id: upload, consent_text: consent })).body.code,
  ).toBe('upload_not_ready');
  const long = await api(owner.token).post(`${base()}/videos`, {
    name: 'Long',
    avatar_id: avatar.id,
    language: 'en',
    script: 'a'.repeat(5001),
  });
  expect(long).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { script: { key: 'validation.maxLength' } } } });
  expect(long.body.fields.script.message).toBe('Enter no more than 5000 characters.');
  const noScript = await api(owner.token).post(`${base()}/videos`, { name: 'Empty', avatar_id: avatar.id, language: 'en' });
  expect(noScript.body.code).toBe('script_or_audio_required');
});

test("the team's backgrounds: an uploaded picture or video joins the library by its content, is listed, named by videos and deleted", async () => {
  const png = join(dir, 'office.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:duration=1', '-frames:v', '1', png]);
  const clip = join(dir, 'waves.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:duration=2:rate=25', '-pix_fmt', 'yuv420p', clip]);
  const picture = await uploadFile(t.app, owner.token, owner.teamId, readFileSync(png), 'background_image');
  const added = await api(owner.token).post(`${base()}/backgrounds`, { upload_id: picture, name: 'Office' });
  expect(added).toMatchObject({
    status: 201,
    body: { id: picture, kind: 'image', name: 'Office', preview: expect.stringContaining('.jpg') },
  });
  // A picture where a video is asked for, and an unknown id, are refused with their reasons.
  const wrongKind = await api(owner.token).post(`${base()}/videos`, {
    name: 'Wrong kind',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    background: { type: 'video', upload_id: picture },
  });
  expect(wrongKind.body.code).toBe('background_kind_mismatch');
  const unknown = await api(owner.token).post(`${base()}/videos`, {
    name: 'Unknown',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    background: { type: 'image', upload_id: 'not-an-upload' },
  });
  expect(unknown.body.code).toBe('upload_not_ready');
  // A text file is no background: refused when its upload finishes.
  const fake = await uploadFile(t.app, owner.token, owner.teamId, Buffer.from('not a picture'), 'background_image').catch(
    (e: unknown) => e,
  );
  expect(String(fake)).toContain('not_an_image');

  const moving = await uploadFile(t.app, owner.token, owner.teamId, readFileSync(clip), 'background_video');
  const made = await api(owner.token).post(`${base()}/videos`, {
    name: 'Over a video',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    aspect_ratio: '9:16',
    background: { type: 'video', upload_id: moving },
    placement: { position: 'left', scale: 0.7 },
    captions: { burn_in: true, style: { size: 'large', position: 'top', color: '#FFEE00', box_color: null } },
  });
  expect(made).toMatchObject({
    status: 202,
    body: {
      aspect_ratio: '9:16',
      background: { type: 'video', upload_id: moving },
      placement: { position: 'left', scale: 0.7 },
      captions: { burn_in: true, style: { size: 'large', position: 'top', color: '#FFEE00', box_color: null } },
    },
  });
  const listed = await api(owner.token).get(`${base()}/backgrounds`);
  expect(listed.body.data.map((b: { id: string; kind: string }) => [b.id, b.kind])).toEqual([
    [moving, 'video'],
    [picture, 'image'],
  ]);
  expect((await api(outsider.token).get(`/api/teams/${outsider.teamId}/backgrounds`)).body.data).toEqual([]);
  expect((await api(outsider.token).delete(`/api/teams/${outsider.teamId}/backgrounds/${picture}`)).status).toBe(404);
  const rendered = await eventually(
    () => api(owner.token).get(`${base()}/videos/${made.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(rendered.body.status).toBe('ready');
  expect((await probeMedia(join(t.config.dataDir, 'video_output', `${made.body.id}.mp4`)))?.video).toMatchObject({
    width: 720,
    height: 1280,
  });

  // The form's layout preview: one frame composed like the video, before rendering.
  const still = await t.app.inject({
    method: 'POST',
    url: `${base()}/layout-preview`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      avatar_id: avatar.id,
      aspect_ratio: '4:5',
      background: { type: 'image', upload_id: picture },
      placement: { position: 'right', scale: 0.6 },
    },
  });
  expect(still.statusCode).toBe(200);
  expect(still.headers['content-type']).toBe('image/jpeg');
  writeFileSync(join(dir, 'layout.jpg'), still.rawPayload);
  expect((await probeMedia(join(dir, 'layout.jpg')))?.video).toMatchObject({ width: 720, height: 900 });
  const bareStill = await api(owner.token).post(`${base()}/layout-preview`, { avatar_id: avatar.id, placement: { position: 'left' } });
  expect(bareStill.body.code).toBe('placement_needs_background');

  expect((await api(owner.token).delete(`${base()}/backgrounds/${picture}`)).status).toBe(204);
  expect((await api(owner.token).get(`${base()}/backgrounds`)).body.data).toHaveLength(1);
  // A presenter beside the content needs something behind them.
  const bare = await api(owner.token).post(`${base()}/videos`, {
    name: 'Bare',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    placement: { position: 'corner' },
  });
  expect(bare).toMatchObject({ status: 400, body: { code: 'placement_needs_background' } });
  const badColour = await api(owner.token).post(`${base()}/videos`, {
    name: 'Bad',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    background: { type: 'color', value: 'green' },
    placement: { position: 'left', scale: 2 },
  });
  expect(badColour.body.fields).toMatchObject({
    'background.value': { key: 'validation.invalid' },
    'placement.scale': { key: 'validation.maxValue' },
  });
}, 120_000);

test("another team's user gets 404 for every avatar, voice and video of this team", async () => {
  const other = api(outsider.token);
  const videos = (await api(owner.token).get(`${base()}/videos`)).body.items as { id: string }[];
  for (const url of [
    `${base()}/avatars`,
    `${base()}/avatars/${avatar.id}`,
    `${base()}/voices`,
    `${base()}/voices/${avatar.default_voice_id}`,
    `${base()}/videos`,
    `${base()}/videos/${videos[0]!.id}`,
  ]) {
    expect([url, (await other.get(url)).status]).toEqual([url, 404]);
  }
  // Their own team's path with this team's ids finds nothing either.
  expect((await other.get(`/api/teams/${outsider.teamId}/avatars/${avatar.id}`)).status).toBe(404);
  expect((await other.delete(`${base()}/avatars/${avatar.id}`)).status).toBe(404);
});

test('assets: members are redirected to a signed URL that serves the bytes with range support; others get 404', async () => {
  const { body: item } = await api(owner.token).get(`${base()}/avatars/${avatar.id}`);
  const redirect = await api(owner.token).get(item.preview);
  expect(redirect.status).toBe(302);
  const signed = redirect.headers.location as string;
  expect(signed).toMatch(/^\/assets\/signed\/avatar_output\/.+\.jpg\?expires=\d+&sig=/);
  const image = await t.app.inject({ url: signed });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/jpeg');
  expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  const partial = await t.app.inject({ url: signed, headers: { range: 'bytes=0-99' } });
  expect(partial.statusCode).toBe(206);
  expect(partial.rawPayload.length).toBe(100);
  const saved = await t.app.inject({ url: `${signed}&download=${encodeURIComponent('Aoki の顔.jpg')}` });
  expect(saved.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Aoki の顔.jpg')}`);
  // Without a name to save under it is shown in place (a stored file is never served without a disposition).
  expect(image.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''[\w-]+\.jpg$/);

  expect((await api(outsider.token).get(item.preview)).status).toBe(404);
  expect((await call(t.app, { url: item.preview })).status).toBe(401);
  expect((await t.app.inject({ url: signed.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
  expect((await t.app.inject({ url: signed.replace(/expires=\d+/, 'expires=1000') })).statusCode).toBe(403);
  expect((await api(owner.token).get('/assets/data/avatar_output/not-ours.jpg')).status).toBe(404);
  expect((await api(owner.token).get('/assets/data/secrets/x.jpg')).status).toBe(400);
});

test('languages: all 13 content languages; a voice preview is speech in the chosen voice', async () => {
  const languages = await api(owner.token).get(`${base()}/languages?avatar_id=${avatar.id}`);
  expect(languages.body.languages).toEqual(['en', 'zh', 'ja', 'de', 'fr', 'es', 'ko', 'ar', 'ru', 'nl', 'it', 'pl', 'pt']);
  expect((await api(outsider.token).get(`${base()}/languages`)).status).toBe(404);
  const preview = await t.app.inject({
    method: 'POST',
    url: `${base()}/voice-preview`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { avatar_id: avatar.id, language: 'de', text: 'Hallo, so klinge ich.' },
  });
  expect(preview.statusCode).toBe(200);
  expect(preview.headers['content-type']).toBe('audio/wav');
  expect(preview.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  expect(preview.rawPayload.length).toBeGreaterThan(22050);
  const long = await api(owner.token).post(`${base()}/voice-preview`, { avatar_id: avatar.id, language: 'en', text: 'a'.repeat(301) });
  expect(long.body.code).toBe('text_too_long');
});

test("how a script is said: the team's pronunciations in previews, speed and pauses in the rendered video", async () => {
  const preview = async (text: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base()}/voice-preview`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { voice_id: 'builtin-en-emma', language: 'en', text },
    });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };
  const plain = await preview('Our database speaks SQL.');
  const spelled = await preview('Our database speaks sequel.');
  expect(plain.equals(spelled)).toBe(false);

  // Bad input is refused field by field; the list is the team's alone.
  const bad = await api(owner.token).post(`${base()}/pronunciations`, { word: ' ', say_as: 'x'.repeat(201) });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toMatchObject({
    word: { key: 'validation.required', message: 'This field is required.' },
    say_as: { key: 'validation.maxLength', message: 'Enter no more than 200 characters.' },
  });
  const added = await api(owner.token).post(`${base()}/pronunciations`, { word: 'sql', say_as: 'see quell' });
  expect(added).toMatchObject({ status: 201, body: { word: 'sql', say_as: 'see quell' } });
  // The same word in another case changes the entry rather than adding a second.
  const changed = await api(owner.token).post(`${base()}/pronunciations`, { word: 'SQL', say_as: 'sequel' });
  expect(changed.body).toMatchObject({ id: added.body.id, word: 'SQL', say_as: 'sequel' });
  expect((await api(owner.token).get(`${base()}/pronunciations`)).body.data).toEqual([changed.body]);
  expect((await api(outsider.token).get(`${base()}/pronunciations`)).status).toBe(404);
  expect((await api(outsider.token).delete(`${base()}/pronunciations/${added.body.id}`)).status).toBe(404);
  expect((await preview('Our database speaks SQL.')).equals(spelled)).toBe(true);

  // Out of range speeds are refused; 1.5 with a written pause renders.
  const tooFast = await api(owner.token).post(`${base()}/videos`, {
    name: 'Too fast',
    avatar_id: avatar.id,
    language: 'en',
    script: 'Hello.',
    voice_id: 'builtin-en-emma',
    speed: 2,
  });
  expect(tooFast).toMatchObject({
    status: 400,
    body: { fields: { speed: { key: 'validation.maxValue', message: 'Enter a value less than or equal to 1.5.' } } },
  });
  const script = 'Our numbers are in, and SQL made them. [pause 1.5s] Thank you all.';
  const durations: number[] = [];
  for (const speed of [1, 1.5]) {
    const created = await api(owner.token).post(`${base()}/videos`, {
      name: `Speed ${speed}`,
      avatar_id: avatar.id,
      language: 'en',
      script,
      voice_id: 'builtin-en-emma',
      subtitles: true,
      speed,
    });
    expect(created).toMatchObject({ status: 202, body: { speed } });
    const done = await eventually(
      () => api(owner.token).get(`${base()}/videos/${created.body.id}`),
      (r) => r.body.status !== 'in_progress',
    );
    expect(done.body).toMatchObject({ status: 'ready', speed });
    durations.push(done.body.duration_seconds);
  }
  // The words take two thirds of the time at 1.5; the written pause stays 1.5 s.
  const [normal, fast] = durations as [number, number];
  expect(fast - 1.5).toBeCloseTo(((normal - 1.5) * 2) / 3, 0);
  expect(Math.abs((fast - 1.5) / (normal - 1.5) - 2 / 3)).toBeLessThan(0.07);
  expect((await api(owner.token).delete(`${base()}/pronunciations/${added.body.id}`)).status).toBe(204);
  expect((await api(owner.token).get(`${base()}/pronunciations`)).body.data).toEqual([]);
}, 240_000);

test('an avatar whose sound holds no speech gets no voice; its videos and previews speak with a built-in voice', async () => {
  const done = await processedAvatar(readFileSync(await faceClip(dir, await tone(dir, 35, 'hum.wav'))), 'Quiet');
  expect(done.body).toMatchObject({ status: 'ready', default_voice_id: null });
  const voices = (await api(owner.token).get(`${base()}/voices?page=1&page_size=50`)).body.items as { name: string }[];
  expect(voices.map((voice) => voice.name)).not.toContain('Quiet');

  const preview = await t.app.inject({
    method: 'POST',
    url: `${base()}/voice-preview`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { avatar_id: done.body.id, language: 'fr', text: 'Bonjour à tous.' },
  });
  expect(preview.statusCode).toBe(200);
  expect(preview.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

  const video = await api(owner.token).post(`${base()}/videos`, {
    name: 'Built-in voice',
    avatar_id: done.body.id,
    language: 'en',
    script: 'This avatar speaks with a built-in voice.',
  });
  expect(video).toMatchObject({ status: 202, body: { voice_id: 'builtin-en-emma' } });
  const rendered = await eventually(
    () => api(owner.token).get(`${base()}/videos/${video.body.id}`),
    (r) => r.body.status !== 'in_progress',
  );
  expect(rendered.body).toMatchObject({ status: 'ready' });
  expect(rendered.body.duration_seconds).toBeGreaterThan(1.5);
}, 240_000);

test('deleting an avatar with its default voice removes both', async () => {
  expect((await api(owner.token).delete(`${base()}/avatars/${avatar.id}?with_default_voice=true`)).status).toBe(204);
  expect((await api(owner.token).get(`${base()}/avatars/${avatar.id}`)).status).toBe(404);
  expect((await api(owner.token).get(`${base()}/voices/${avatar.default_voice_id}`)).status).toBe(404);
});

test('over capacity, creation fails due to high traffic', async () => {
  const full = await build({ JOB_CAPACITY: '0' });
  const user = await onboardedUser(full.app, 'busy@example.com');
  const refused = await call(full.app, {
    method: 'POST',
    url: `/api/teams/${user.teamId}/voices`,
    token: user.token,
    body: { name: 'v', language: 'en', upload_id: 'anything' },
  });
  expect(refused).toMatchObject({ status: 503, body: { code: 'capacity_exhausted' } });
  await full.close();
});
