// The lip-sync providers against one fake server that speaks the published APIs of Replicate, a Cog server, sync.so and
// fal (paths, headers, statuses, the asynchronous flow): each fetches the inputs it is given by URL (or reads the
// data URIs) and answers with a magenta video, so a finished video shows whose frames it holds.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LipSyncFailure, type MediaLinks } from '../../src/engine/lipsync/lipsync-provider';
import { type LipSyncSettings } from '../../src/config/providers';
import { writeMeshTrack } from '../../src/engine/mesh/mesh-track';
import { lipSyncProvider } from '../../src/engine/lipsync/providers';
import { dataUriMediaLinks } from '../../src/domains/assets/media-links';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { lavfiClip, mediaDir } from '../media/fixtures';

const KEY = 'test-provider-key';
/** One answer the fake gives instead of its usual one, for the n-th request to a path (see `trouble`). */
type Trouble = { path: RegExp; times: number; answer: (res: ServerResponse) => void };

let dir: string;
let loop: string;
let mouth: string;
let audio: string;
let server: Server;
let base: string;
/** What the fake answers with, by name: the right length, too short, not a video. */
const outputs: Record<string, Buffer> = {};
let output = 'good';
let requests: { method: string; path: string; auth: string | undefined; body: Record<string, unknown> | null }[] = [];
/** The inputs the fake fetched or decoded: their content types and sizes. */
let fetched: { type: string; bytes: number }[] = [];
let troubles: Trouble[] = [];
/** How many looks at a job before it is done, and how it ends. */
let pending = 2;
/** Jobs created since the test began: their ids count up from 1. */
let created = 0;
let ending: 'succeeded' | 'failed' = 'succeeded';
const engines: LocalEngine[] = [];

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/** Fetches (or decodes) an input the way a provider does, and notes what it was. */
async function take(input: unknown) {
  const url = String(input);
  if (url.startsWith('data:')) {
    const [head, data] = url.split(',');
    fetched.push({ type: head!.slice(5).replace(';base64', ''), bytes: Buffer.from(data!, 'base64').length });
    return;
  }
  const response = await fetch(url);
  fetched.push({ type: response.headers.get('content-type') ?? '', bytes: (await response.arrayBuffer()).byteLength });
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The job's state on this look: pending for `pending` looks, then done. */
const looks = new Map<string, number>();
const lookAt = (id: string) => {
  const n = (looks.get(id) ?? 0) + 1;
  looks.set(id, n);
  return n > pending ? ending : 'processing';
};

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').split('?')[0]!;
  const body = req.method === 'POST' ? await readJson(req) : null;
  const auth = req.headers.authorization ?? (req.headers['x-api-key'] as string | undefined);
  requests.push({ method: req.method!, path, auth, body });
  const trouble = troubles.find((t) => t.path.test(path) && t.times > 0);
  if (trouble) {
    trouble.times -= 1;
    return trouble.answer(res);
  }
  if (path.startsWith('/files/')) {
    const name = path.slice('/files/'.length);
    if (!(name in outputs)) return res.writeHead(404).end();
    return res.writeHead(200, { 'content-type': 'video/mp4' }).end(outputs[name]);
  }
  if (path.startsWith('/media/')) {
    const file = join(dir, path.slice('/media/'.length));
    return res.writeHead(200, { 'content-type': file.endsWith('.wav') ? 'audio/wav' : 'video/mp4' }).end(readFileSync(file));
  }
  const fileUrl = `${base}/files/${output}`;
  // Replicate: create by model path (or by version), then GET the prediction.
  if (req.method === 'POST' && (path === '/v1/predictions' || /^\/v1\/models\/[\w.-]+\/[\w.-]+\/predictions$/.test(path))) {
    if (auth !== `Bearer ${KEY}`) return json(res, 401, { detail: 'Unauthenticated' });
    const input = body!.input as Record<string, unknown>;
    await take(input.video);
    await take(input.audio);
    created += 1;
    const id = `p${created}`;
    return json(res, 201, { id, status: 'starting', input, output: null, urls: { get: `${base}/v1/predictions/${id}` } });
  }
  const prediction = /^\/v1\/predictions\/(\w+)$/.exec(path);
  if (req.method === 'GET' && prediction) {
    const status = lookAt(prediction[1]!);
    return json(res, 200, {
      id: prediction[1],
      status,
      output: status === 'succeeded' ? fileUrl : null,
      error: status === 'failed' ? 'CUDA out of memory' : null,
      metrics: status === 'succeeded' ? { predict_time: 12.5 } : {},
    });
  }
  // Cog: POST /predictions answers when done, with the output inline.
  if (req.method === 'POST' && path === '/predictions') {
    const input = body!.input as Record<string, unknown>;
    await take(input.video);
    await take(input.audio);
    if (ending === 'failed') return json(res, 200, { status: 'failed', error: 'no face found', output: null });
    return json(res, 200, { status: 'succeeded', output: `data:video/mp4;base64,${outputs[output]!.toString('base64')}` });
  }
  // sync.so: POST /v2/generate, GET /v2/generate/{id}.
  if (req.method === 'POST' && path === '/v2/generate') {
    if (auth !== KEY) return json(res, 401, { message: 'Invalid API key' });
    const input = body!.input as { type: string; url: string }[];
    for (const item of input) await take(item.url);
    created += 1;
    return json(res, 201, { id: `g${created}`, status: 'PENDING', model: body!.model, outputUrl: null });
  }
  const generation = /^\/v2\/generate\/(\w+)$/.exec(path);
  if (req.method === 'GET' && generation) {
    const status = { processing: 'PROCESSING', succeeded: 'COMPLETED', failed: 'FAILED' }[lookAt(generation[1]!)];
    return json(res, 200, {
      id: generation[1],
      status,
      outputUrl: status === 'COMPLETED' ? fileUrl : null,
      outputDuration: status === 'COMPLETED' ? 3 : null,
      error: status === 'FAILED' ? 'face not found' : null,
    });
  }
  // fal: POST /{model}, then status_url and response_url under the app's root.
  if (req.method === 'POST' && path === '/fal-ai/latentsync') {
    if (auth !== `Key ${KEY}`) return json(res, 401, { detail: 'No user found for Key ID and Secret' });
    await take(body!.video_url);
    await take(body!.audio_url);
    created += 1;
    const id = `r${created}`;
    const root = `${base}/fal-ai/latentsync/requests/${id}`;
    return json(res, 200, { request_id: id, status_url: `${root}/status`, response_url: root, cancel_url: `${root}/cancel` });
  }
  const falStatus = /^\/fal-ai\/latentsync\/requests\/(\w+)\/status$/.exec(path);
  if (req.method === 'GET' && falStatus) {
    const status = lookAt(falStatus[1]!);
    return json(res, 200, { status: status === 'processing' ? 'IN_PROGRESS' : status === 'succeeded' ? 'COMPLETED' : 'ERROR' });
  }
  if (req.method === 'GET' && /^\/fal-ai\/latentsync\/requests\/\w+$/.test(path)) {
    return json(res, 200, { video: { url: fileUrl, content_type: 'video/mp4', file_name: 'out.mp4', file_size: 1 } });
  }
  res.writeHead(404).end();
}

