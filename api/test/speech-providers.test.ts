import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { usage, voices } from '../src/db/schema';
import { pcmToWav } from '../src/engine/speech/wav';
import { SpeechSynthesizer } from '../src/engine/speech/synthesizer';
import { articulationFromPhonemes, mouthOpening } from '../src/engine/motion/articulation';
import { decodeMono } from '../src/engine/speech/decode';
import { LocalEngine } from '../src/engine/local/local-engine';
import { elevenLabsSpeech } from '../src/engine/speech/providers/elevenlabs';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, uploadFile, type TestApp } from './helper';
import { mediaDir } from './media/fixtures';

/**
 * The speech providers against stand-ins started here that implement the documented endpoints (OpenAI's
 * `POST /v1/audio/speech`; ElevenLabs' text to speech with timestamps, voice list, instant cloning and deletion) and
 * record what they receive.
 */
type Received = { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer };

/** 1 s of a 440 Hz tone: the provider's "speech", recognisable in the video's audio. */
const TONE_HZ = 440;
function tone(sampleRate: number, seconds = 1) {
  const pcm = Buffer.alloc(Math.round(sampleRate * seconds) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(10_000 * Math.sin((2 * Math.PI * TONE_HZ * i) / sampleRate)), i * 2);
  return pcm;
}

