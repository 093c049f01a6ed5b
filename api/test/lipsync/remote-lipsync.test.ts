// The `http` lip-sync step against a small fake service started here: what it sends, how it retries,
// and the reasons it fails with.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeMeshTrack } from '../../src/engine/face/mesh-track';
import { mouthGeometryOf, RemoteLipSync } from '../../src/engine/lipsync/remote-lipsync';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { lavfiClip, mediaDir } from '../media/fixtures';

type Received = {
  geometry: { fps: number; width: number; height: number; poses: number[][] };
  mouth: { fps: number; shapes: number[][] };
  video: number;
  audioType: string;
};
type Behaviour = (attempt: number, res: ServerResponse) => boolean;

let dir: string;
let loop: string;
const mesh = Float32Array.from(
  (JSON.parse(readFileSync(join(__dirname, '..', 'face', 'fixtures', 'sample3-face1.json'), 'utf8')) as { mesh: number[] }).mesh,
  (value) => value / 2,
);
let mouth: string;
let audio: string;
/** What the service answers with: a red clip, so the finished video shows whose frames it holds. */
let talking: Buffer;
let server: Server;
let url: string;
let received: Received[] = [];
let behaviour: Behaviour = () => false;
const engines: LocalEngine[] = [];

async function readForm(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const request = new Request('http://fake/', {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: Buffer.concat(chunks),
  });
  return request.formData();
}

beforeAll(async () => {
  dir = mediaDir();
  loop = join(dir, 'loop.mp4');
  await lavfiClip(loop, 'testsrc=size=320x240:rate=25:duration=2');
  // The face track of a real face (a mesh found on a demo photo, halved) on every frame of the clip.
  mouth = join(dir, 'face.bin');
  writeMeshTrack(mouth, {
    fps: 25,
    width: 320,
    height: 240,
    meshes: Array.from({ length: 25 }, () => mesh),
    blinks: false,
    playback: 'bounce',
    inner: null,
  });
  audio = join(dir, 'speech.wav');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=180:duration=3', audio]);
  const red = join(dir, 'red.mp4');
  await lavfiClip(red, 'color=c=red:s=320x240:r=25:d=4');
  talking = readFileSync(red);

  server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/lipsync') return res.writeHead(404).end();
      const form = await readForm(req);
      const video = form.get('video') as File;
      const audioPart = form.get('audio') as File;
      received.push({
        geometry: JSON.parse(await (form.get('geometry') as File).text()),
        mouth: JSON.parse(await (form.get('mouth') as File).text()),
        video: video.size,
        audioType: audioPart.type,
      });
      if (behaviour(received.length, res)) return;
      res.writeHead(200, { 'content-type': 'video/mp4' }).end(talking);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

beforeEach(() => {
  received = [];
  behaviour = () => false;
});

afterAll(async () => {
  for (const engine of engines) engine.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const engineFor = (options: { timeoutMs?: number; retries?: number } = {}) => {
  const engine = new LocalEngine(new RemoteLipSync({ url, timeoutMs: options.timeoutMs ?? 10_000, retries: options.retries ?? 2 }, 20));
  engines.push(engine);
  return engine;
};
const render = (engine: LocalEngine, name: string) =>
  engine.renderVideo({ loop, mouth, audio, output: join(dir, `${name}.mp4`), watermark: true }).then(
    (result) => result,
    (error: { reason?: string }) => error.reason,
  );

/** The mean red-difference chroma (V) of the finished video's middle frame: high for the service's red frames. */
const redness = async (file: string) => {
  const { stdout } = await runFfmpeg(['-ss', '1.5', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'yuv444p', 'pipe:1']);
  const plane = stdout.length / 3;
  let sum = 0;
  for (let i = 2 * plane; i < 3 * plane; i += 1) sum += stdout[i]!;
  return sum / plane;
};

test("the service gets the loop, the mouth's pose in each loop frame, the speech and the mouth shapes; its video is the one finished", async () => {
  const result = await render(engineFor(), 'talking');
  expect(result).toMatchObject({ durationSeconds: expect.any(Number) });
  expect(received).toHaveLength(1);
  const [sent] = received;
  expect(sent!.video).toBe(statSync(loop).size);
  expect(sent!.audioType).toBe('audio/wav');
  expect(sent!.geometry).toMatchObject({ fps: 25, width: 320, height: 240 });
  expect(sent!.geometry.poses).toHaveLength(50);
  const pose = mouthGeometryOf([mesh], { fps: 25, width: 320, height: 240 }).poses[0]!;
  expect(sent!.geometry.poses[0]).toEqual(
    [pose.cx, pose.cy, pose.width, pose.angle].map((value, i) => expect.closeTo(value, i === 3 ? 3 : 1)),
  );
  expect(pose.width).toBeGreaterThan(30);
  expect(sent!.mouth.fps).toBe(25);
  expect(sent!.mouth.shapes).toHaveLength(75);
  expect(Math.max(...sent!.mouth.shapes.map(([open]) => open!))).toBeGreaterThan(0.5);

  const output = join(dir, 'talking.mp4');
  const video = await probeMedia(output);
  expect(video).toMatchObject({ video: { codec: 'h264', height: 240 }, audio: { codec: 'aac' } });
  expect(Math.abs(video!.durationSeconds! - 3)).toBeLessThan(0.3);
  expect(await redness(output)).toBeGreaterThan(200);
}, 60_000);

test('a service that fails twice with 500 is asked a third time, and the video is made', async () => {
  behaviour = (attempt, res) => attempt <= 2 && (res.writeHead(500).end('busy'), true);
  expect(await render(engineFor(), 'third-try')).toMatchObject({ durationSeconds: expect.any(Number) });
  expect(received).toHaveLength(3);
}, 60_000);

test('a service that keeps failing ends the video with lipsync_unavailable after its retries', async () => {
  behaviour = (_attempt, res) => (res.writeHead(503, { 'retry-after': '0' }).end('down for maintenance'), true);
  expect(await render(engineFor({ retries: 1 }), 'down')).toBe('lipsync_unavailable');
  expect(received).toHaveLength(2);
}, 60_000);

test('a service that refuses the request (4xx) is not asked again: lipsync_failed', async () => {
  behaviour = (_attempt, res) => (res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"no face"}'), true);
  expect(await render(engineFor(), 'refused')).toBe('lipsync_failed');
  expect(received).toHaveLength(1);
}, 60_000);

test('a service that answers with something that is not a video: lipsync_failed', async () => {
  behaviour = (_attempt, res) => (res.writeHead(200, { 'content-type': 'video/mp4' }).end('not a video at all'), true);
  expect(await render(engineFor(), 'garbage')).toBe('lipsync_failed');
}, 60_000);

test('a service that never answers times out on every try: lipsync_unavailable', async () => {
  behaviour = () => true;
  const started = Date.now();
  expect(await render(engineFor({ timeoutMs: 500, retries: 1 }), 'silent')).toBe('lipsync_unavailable');
  expect(received).toHaveLength(2);
  expect(Date.now() - started).toBeLessThan(20_000);
}, 60_000);
