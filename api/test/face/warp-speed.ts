// How long renderFace takes per frame, in plain Node (not jest: its vm slows global lookups):
//   cd api && node --import tsx test/face/warp-speed.ts
// Renders face-api's sample3.jpg scaled so its first face is about 400 px wide, cropped to 1920x1080, and the same
// framing scaled to 1280x720, through a sweep of talking plans with and without head motion.
import { deformMesh } from '../../src/engine/draw/deform';
import type { FramePlan } from '../../src/engine/face-shapes';
import { renderFace } from '../../src/engine/draw/warp';
import { yuvFrameOf } from '../../src/engine/draw/yuv';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO } from '../media/fixtures';
import { fixture } from './face-frames';

const sample = fixture('sample3-face1');

/** The crop's mesh in a frame made by scaling the whole photo by `scale` and cropping at (x, y). */
const meshIn = (scale: number, x: number, y: number) =>
  Float32Array.from(sample.mesh, (value, i) => (value + (i % 2 === 0 ? sample.crop.x : sample.crop.y)) * scale - (i % 2 === 0 ? x : y));

async function frameOf(width: number, height: number, scale: number, x: number, y: number) {
  const { stdout } = await runFfmpeg([
    '-i',
    FACE_PHOTO,
    '-vf',
    `scale=iw*${scale}:ih*${scale},crop=${width}:${height}:${x}:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ]);
  return new Uint8Array(stdout);
}

const plan = (n: number, head: boolean): FramePlan => ({
  articulation: { jaw: 0.5 + 0.5 * Math.sin(n / 3), round: n % 7 < 2 ? 0.8 : 0, spread: n % 5 === 0 ? 0.7 : 0, press: 0, tuck: 0 },
  blink: n % 40 < 3 ? 1 : 0,
  head: head ? { dx: 0.015 * Math.sin(n / 20), dy: 0.008 * Math.sin(n / 7), roll: 0.02 * Math.sin(n / 25) } : { dx: 0, dy: 0, roll: 0 },
});

async function bench(label: string, width: number, height: number, scale: number, x: number, y: number) {
  const raw = await frameOf(width, height, scale, x, y);
  const mesh = meshIn(scale, x, y);
  const source = yuvFrameOf(raw, width, height);
  const output = yuvFrameOf(new Uint8Array(raw.length), width, height);
  for (const head of [false, true]) {
    const times: number[] = [];
    let cpu = 0;
    for (let n = 0; n < 120; n += 1) {
      const p = plan(n, head);
      const started = performance.now();
      const usage = process.cpuUsage();
      const target = deformMesh(mesh, p);
      renderFace(source, output, mesh, target, p, null);
      if (n >= 20) cpu += process.cpuUsage(usage).user / 1000;
      times.push(performance.now() - started);
    }
    // The first 20 frames warm the JIT up; the machine's other work shows in the wall times' spread, less in CPU time.
    const sorted = times.slice(20).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
    const kind = head ? 'mouth+blink+head' : 'mouth+blink     ';
    console.log(`${label} ${kind}: wall median ${at(0.5)} ms, p90 ${at(0.9)} ms; CPU ${(cpu / 100).toFixed(1)} ms per frame`);
  }
}

void (async () => {
  // sample3's first face is about 203 px wide at the photo's size: scale 2 makes it about 406 px.
  await bench('1080p (face ~406 px)', 1920, 1080, 2, 430, 410);
  await bench(' 720p (face ~271 px)', 1280, 720, 4 / 3, 286, 272);
})();