/** The stand-in: `answers` are statuses given (in order) before it answers properly; `always` a status it always gives. */
async function standIn() {
  const received: Received[] = [];
  const state = { answers: [] as number[], always: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://stand-in');
      received.push({ method: request.method!, path: url.pathname + url.search, headers: request.headers, body: Buffer.concat(chunks) });
      const status = state.always || state.answers.shift();
      if (status) {
        const quota = status === 401 && request.headers['xi-api-key'] === 'quota-spent';
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(quota ? { detail: { status: 'quota_exceeded', message: 'No credits left.' } } : { error: { message: 'down' } }),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/audio/speech') {
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.end(pcmToWav(tone(24_000), 24_000));
        return;
      }
      const speech = /^\/v1\/text-to-speech\/([\w-]+)\/with-timestamps$/.exec(url.pathname);
      if (request.method === 'POST' && speech) {
        const { text } = JSON.parse(Buffer.concat(chunks).toString()) as { text: string };
        const characters = [...text];
        const step = 0.1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            audio_base64: tone(16_000, characters.length * step).toString('base64'),
            alignment: {
              characters,
              character_start_times_seconds: characters.map((_, i) => i * step),
              character_end_times_seconds: characters.map((_, i) => (i + 1) * step),
            },
          }),
        );
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/voices') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            voices: [
              { voice_id: 'premade-rachel', name: 'Rachel', category: 'premade', labels: { gender: 'female' }, preview_url: null },
              { voice_id: 'someones-clone', name: 'Not yours', category: 'cloned', labels: {}, preview_url: null },
            ],
          }),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/voices/add') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ voice_id: 'clone-1', requires_verification: false }));
        return;
      }
      if (request.method === 'DELETE' && url.pathname.startsWith('/v1/voices/')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'ok' }));
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let dir: string;
beforeAll(() => {
  dir = mediaDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The audio's length, and how many seconds of it sound (above -26 dBFS) and at what frequency (zero crossings). */
async function listen(file: string) {
  const samples = await decodeMono(file);
  const window = 160;
  let crossings = 0;
  let sounding = 0;
  for (let at = 0; at + window <= samples.length; at += window) {
    const part = samples.subarray(at, at + window);
    if (Math.max(...part.map(Math.abs)) < 0.05) continue;
    sounding += window;
    for (let i = Math.max(1, at); i < at + window; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  }
  return { seconds: samples.length / 16_000, soundingSeconds: sounding / 16_000, hz: crossings / (sounding / 16_000) };
}

describe('an OpenAI-compatible server', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof standIn>>;
  let owner: { token: string; teamId: string };
  let avatarId: string;
  const base = () => `/api/teams/${owner.teamId}`;

  beforeAll(async () => {
    fake = await standIn();
    t = await build({
      SPEECH_PROVIDER: 'openai',
      SPEECH_PROVIDER_URL: fake.url,
      SPEECH_PROVIDER_KEY: 'sk-test-key',
      SPEECH_PROVIDER_MODEL: 'tts-1',
      SPEECH_PROVIDER_VOICES: 'nova:female,onyx:male',
    });
    owner = await onboardedUser(t.app, 'speech-openai@example.com');
    await subscribe(t, owner.token, 'price_creator_month_usd');
    avatarId = await readyLoopAvatar(t, owner.teamId);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.state.answers = [];
    fake.state.always = 0;
  });

  const render = async (voice_id: string, script: string, speed = 1) => {
    const created = await call(t.app, {
      method: 'POST',
      url: `${base()}/videos`,
      token: owner.token,
      body: { name: 'Provider voice', avatar_id: avatarId, language: 'en', script, voice_id, speed },
    });
    expect(created).toMatchObject({ status: 202, body: { voice_id } });
    return eventually(
      () => call(t.app, { url: `${base()}/videos/${created.body.id}`, token: owner.token }),
      (r) => r.body.status !== 'in_progress',
    );
  };

  test("the library lists the server's voices beside the built-in ones; the key never reaches a user", async () => {
    const library = await call(t.app, { url: '/api/voices/builtin' });
    expect(library.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'provider-nova', gender: 'female', language: null, engine: 'openai' }),
        expect.objectContaining({ id: 'provider-onyx', gender: 'male' }),
        expect.objectContaining({ id: 'builtin-en-emma' }),
      ]),
    );
    expect(library.body.clones_with).toBeNull();
    expect(JSON.stringify(library.body)).not.toContain('sk-test-key');
    // The public API lists them too, with the team's key.
    const key = (await call(t.app, { method: 'POST', url: `${base()}/api-key`, token: owner.token })).body.api_key as string;
    const listed = await call(t.app, { url: '/api/v1/voices?limit=100', headers: { 'x-api-key': key } });
    expect(listed.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'provider-nova', kind: 'provider', language: null, gender: 'female' })]),
    );
    const preview = await t.app.inject({ method: 'GET', url: '/api/voices/builtin/provider-nova/preview' });
    expect(preview).toMatchObject({ statusCode: 200, headers: { 'content-type': 'audio/mpeg' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/voices/builtin/provider-nobody/preview' })).statusCode).toBe(404);
  });

  test("a video with a provider voice holds the provider's audio; the request is OpenAI's, with the team's pronunciations", async () => {
    await call(t.app, {
      method: 'POST',
      url: `${base()}/pronunciations`,
      token: owner.token,
      body: { word: 'Kagami', say_as: 'kah gah me' },
    });
    const done = await render('provider-onyx', 'Kagami [pause 1s] speaks for you.', 1.25);
    expect(done.body).toMatchObject({ status: 'ready', voice_id: 'provider-onyx', speed: 1.25 });
    expect(fake.received.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/audio/speech', 'POST /v1/audio/speech']);
    expect(fake.received[0]!.headers.authorization).toBe('Bearer sk-test-key');
    expect(fake.received.map((request) => JSON.parse(request.body.toString()))).toEqual([
      { model: 'tts-1', input: 'kah gah me', voice: 'onyx', response_format: 'wav', speed: 1.25 },
      { model: 'tts-1', input: 'speaks for you.', voice: 'onyx', response_format: 'wav', speed: 1.25 },
    ]);
    // Two seconds of the provider's tone with the written second of silence between.
    const heard = await listen(join(t.config.dataDir, 'video_output', `${done.body.id}.mp4`));
    expect(heard.seconds).toBeGreaterThan(2.9);
    expect(heard.seconds).toBeLessThan(3.15);
    expect(heard.soundingSeconds).toBeCloseTo(2, 1);
    expect(Math.abs(heard.hz - TONE_HZ)).toBeLessThan(10);
  }, 60_000);

  test('a preview while the server is down is a 503 with the reason, not a 500', async () => {
    fake.state.always = 503;
    const preview = await call(t.app, {
      method: 'POST',
      url: `${base()}/voice-preview`,
      token: owner.token,
      body: { voice_id: 'provider-nova', language: 'en', text: 'Are you there?' },
    });
    expect(preview).toMatchObject({ status: 503, body: { code: 'speech_provider_unavailable' } });
    expect(preview.body.message).toContain('could not be reached');
  }, 30_000);

  test('a server answering 500 twice and then 200 makes the video', async () => {
    fake.state.answers = [500, 500];
    const done = await render('provider-nova', 'Third time lucky.');
    expect(done.body.status).toBe('ready');
    expect(fake.received).toHaveLength(3);
  }, 60_000);

  test('a server always answering 503 fails the video with the reason, and the quota is given back', async () => {
    fake.state.always = 503;
    const done = await render('provider-nova', 'Nobody home.');
    expect(done.body).toMatchObject({ status: 'failed', reason: 'speech_provider_unavailable' });
    expect(fake.received).toHaveLength(3);
    const charged = await t.database.db.select().from(usage).where(eq(usage.itemId, done.body.id));
    expect(charged.length).toBeGreaterThan(0);
    expect(charged.every((row) => row.state === 'refunded')).toBe(true);
  }, 60_000);

  test("401 is the operator's: asked once, logged as an error, the user told the service is unavailable", async () => {
    const errors = jest.spyOn(t.app.log, 'error');
    fake.state.always = 401;
    const done = await render('provider-nova', 'Wrong key.');
    expect(done.body).toMatchObject({ status: 'failed', reason: 'speech_provider_unavailable' });
    expect(fake.received).toHaveLength(1);
    expect(errors.mock.calls.map((args) => String(args.at(-1)))).toEqual(
      expect.arrayContaining([expect.stringContaining("a provider refused Kagami's key (not retried)")]),
    );
    errors.mockRestore();
  }, 60_000);
});

