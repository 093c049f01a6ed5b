// The checks on a real render: a one-face clip made from face-api's sample photo becomes an
// avatar, a script with a pause is spoken over it, and the finished video's mouth region is compared
// with the avatar's own loop frame by frame.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { animatedFrames, mouthShapesFor, posesForVideo, videoSizeOf, yuvFrameOf } from '../../src/engine/lipsync/animate';
import { loudnessPerFrame, LEAD_MS, type PhonemeEvent } from '../../src/engine/lipsync/mouth-track';
import { warpBox } from '../../src/engine/lipsync/mouth-warp';
import { readMouthTrack, type MouthTrack } from '../../src/engine/lipsync/track-mouth';
import { ANALYSIS_RATE, decodeMono } from '../../src/engine/local/decode';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { SAMPLE_RATE } from '../../src/engine/speech/synthesizer';
import { pcmToWav } from '../../src/engine/speech/wav';
import { readFrames } from '../../src/media/frame-pipes';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO, faceClip, mediaDir, ONE_FACE } from '../media/fixtures';

const FPS = 25;
const PAUSE_SECONDS = 0.8;
const engine = new LocalEngine();
let dir: string;
let loop: string;
let track: MouthTrack;
let audio: string;
let phonemes: PhonemeEvent[];
/** The speech's first part ends here; PAUSE_SECONDS of silence follow. */
let pauseStart: number;
let output: string;

beforeAll(async () => {
  dir = mediaDir();
  const first = await engine.synthesizeSpeech('Mama made a big blue map of Paris. Bob bought apples in the market.', 'en');
  const second = await engine.synthesizeSpeech('Please pass me a cup of warm milk, maybe a biscuit too. Happy birthday, Pam!', 'en');
  // The two parts with a known silence between them; the second part's phonemes moved along with it.
  const pcm = (wav: Buffer) => wav.subarray(44);
  const silence = Buffer.alloc(Math.round(PAUSE_SECONDS * SAMPLE_RATE) * 2);
  pauseStart = first.durationSeconds;
  audio = join(dir, 'speech.wav');
  writeFileSync(audio, pcmToWav(Buffer.concat([pcm(first.wav), silence, pcm(second.wav)]), SAMPLE_RATE));
  const shift = (first.durationSeconds + PAUSE_SECONDS) * 1000;
  phonemes = [...first.phonemes, ...second.phonemes.map((p) => ({ ...p, ms: p.ms + shift }))];

  const avatar = await engine.processAvatar(await faceClip(dir, audio), {
    preview: join(dir, 'a.jpg'),
    clip: join(dir, 'a.mp4'),
    loop: join(dir, 'a-loop.mp4'),
    mouth: join(dir, 'a-mouth.json'),
  });
  loop = avatar.loop;
  track = readMouthTrack(avatar.mouth!)!;
  output = join(dir, 'talking.mp4');
  await engine.renderVideo({ loop, mouth: avatar.mouth, audio, phonemes, output, watermark: false });
}, 300_000);

afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The box around the lips and the gap between them in the finished video (the face is still, so the first pose holds). */
const mouthBox = () => {
  const { cx, cy, width } = posesForVideo(track)[0]!;
  const even = (value: number) => Math.round(value / 2) * 2;
  return { x0: even(cx - 0.6 * width), x1: even(cx + 0.6 * width), y0: even(cy - 0.3 * width), y1: even(cy + 0.7 * width) };
};

