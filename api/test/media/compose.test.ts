// Publishable videos (compose/): the person cut out, backgrounds, formats and placement, captions and posters, judged
// on the rendered frames.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASPECT_RATIOS, frameSizeOf, type CaptionStyle } from '@kagami/shared/validation';
import { captionLines, timeCaptions, toSrt, toVtt, type Cue } from '../../src/engine/compose/captions';
import { layoutOf } from '../../src/engine/compose/layout';
import { composeStill } from '../../src/engine/compose/still';
import { matteFrames } from '../../src/engine/compose/matte';
import { findFaces } from '../../src/engine/mesh/mesh';
import { FACE_OVAL } from '../../src/engine/mesh/topology';
import type { Framing } from '../../src/engine/compose/compose';
import { ANALYSIS_RATE, decodeMono } from '../../src/engine/speech/decode';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { countVideoFrames, probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { avatarOutputs, CLEAR_CHIN, FACE_PHOTO, mediaDir, ONE_FACE, PORTRAIT, speakingFaceClip } from './fixtures';
import { shareProcessedAvatars } from './shared-avatars';

// The speaking face's avatar is made once for the suites that use it.
shareProcessedAvatars();

const engine = new LocalEngine();
let dir: string;
let avatar: ReturnType<typeof avatarOutputs>;
let audio: string;

const GREEN = { r: 0x10, g: 0xc0, b: 0x40 };
const STYLE: CaptionStyle = { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' };

beforeAll(async () => {
  dir = mediaDir();
  avatar = avatarOutputs(dir, 'presenter');
  await engine.processAvatar({ file: await speakingFaceClip(dir), kind: 'video' }, avatar);
  audio = join(dir, 'short.wav');
  writeFileSync(audio, (await engine.synthesizeSpeech('Composed over a new background.', 'en')).wav);
}, 180_000);
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One frame of a video as RGB bytes. */
async function rgbFrame(file: string, atSeconds = 1) {
  const { stdout } = await runFfmpeg([
    ...(atSeconds ? ['-ss', String(atSeconds)] : []),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return stdout;
}

/** The mean colour of a square of `size` pixels with its top left corner at (x, y). */
function meanColour(rgb: Buffer, width: number, x: number, y: number, size = 24) {
  const sum = { r: 0, g: 0, b: 0 };
  for (let row = y; row < y + size; row += 1)
    for (let column = x; column < x + size; column += 1) {
      const at = (row * width + column) * 3;
      sum.r += rgb[at]!;
      sum.g += rgb[at + 1]!;
      sum.b += rgb[at + 2]!;
    }
  const n = size * size;
  return { r: sum.r / n, g: sum.g / n, b: sum.b / n };
}
const distance = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));

const render = (name: string, framing: Framing, extra: Partial<Parameters<LocalEngine['renderVideo']>[0]> = {}) =>
  engine.renderVideo({
    loop: avatar.loop,
    mouth: avatar.mouth,
    audio,
    output: join(dir, `${name}.mp4`),
    watermark: false,
    seed: 'compose',
    framing,
    matte: avatar.matte,
    ...extra,
  });

describe('the person cut out once per avatar', () => {
  test('a footage avatar keeps a matte as long as its loop', async () => {
    expect(await countVideoFrames(avatar.matte)).toBe(await countVideoFrames(avatar.loop));
  });

  test.each([
    ['a portrait', PORTRAIT],
    ['a close face', { photo: FACE_PHOTO, crop: ONE_FACE }],
    ['a face with a clear chin', CLEAR_CHIN],
  ])(
    'on %s composited on a flat colour, the matte matches the known person and does not flicker',
    async (_name, face) => {
      const size = 640;
      const photo = join(dir, 'known.rgb');
      await runFfmpeg(['-i', face.photo, '-vf', `${face.crop},scale=${size}:${size}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', photo]);
      const rgb = new Uint8Array(readFileSync(photo));
      const [found] = await findFaces(rgb, size, size);
      // The known person: the face inside its outline, the rest of the picture a flat colour.
      const outline = FACE_OVAL.map((index) => [found!.mesh[2 * index]!, found!.mesh[2 * index + 1]!] as const);
      const inside = (x: number, y: number) => {
        let within = false;
        for (let i = 0, j = outline.length - 1; i < outline.length; j = i, i += 1) {
          const [xi, yi] = outline[i]!;
          const [xj, yj] = outline[j]!;
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
        }
        return within;
      };
      const known = new Uint8Array(size * size);
      const composite = Buffer.alloc(size * size * 3);
      for (let y = 0; y < size; y += 1)
        for (let x = 0; x < size; x += 1) {
          const at = y * size + x;
          known[at] = inside(x + 0.5, y + 0.5) ? 1 : 0;
          for (let c = 0; c < 3; c += 1) composite[at * 3 + c] = known[at] ? rgb[at * 3 + c]! : [40, 170, 80][c]!;
        }
      const still = join(dir, 'composite.mp4');
      writeFileSync(join(dir, 'composite.rgb'), composite);
      await runFfmpeg([
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${size}x${size}`, '-framerate', '25', '-i', join(dir, 'composite.rgb')],
        ...['-vf', 'loop=loop=39:size=1', '-c:v', 'libx264', '-crf', '10', '-pix_fmt', 'yuv420p', still],
      ]);
      const alphas = await matteFrames(still);
      expect(alphas).toHaveLength(40);
      const side = Math.round(Math.sqrt(alphas[0]!.length));
      const last = alphas.at(-1)!;
      let both = 0;
      let either = 0;
      for (let y = 0; y < side; y += 1)
        for (let x = 0; x < side; x += 1) {
          const predicted = last[y * side + x]! > 127;
          const truth = known[Math.floor(((y + 0.5) * size) / side) * size + Math.floor(((x + 0.5) * size) / side)] === 1;
          if (predicted && truth) both += 1;
          if (predicted || truth) either += 1;
        }
      expect(both / either).toBeGreaterThan(0.9);
      // A still picture's matte barely changes from frame to frame (mean change per pixel, as a share of full opacity).
      for (let n = 1; n < alphas.length; n += 1) {
        let change = 0;
        for (let i = 0; i < last.length; i += 1) change += Math.abs(alphas[n]![i]! - alphas[n - 1]![i]!);
        expect(change / last.length / 255).toBeLessThan(0.002);
      }
    },
    120_000,
  );
});

describe('backgrounds, formats and placement', () => {
  test('9:16 at 1080p on a green background: the frame is green away from the person, and the face is the avatar’s', async () => {
    const framing: Framing = {
      frame: frameSizeOf('9:16', '1080p'),
      background: { type: 'color', value: '#10C040' },
      placement: { position: 'full', scale: 0.5 },
    };
    await render('green', framing);
    const file = join(dir, 'green.mp4');
    expect((await probeMedia(file))?.video).toMatchObject({ width: 1080, height: 1920 });
    const rgb = await rgbFrame(file);
    const { width, height } = framing.frame;
    for (const [x, y] of [
      [0, 0],
      [width - 24, 0],
      [0, height - 24],
      [width - 24, height - 24],
      [width / 2 - 12, 0],
      [0, height / 3],
      [width - 24, height / 3],
    ] as const) {
      expect(distance(meanColour(rgb, width, x, y), GREEN)).toBeLessThan(12);
    }
    // The face found on the output frame: where the layout put it, in the avatar's own colours.
    const [face] = await findFaces(new Uint8Array(rgb), width, height);
    expect(face).toBeDefined();
    expect(face!.box.y).toBeGreaterThan(height / 2);
    const skin = meanColour(rgb, width, Math.round(face!.box.x + face!.box.width / 2 - 12), Math.round(face!.box.y + face!.box.height / 2));
    expect(distance(skin, GREEN)).toBeGreaterThan(60);
  }, 120_000);

  test('an image background: the corners are the picture, scaled to cover the frame', async () => {
    const picture = join(dir, 'backdrop.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=800x600:duration=1', '-frames:v', '1', picture]);
    const frame = frameSizeOf('1:1', '720p');
    await render('image', { frame, background: { type: 'image', file: picture }, placement: { position: 'left', scale: 0.6 } });
    const expected = join(dir, 'expected.rgb');
    await runFfmpeg([
      ...[
        '-i',
        picture,
        '-vf',
        `scale=${frame.width}:${frame.height}:force_original_aspect_ratio=increase,crop=${frame.width}:${frame.height}`,
      ],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', expected],
    ]);
    const want = readFileSync(expected);
    const rgb = await rgbFrame(join(dir, 'image.mp4'));
    for (const [x, y] of [
      [0, 0],
      [frame.width - 24, 0],
      [frame.width - 24, frame.height - 24],
    ] as const) {
      expect(distance(meanColour(rgb, frame.width, x, y), meanColour(want, frame.width, x, y))).toBeLessThan(16);
    }
    // The presenter stands in the left part of the frame.
    const [face] = await findFaces(new Uint8Array(rgb), frame.width, frame.height);
    expect(face!.box.x + face!.box.width / 2).toBeLessThan(frame.width / 2);
  }, 120_000);

  test('in a corner circle over a video background: the face inside the circle, the frame around it the background', async () => {
    const backdrop = join(dir, 'backdrop.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x2040A0:s=640x360:d=1:r=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', backdrop]);
    const frame = frameSizeOf('16:9', '720p');
    const framing: Framing = { frame, background: { type: 'video', file: backdrop }, placement: { position: 'corner', scale: 1 } };
    await render('corner', framing);
    const rgb = await rgbFrame(join(dir, 'corner.mp4'), 1.5);
    const blue = { r: 0x20, g: 0x40, b: 0xa0 };
    expect(distance(meanColour(rgb, frame.width, 0, 0), blue)).toBeLessThan(12);
    const layout = layoutOf(frame, { width: 640, height: 640 }, null, framing.placement);
    if (layout.kind !== 'circle') throw new Error('not a circle');
    // The face is found in the circle's square (the detector sees the whole frame too small to find a face this size).
    const side = layout.diameter;
    const square = new Uint8Array(side * side * 3);
    for (let y = 0; y < side; y += 1)
      square.set(
        rgb.subarray(((layout.y + y) * frame.width + layout.x) * 3, ((layout.y + y) * frame.width + layout.x + side) * 3),
        y * side * 3,
      );
    const [face] = await findFaces(square, side, side);
    expect(face).toBeDefined();
    const centre = { x: face!.box.x + face!.box.width / 2, y: face!.box.y + face!.box.height / 2 };
    expect(Math.hypot(centre.x - side / 2, centre.y - side / 2)).toBeLessThan(side / 4);
    // Outside the circle, just beyond its ring: the background.
    expect(distance(meanColour(rgb, frame.width, layout.x - 40, layout.y - 40), blue)).toBeLessThan(12);
  }, 120_000);

  test('where the footage’s own frame cuts the person inside the video’s frame, the person fades out instead of ending in a line', async () => {
    // A person who fills their whole picture (a red square, fully opaque), standing smaller than a green frame.
    const picture = join(dir, 'red.png');
    const opaque = join(dir, 'opaque.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0xD02020:s=640x640:d=1', '-frames:v', '1', picture]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=white:s=640x640:d=1:r=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', opaque]);
    const frame = frameSizeOf('16:9', '720p');
    const size = { width: 640, height: 640 };
    const framing: Framing = { frame, background: { type: 'color', value: '#10C040' }, placement: { position: 'full', scale: 0.4 } };
    const output = join(dir, 'faded.png');
    await composeStill({ picture: { file: picture, size }, matte: opaque, face: null, framing, output });
    const rgb = await rgbFrame(output, 0);
    const layout = layoutOf(frame, size, null, framing.placement);
    if (layout.kind !== 'scaled') throw new Error('full is scaled');
    const red = { r: 0xd0, g: 0x20, b: 0x20 };
    const at = (x: number, y: number) => meanColour(rgb, frame.width, Math.round(x), Math.round(y), 2);
    const middleX = layout.x + layout.width / 2;
    expect(layout.y).toBeGreaterThan(0);
    // At the cut edges (top, left, right) the background shows through; a little further in, the person.
    expect(distance(at(middleX, layout.y), GREEN)).toBeLessThan(40);
    expect(distance(at(layout.x, frame.height / 2 + 100), GREEN)).toBeLessThan(40);
    expect(distance(at(layout.x + layout.width - 2, frame.height / 2 + 100), GREEN)).toBeLessThan(40);
    expect(distance(at(middleX, layout.y + layout.height * 0.1), red)).toBeLessThan(30);
    // The bottom, where the body leaves the frame, is not faded.
    expect(distance(at(middleX, frame.height - 2), red)).toBeLessThan(30);
  }, 60_000);

  test('placements put the face where they say, in every format', () => {
    const picture = { width: 1280, height: 720 };
    const face = { x: 560, y: 150, width: 160, height: 200 };
    for (const aspect of ASPECT_RATIOS) {
      const frame = frameSizeOf(aspect, '1080p');
      expect(Math.min(frame.width, frame.height)).toBe(1080);
      const full = layoutOf(frame, picture, face, { position: 'full', scale: 1 });
      if (full.kind !== 'scaled') throw new Error('full is scaled');
      // Full at scale 1 covers the frame.
      expect(full.x).toBeLessThanOrEqual(0);
      expect(full.y).toBeLessThanOrEqual(0);
      expect(full.x + full.width).toBeGreaterThanOrEqual(frame.width);
      expect(full.y + full.height).toBeGreaterThanOrEqual(frame.height);
      for (const [position, side] of [
        ['left', -1],
        ['right', 1],
      ] as const) {
        const layout = layoutOf(frame, picture, face, { position, scale: 0.8 });
        if (layout.kind !== 'scaled') throw new Error('sides are scaled');
        const faceX = layout.x + ((face.x + face.width / 2) * layout.width) / picture.width;
        expect(Math.sign(faceX - frame.width / 2)).toBe(side);
        expect(layout.y + layout.height).toBe(frame.height);
      }
      const corner = layoutOf(frame, picture, face, { position: 'corner', scale: 0.3 });
      if (corner.kind !== 'circle') throw new Error('corner is a circle');
      expect(corner.x + corner.diameter).toBeLessThan(frame.width);
      expect(corner.y + corner.diameter).toBeLessThan(frame.height);
      expect(corner.x).toBeGreaterThan(frame.width / 2);
    }
  });
});