describe('ElevenLabs', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof standIn>>;
  let owner: { token: string; teamId: string };
  const base = () => `/api/teams/${owner.teamId}`;

  beforeAll(async () => {
    fake = await standIn();
    t = await build({ SPEECH_PROVIDER: 'elevenlabs', SPEECH_PROVIDER_URL: fake.url, SPEECH_PROVIDER_KEY: 'xi-test-key' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await onboardedUser(t.app, 'speech-eleven@example.com');
    await subscribe(t, owner.token, 'price_creator_month_usd');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test("the library lists its voices but nobody's clones; a voice model is a clone made from the recording once, deleted there with it", async () => {
    const library = await call(t.app, { url: '/api/voices/builtin' });
    expect(library.body.clones_with).toBe('elevenlabs');
    const ids = (library.body.data as { id: string }[]).map((voice) => voice.id);
    expect(ids).toContain('provider-premade-rachel');
    expect(ids).not.toContain('provider-someones-clone');

    const speech = new SpeechSynthesizer();
    const wav = join(dir, 'recording.wav');
    writeFileSync(wav, (await speech.synthesize('This is my voice. I speak clearly, for a clone of it.', 'en')).wav);
    speech.close();
    fake.received.length = 0;
    const upload = await uploadFile(t.app, owner.token, owner.teamId, readFileSync(wav), 'voice_audio');
    const created = await call(t.app, {
      method: 'POST',
      url: `${base()}/voices`,
      token: owner.token,
      body: { name: 'My clone', language: 'en', upload_id: upload },
    });
    expect(created.status).toBe(202);
    const done = await eventually(
      () => call(t.app, { url: `${base()}/voices/${created.body.id}`, token: owner.token }),
      (r) => r.body.status !== 'in_progress',
    );
    expect(done.body).toMatchObject({ status: 'ready', cloned_by: 'elevenlabs' });
    const adds = fake.received.filter((request) => request.path === '/v1/voices/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.headers['xi-api-key']).toBe('xi-test-key');
    expect(adds[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = adds[0]!.body.toString('latin1');
    expect(form).toMatch(/name="name"\r\n\r\nMy clone\r\n/);
    expect(form).toMatch(/name="files"; filename="[^"]+"/);
    expect(adds[0]!.body.includes(readFileSync(wav).subarray(44, 2044))).toBe(true);
    // Its sample is spoken by the clone.
    expect(fake.received.map((request) => request.path)).toContain('/v1/text-to-speech/clone-1/with-timestamps?output_format=pcm_16000');

    fake.received.length = 0;
    expect((await call(t.app, { method: 'DELETE', url: `${base()}/voices/${created.body.id}`, token: owner.token })).status).toBe(204);
    expect(fake.received.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v1/voices/clone-1']);
  }, 120_000);

  test("deleting an account deletes its teams' clones at ElevenLabs first", async () => {
    const leaving = await onboardedUser(t.app, 'leaving@example.com');
    await t.database.db.insert(voices).values({
      teamId: leaving.teamId,
      name: 'Old clone',
      language: 'en',
      status: 'ready',
      cloneProvider: 'elevenlabs',
      cloneVoiceId: 'clone-of-leaving',
    });
    const { id } = (await call(t.app, { url: '/api/profile', token: leaving.token })).body;
    fake.received.length = 0;
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/users/${id}`,
      token: leaving.token,
      body: { email: 'leaving@example.com' },
    });
    expect(gone.status).toBe(204);
    expect(fake.received.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v1/voices/clone-of-leaving']);
  });

  test('a clone ElevenLabs no longer has counts as deleted; one it cannot delete now keeps the voice model', async () => {
    const [kept] = await t.database.db
      .insert(voices)
      .values({
        teamId: owner.teamId,
        name: 'Gone there',
        language: 'en',
        status: 'ready',
        cloneProvider: 'elevenlabs',
        cloneVoiceId: 'clone-x',
      })
      .returning();
    const remove = () => call(t.app, { method: 'DELETE', url: `${base()}/voices/${kept!.id}`, token: owner.token });
    fake.state.always = 503;
    expect(await remove()).toMatchObject({ status: 503, body: { code: 'speech_provider_unavailable' } });
    expect((await call(t.app, { url: `${base()}/voices/${kept!.id}`, token: owner.token })).status).toBe(200);
    fake.state.always = 0;
    fake.state.answers = [404];
    expect((await remove()).status).toBe(204);
    expect((await call(t.app, { url: `${base()}/voices/${kept!.id}`, token: owner.token })).status).toBe(404);
  }, 30_000);

  test('the speech comes with its timings, and the mouth follows them: closed on the m, open on the a', async () => {
    const engine = new LocalEngine(
      undefined,
      elevenLabsSpeech({
        provider: 'elevenlabs',
        url: fake.url,
        key: 'xi-test-key',
        requestTimeoutMs: 10_000,
        retries: 0,
        backoffMs: 10,
        maxWaitMs: 10,
      }),
    );
    const speech = await engine.synthesizeSpeech('mama', 'en', { provider: 'premade-rachel' }, { speed: 1 });
    const request = fake.received.at(-1)!;
    expect(request.path).toBe('/v1/text-to-speech/premade-rachel/with-timestamps?output_format=pcm_16000');
    expect(JSON.parse(request.body.toString())).toEqual({ text: 'mama', model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1 } });
    expect(speech.durationSeconds).toBeCloseTo(0.4, 2);
    expect(speech.phonemes).toEqual([
      { id: 'm', ms: 0 },
      { id: 'a', ms: 100 },
      { id: 'm', ms: 200 },
      { id: 'a', ms: 300 },
    ]);
    const fps = 25;
    const track = articulationFromPhonemes(speech.phonemes, 12, fps, undefined, 'en');
    expect(mouthOpening(track[Math.round(0.23 * fps)]!)).toBe(0);
    expect(mouthOpening(track[Math.round(0.35 * fps)]!)).toBeGreaterThan(0.2);

    // A speed beyond ElevenLabs' settings: asked at its fastest, the rest by tempo, timings moved with it.
    const fast = await engine.synthesizeSpeech('mama', 'en', { provider: 'premade-rachel' }, { speed: 1.5 });
    expect(JSON.parse(fake.received.at(-1)!.body.toString()).voice_settings).toEqual({ speed: 1.2 });
    expect(fast.durationSeconds).toBeCloseTo(0.4 / 1.25, 1);
    expect(fast.phonemes.at(-1)!.ms).toBe(240);
    engine.close();
  });
});