/** The test's stand-in for Kagami's signed links: the fake serves the files it is handed from the test folder. */
const links: MediaLinks = async (file) => {
  const name = `link-${Math.random().toString(36).slice(2)}${file.endsWith('.wav') ? '.wav' : '.mp4'}`;
  await runFfmpeg(['-i', file, '-c', 'copy', join(dir, name)]);
  return { url: `${base}/media/${name}`, release: async () => rmSync(join(dir, name), { force: true }) };
};

beforeAll(async () => {
  dir = mediaDir();
  loop = join(dir, 'loop.mp4');
  await lavfiClip(loop, 'testsrc=size=320x240:rate=25:duration=2');
  const mesh = Float32Array.from(
    (JSON.parse(readFileSync(join(__dirname, '..', 'face', 'fixtures', 'sample3-face1.json'), 'utf8')) as { mesh: number[] }).mesh,
    (value) => value / 2,
  );
  mouth = join(dir, 'face.bin');
  writeMeshTrack(mouth, {
    fps: 25,
    width: 320,
    height: 240,
    meshes: Array.from({ length: 50 }, () => mesh),
    blinks: false,
    playback: 'bounce',
    inner: null,
  });
  audio = join(dir, 'speech.wav');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=180:duration=3', audio]);
  for (const [name, seconds] of [
    ['good', 3],
    ['short', 1],
  ] as const) {
    const file = join(dir, `${name}.mp4`);
    await lavfiClip(file, `color=c=magenta:s=320x240:r=25:d=${seconds}`);
    outputs[name] = readFileSync(file);
  }
  outputs.text = Buffer.from('this is not a video');
  server = createServer((req, res) => void handle(req, res).catch((error: Error) => res.writeHead(500).end(error.message)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

beforeEach(() => {
  requests = [];
  fetched = [];
  troubles = [];
  pending = 2;
  created = 0;
  ending = 'succeeded';
  output = 'good';
});

afterAll(async () => {
  for (const engine of engines) engine.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const settings = (engine: LipSyncSettings['engine'], extra: Partial<LipSyncSettings> = {}): LipSyncSettings => ({
  engine,
  url: base,
  key: KEY,
  fallback: false,
  http: { requestTimeoutMs: 5000, jobTimeoutMs: 20_000, retries: 2, backoffMs: 10, maxWaitMs: 3000 },
  ...extra,
});

const render = (options: LipSyncSettings, name: string, mediaLinks: MediaLinks = links) => {
  const engine = new LocalEngine({ provider: lipSyncProvider(options, mediaLinks), fallback: options.fallback });
  engines.push(engine);
  return engine.renderVideo({ loop, mouth, audio, output: join(dir, `${name}.mp4`), watermark: false });
};
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'made',
    (error: { reason?: string }) => error.reason,
  );

/** The mean of the middle frame's chroma planes: magenta (the provider's frames) is far from grey in both. */
async function magenta(file: string) {
  const { stdout } = await runFfmpeg(['-ss', '1.5', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'yuv444p', 'pipe:1']);
  const plane = stdout.length / 3;
  const mean = (k: number) => stdout.subarray(k * plane, (k + 1) * plane).reduce((sum, value) => sum + value, 0) / plane;
  return mean(1) > 180 && mean(2) > 180;
}

async function expectProviderVideo(name: string) {
  const file = join(dir, `${name}.mp4`);
  const probe = await probeMedia(file);
  expect(probe).toMatchObject({ video: { codec: 'h264', height: 240 }, audio: { codec: 'aac' } });
  expect(Math.abs(probe!.durationSeconds! - 3)).toBeLessThan(0.2);
  expect(await magenta(file)).toBe(true);
}

test('replicate: one prediction created with the model path, the key and the loop and speech by URL, polled until succeeded; the output is the video', async () => {
  const result = await render(settings('replicate'), 'replicate');
  expect(result.lipSync).toEqual({ engine: 'replicate', providerId: 'p1', billedSeconds: 12.5 });
  const creates = requests.filter((r) => r.method === 'POST');
  expect(creates).toEqual([expect.objectContaining({ path: '/v1/models/bytedance/latentsync/predictions', auth: `Bearer ${KEY}` })]);
  expect(Object.keys(creates[0]!.body!.input as object).sort()).toEqual(['audio', 'video']);
  // The loop went as long as the speech (3 s of video), and the speech as it was.
  expect(fetched.map((f) => f.type)).toEqual(['video/mp4', 'audio/wav']);
  expect(fetched[1]!.bytes).toBe(readFileSync(audio).length);
  expect(requests.filter((r) => r.path === '/v1/predictions/p1')).toHaveLength(3);
  await expectProviderVideo('replicate');
}, 60_000);

test('replicate with a pinned version creates through /v1/predictions with the version', async () => {
  await render(
    settings('replicate', { model: 'bytedance/latentsync:637ce1919f807ca20da3a448ddc2743535d2853649574cd52a933120e9b9e293' }),
    'pinned',
  );
  const create = requests.find((r) => r.method === 'POST')!;
  expect(create.path).toBe('/v1/predictions');
  expect(create.body!.version).toMatch(/^bytedance\/latentsync:637c/);
}, 60_000);

test("a Cog server of one's own: no key, the media inline as data URIs, the answer when done", async () => {
  const result = await render(settings('replicate', { key: undefined }), 'cog', dataUriMediaLinks);
  expect(result.lipSync).toMatchObject({ engine: 'replicate' });
  expect(requests.map((r) => `${r.method} ${r.path} ${r.auth ?? ''}`.trim())).toEqual(['POST /predictions']);
  expect(fetched.map((f) => f.type)).toEqual(['video/mp4', 'audio/wav']);
  await expectProviderVideo('cog');
}, 60_000);

test('sync.so: POST /v2/generate with x-api-key and the inputs, polled until COMPLETED', async () => {
  const result = await render(settings('sync'), 'sync');
  expect(result.lipSync).toEqual({ engine: 'sync', providerId: 'g1', billedSeconds: 3 });
  const create = requests.find((r) => r.method === 'POST')!;
  expect(create).toMatchObject({ path: '/v2/generate', auth: KEY, body: { model: 'lipsync-2', options: { sync_mode: 'cut_off' } } });
  expect((create.body!.input as { type: string }[]).map((i) => i.type)).toEqual(['video', 'audio']);
  await expectProviderVideo('sync');
}, 60_000);

test("fal: the queue's status_url until COMPLETED, then the result from response_url", async () => {
  const result = await render(settings('fal'), 'fal');
  expect(result.lipSync).toMatchObject({ engine: 'fal', providerId: 'r1' });
  // Besides the fetches of the inputs by the fake.
  const calls = requests.filter((r) => !r.path.startsWith('/media/'));
  expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
    'POST /fal-ai/latentsync',
    ...Array(3).fill('GET /fal-ai/latentsync/requests/r1/status'),
    'GET /fal-ai/latentsync/requests/r1',
    'GET /files/good',
  ]);
  expect(requests[0]!.auth).toBe(`Key ${KEY}`);
  await expectProviderVideo('fal');
}, 60_000);

test('500 twice, then the prediction is created once and the video made', async () => {
  troubles = [{ path: /predictions$/, times: 2, answer: (res) => res.writeHead(500).end('overloaded') }];
  await render(settings('replicate'), 'third-try');
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  await expectProviderVideo('third-try');
}, 60_000);

test('429 with Retry-After: the next request waits as long as asked', async () => {
  troubles = [{ path: /^\/v2\/generate$/, times: 1, answer: (res) => json(res.setHeader('retry-after', '1') as ServerResponse, 429, {}) }];
  const started = Date.now();
  await render(settings('sync'), 'throttled');
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
}, 60_000);

test('401 is not retried: lipsync_failed, and the error does not carry the key', async () => {
  const error = await render(settings('fal', { key: 'wrong' }), 'unauthorized').catch((e: LipSyncFailure) => e);
  expect(error).toBeInstanceOf(LipSyncFailure);
  expect((error as LipSyncFailure).reason).toBe('lipsync_failed');
  expect((error as LipSyncFailure).message).toMatch(/401/);
  expect((error as LipSyncFailure).message).not.toContain('wrong');
  expect((error as LipSyncFailure).keyRefused).toBe(true);
  expect(requests).toHaveLength(1);
}, 60_000);

test('a failed prediction, a provider that stays down, an output of the wrong length, one that is not a video, one expired', async () => {
  ending = 'failed';
  expect(await reasonOf(render(settings('replicate'), 'failed'))).toBe('lipsync_failed');
  ending = 'succeeded';
  requests = [];
  troubles = [{ path: /^\/v2\/generate$/, times: 9, answer: (res) => res.writeHead(503).end() }];
  expect(await reasonOf(render(settings('sync'), 'down'))).toBe('lipsync_unavailable');
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  troubles = [];
  output = 'short';
  expect(await reasonOf(render(settings('fal'), 'short'))).toBe('lipsync_bad_output');
  output = 'text';
  expect(await reasonOf(render(settings('replicate', { key: undefined }), 'text', dataUriMediaLinks))).toBe('lipsync_bad_output');
  output = 'gone';
  expect(await reasonOf(render(settings('replicate'), 'expired'))).toBe('lipsync_bad_output');
}, 120_000);

test('a job that never finishes is given up after the job timeout', async () => {
  pending = 1e9;
  const options = settings('sync');
  expect(await reasonOf(render({ ...options, http: { ...options.http, jobTimeoutMs: 300, maxWaitMs: 50 } }, 'slow'))).toBe(
    'lipsync_unavailable',
  );
}, 60_000);

test('with the fallback on, a failed provider leaves the video to the local renderer, and says so', async () => {
  const result = await render(settings('sync', { key: 'wrong', fallback: true }), 'fallback');
  expect(result.lipSync).toMatchObject({ engine: 'sync', failed: 'lipsync_failed' });
  const file = join(dir, 'fallback.mp4');
  expect(Math.abs((await probeMedia(file))!.durationSeconds! - 3)).toBeLessThan(0.2);
  expect(await magenta(file)).toBe(false);
}, 60_000);

test('a job submitted by a worker that stopped is followed by its id, never submitted again; a new one is reported as soon as it exists', async () => {
  const options = settings('replicate');
  const engine = new LocalEngine({ provider: lipSyncProvider(options, links), fallback: false });
  engines.push(engine);
  const submitted: string[] = [];
  const track = (requestsAtSubmit: number[]) => ({
    submitted: async (engineName: string, id: string) => {
      submitted.push(`${engineName} ${id}`);
      requestsAtSubmit.push(requests.filter((r) => r.path.startsWith('/v1/predictions/')).length);
    },
  });
  const polledWhenSubmitted: number[] = [];
  await engine.renderVideo({
    loop,
    mouth,
    audio,
    output: join(dir, 'first.mp4'),
    watermark: false,
    lipSyncJob: track(polledWhenSubmitted),
  });
  expect(submitted).toEqual(['replicate p1']);
  expect(polledWhenSubmitted).toEqual([0]);

  requests = [];
  const resumed = await engine.renderVideo({
    loop,
    mouth,
    audio,
    output: join(dir, 'resumed.mp4'),
    watermark: false,
    lipSyncJob: { resume: { engine: 'replicate', id: 'p7' }, ...track([]) },
  });
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  expect(requests.some((r) => r.path === '/v1/predictions/p7')).toBe(true);
  expect(resumed.lipSync).toMatchObject({ providerId: 'p7' });
  expect(submitted).toEqual(['replicate p1']);
  await expectProviderVideo('resumed');

  // A job another engine took is not this provider's to follow.
  requests = [];
  await engine.renderVideo({
    loop,
    mouth,
    audio,
    output: join(dir, 'other.mp4'),
    watermark: false,
    lipSyncJob: { resume: { engine: 'sync', id: 'g9' }, ...track([]) },
  });
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
}, 60_000);