/** SubRip or WebVTT cues read back: their times (ms) and text. */
function parseCues(text: string, separator: ',' | '.') {
  const time = (stamp: string) => {
    const [h, m, rest] = stamp.split(':');
    const [s, ms] = rest!.split(separator);
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
  };
  const cues: Cue[] = [];
  const pattern = new RegExp(`(\\d\\d:\\d\\d:\\d\\d\\${separator}\\d{3}) --> (\\d\\d:\\d\\d:\\d\\d\\${separator}\\d{3})\\n([^\\n]+)`, 'g');
  for (const match of text.matchAll(pattern)) cues.push({ startMs: time(match[1]!), endMs: time(match[2]!), text: match[3]! });
  return cues;
}

describe('captions', () => {
  const SCRIPT = 'Welcome to Kagami. [pause 1s] This video was made from a script. Every phrase is timed to the voice.';
  let cues: Cue[];
  let speech: Awaited<ReturnType<LocalEngine['synthesizeSpeech']>>;
  let pcm: Float32Array;

  beforeAll(async () => {
    speech = await engine.synthesizeSpeech(SCRIPT, 'en');
    const wav = join(dir, 'captioned.wav');
    writeFileSync(wav, speech.wav);
    pcm = await decodeMono(wav);
    cues = timeCaptions(speech.spans, pcm, ANALYSIS_RATE);
  });

  test('one cue per phrase, timed to the speech within 100 ms', () => {
    expect(cues.map((cue) => cue.text)).toEqual([
      ...captionLines('Welcome to Kagami.'),
      ...captionLines('This video was made from a script. Every phrase is timed to the voice.'),
    ]);
    // The pause: the first phrase ends where its stretch of speech ends and the next starts where the voice comes back.
    expect(Math.abs(cues[0]!.endMs - speech.spans[0]!.endMs)).toBeLessThan(100);
    expect(Math.abs(cues[1]!.startMs - speech.spans[1]!.startMs)).toBeLessThan(100);
    // Between two sentences said in one breath, the cue changes inside the voice's silence.
    const loud = (ms: number) => {
      const from = Math.round((ms / 1000) * ANALYSIS_RATE);
      let sum = 0;
      for (let i = from; i < from + 160; i += 1) sum += pcm[i]! ** 2;
      return Math.sqrt(sum / 160);
    };
    expect(loud(cues[1]!.endMs + 20)).toBeLessThan(0.01);
    expect(cues[2]!.startMs).toBeGreaterThanOrEqual(cues[1]!.endMs);
    for (const cue of cues) expect(cue.endMs).toBeGreaterThan(cue.startMs);
    expect(cues.at(-1)!.endMs).toBeLessThanOrEqual(speech.durationSeconds * 1000 + 1);
  });

  test('SubRip and WebVTT files parse back to the same cues', () => {
    const srt = toSrt(cues);
    expect(srt.startsWith('1\n')).toBe(true);
    const vtt = toVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const rounded = cues.map((cue) => ({ startMs: Math.round(cue.startMs), endMs: Math.round(cue.endMs), text: cue.text }));
    expect(parseCues(srt, ',')).toEqual(rounded);
    expect(parseCues(vtt, '.')).toEqual(rounded);
  });

  test.each(ASPECT_RATIOS)(
    'burned-in captions stay inside a %s frame',
    async (aspect) => {
      const frame = frameSizeOf(aspect, '720p');
      const framing: Framing = { frame, background: { type: 'color', value: '#10C040' }, placement: { position: 'full', scale: 0.6 } };
      const long = [{ startMs: 0, endMs: 4000, text: 'A caption long enough to need the whole width of a narrow frame' }];
      await render(`plain-${aspect.replace(':', 'x')}`, framing);
      await render(`captioned-${aspect.replace(':', 'x')}`, framing, { captions: { cues: long, burnIn: true, style: STYLE } });
      const plain = await rgbFrame(join(dir, `plain-${aspect.replace(':', 'x')}.mp4`));
      const captioned = await rgbFrame(join(dir, `captioned-${aspect.replace(':', 'x')}.mp4`));
      let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let y = 0; y < frame.height; y += 1)
        for (let x = 0; x < frame.width; x += 1) {
          const at = (y * frame.width + x) * 3;
          if (Math.abs(plain[at]! - captioned[at]!) + Math.abs(plain[at + 1]! - captioned[at + 1]!) < 80) continue;
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      // Drawn, in the lower part, and clear of every edge.
      expect(right).toBeGreaterThan(left);
      expect(top).toBeGreaterThan(frame.height / 2);
      expect(left).toBeGreaterThan(4);
      expect(right).toBeLessThan(frame.width - 5);
      expect(bottom).toBeLessThan(frame.height - 5);
    },
    120_000,
  );
});

test('a poster of the finished video, composed like it', async () => {
  const framing: Framing = {
    frame: frameSizeOf('4:5', '720p'),
    background: { type: 'color', value: '#10C040' },
    placement: { position: 'full', scale: 0.5 },
  };
  const thumbnail = join(dir, 'poster.jpg');
  await render('posted', framing, { thumbnail });
  const poster = await probeMedia(thumbnail);
  expect(poster?.video).toMatchObject({ codec: 'mjpeg', width: 720, height: 900 });
  const rgb = await rgbFrame(thumbnail, 0);
  expect(distance(meanColour(rgb, 720, 0, 0), GREEN)).toBeLessThan(16);
  expect(await findFaces(new Uint8Array(rgb), 720, 900)).toHaveLength(1);
}, 60_000);