/** Every frame of `file` (scaled to the video's size first) as grey pixels inside the mouth box. */
async function mouthPixels(file: string, loopIt: boolean) {
  const size = videoSizeOf(track);
  const box = mouthBox();
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const { stdout } = await runFfmpeg(
    [
      '-i',
      file,
      '-vf',
      `scale=${size.width}:${size.height},crop=${width}:${height}:${box.x0}:${box.y0}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'pipe:1',
    ],
    { timeoutMs: 120_000 },
  );
  const frameBytes = width * height;
  const frames = Array.from({ length: Math.floor(stdout.length / frameBytes) }, (_, i) =>
    stdout.subarray(i * frameBytes, (i + 1) * frameBytes),
  );
  return loopIt ? (n: number) => frames[n % frames.length]! : (n: number) => frames[n]!;
}

/** Per frame of the finished video: mean absolute difference of the mouth box against the loop's own frame. */
async function mouthDifferences() {
  const rendered = await mouthPixels(output, false);
  const own = await mouthPixels(loop, true);
  const frames = Math.floor((await decodeMono(audio)).length / (ANALYSIS_RATE / FPS));
  return Array.from({ length: frames }, (_, n) => {
    const a = rendered(n);
    const b = own(n);
    let sum = 0;
    for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
    return sum / a.length;
  });
}

function pearson(a: number[], b: number[]) {
  const n = Math.min(a.length, b.length);
  const mean = (x: number[]) => x.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i += 1) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** The best correlation with `b` shifted by -1, 0 or +1 frame. */
const bestLagCorrelation = (a: number[], b: number[]) => Math.max(pearson(a.slice(1), b), pearson(a, b), pearson(a, b.slice(1)));

/** A fixed-seed shuffle (mulberry32), so the control is the same on every run. */
function shuffled<T>(values: T[], seed = 42) {
  const out = [...values];
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Below this mean difference the mouth is the loop's own, closed one: what is left is the encoder's noise (measured 1.1-1.6; open mouths 4-21). */
const CLOSED_DIFFERENCE = 2.5;

describe('a video rendered from a script on a one-face avatar', () => {
  let differences: number[];
  let loudness: number[];
  beforeAll(async () => {
    differences = await mouthDifferences();
    loudness = loudnessPerFrame(await decodeMono(audio), ANALYSIS_RATE, FPS, differences.length);
  }, 120_000);

  test("the mouth box's change follows the audio's loudness (Pearson r > 0.3 at the best lag within 1 frame); shuffled audio does not", () => {
    const r = bestLagCorrelation(differences, loudness);
    const control = bestLagCorrelation(differences, shuffled(loudness));
    console.log(`mouth change against loudness: r = ${r.toFixed(3)}; shuffled audio: r = ${control.toFixed(3)}`);
    expect(r).toBeGreaterThan(0.3);
    expect(Math.abs(control)).toBeLessThan(0.15);
    // The mouth really moves while the voice speaks.
    expect(Math.max(...differences)).toBeGreaterThan(4 * CLOSED_DIFFERENCE);
  });

  test('in the 800 ms of silence the mouth is closed', () => {
    const first = Math.ceil(pauseStart * FPS) + 1;
    const last = Math.floor((pauseStart + PAUSE_SECONDS) * FPS) - 1;
    expect(last - first).toBeGreaterThan(15);
    const inPause = differences.slice(first, last + 1);
    console.log(`mouth change in the pause: at most ${Math.max(...inPause).toFixed(2)}`);
    for (const [i, difference] of inPause.entries()) expect([first + i, difference < CLOSED_DIFFERENCE]).toEqual([first + i, true]);
  });

  test('at m, b and p the mouth is closed', () => {
    const closedFrames = phonemes.flatMap((event, index) => {
      if (!/^[mbp]/.test(event.id)) return [];
      // The first frame at or after the lips close (LEAD_MS early), if the phoneme lasts that long.
      const frame = Math.ceil(((event.ms - LEAD_MS) * FPS) / 1000);
      const next = phonemes[index + 1]?.ms ?? Infinity;
      return (frame * 1000) / FPS < next - LEAD_MS ? [{ id: event.id, frame }] : [];
    });
    expect(closedFrames.length).toBeGreaterThanOrEqual(10);
    for (const { id, frame } of closedFrames) expect([id, frame, differences[frame]! < CLOSED_DIFFERENCE]).toEqual([id, frame, true]);
  });
});

test('pixels outside the mouth region are identical to the unanimated frames handed to the encoder', async () => {
  const size = videoSizeOf(track);
  const poses = posesForVideo(track);
  const frames = 150;
  const shapes = await mouthShapesFor(audio, frames, phonemes);
  const decoder = readFrames(
    [
      '-stream_loop',
      '-1',
      '-i',
      loop,
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-frames:v',
      String(frames),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
    ],
    (size.width * size.height * 3) / 2,
  );
  const originals: Buffer[] = [];
  async function* keepOriginals() {
    for await (const frame of decoder.frames) {
      originals.push(Buffer.from(frame));
      yield frame;
    }
  }
  let animated = 0;
  let n = 0;
  for await (const frame of animatedFrames(keepOriginals(), size, poses, shapes)) {
    const before = yuvFrameOf(originals[n]!, size.width, size.height);
    const after = yuvFrameOf(frame, size.width, size.height);
    const box = warpBox(poses[n % poses.length]!, size);
    let outside = 0;
    let inside = 0;
    for (let row = 0; row < size.height; row += 1) {
      for (let col = 0; col < size.width; col += 1) {
        const i = row * size.width + col;
        const chroma = (row >> 1) * (size.width / 2) + (col >> 1);
        const same = before.y[i] === after.y[i] && before.u[chroma] === after.u[chroma] && before.v[chroma] === after.v[chroma];
        const inBox = col >= box.x0 && col < box.x1 && row >= box.y0 && row < box.y1;
        if (!same && inBox) inside += 1;
        if (!same && !inBox) outside += 1;
      }
    }
    expect([n, outside]).toEqual([n, 0]);
    if (inside > 0) animated += 1;
    originals[n] = Buffer.alloc(0);
    n += 1;
  }
  await decoder.done;
  expect(n).toBe(frames);
  expect(animated).toBeGreaterThan(frames / 3);
}, 120_000);

describe('footage the avatar cannot be made from is refused with its reason', () => {
  /** A still photo as 31 s of footage, through an ffmpeg filter. */
  async function footage(name: string, photo: string, filter: string) {
    const file = join(dir, `${name}.mp4`);
    await runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '10',
      '-i',
      photo,
      '-t',
      '31',
      '-vf',
      `${filter},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      file,
    ]);
    return file;
  }
  const sample1 = FACE_PHOTO.replace('sample3', 'sample1');
  const refused = async (file: string) => {
    const outputs = { preview: join(dir, 'r.jpg'), clip: join(dir, 'r.mp4'), loop: join(dir, 'r-loop.mp4'), mouth: join(dir, 'r.json') };
    return engine.processAvatar(file, outputs).then(
      () => 'accepted',
      (error: { reason?: string }) => error.reason,
    );
  };

  test.each([
    ['two faces', 'multiple_faces', FACE_PHOTO, `split[a][b];[a]${ONE_FACE}[l];[b]crop=480:480:942:130[r];[l][r]hstack`],
    ['a turned head', 'head_turned', sample1, 'crop=554:554:224:189,scale=640:640'],
    ['an always-open mouth', 'lips_never_closed', sample1, 'crop=482:482:1336:85,scale=640:640'],
    ['a face too small to animate', 'face_too_small', FACE_PHOTO, `${ONE_FACE},scale=220:220,pad=1920:1080:850:430`],
  ])(
    '%s: %s',
    async (name, reason, photo, filter) => {
      expect(await refused(await footage(name.replace(/ /g, '-'), photo, filter))).toBe(reason);
    },
    120_000,
  );
});
