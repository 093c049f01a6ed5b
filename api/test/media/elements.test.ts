// A scene's elements (compose/elements.ts): text set in its role's box and pictures placed by fractions of the frame,
// judged on the rendered frames: where the ink is, that it reads on its background, that bullets come in with their
// sentences and that right-to-left text keeps to the right.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Placement } from '@kagami/shared/validation';
import { captionCuesOf, type Cue } from '../../src/engine/compose/captions';
import type { Backdrop, Framing } from '../../src/engine/compose/compose';
import { safeArea, sentenceStarts, type ElementSpec } from '../../src/engine/compose/elements';
import { breakUnits, wrapText } from '../../src/engine/compose/text-layout';
import { watermarkBottom } from '../../src/engine/compose/watermark';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { probeMedia } from '../../src/media/probe';
import { mediaDir } from './fixtures';
import { dark, frameAt, light, red, share, type Frame } from './frames';

const engine = new LocalEngine();
let dir: string;
let speech: { audio: string; cues: Cue[] };
let logo: string;
const TEAL = '#0F766E';
const FULL: Placement = { position: 'full', scale: 1 };

beforeAll(async () => {
  dir = mediaDir();
  const spoken = await engine.synthesizeSpeech('First we plan. Then we build. Last we ship.', 'en');
  const audio = join(dir, 'speech.wav');
  writeFileSync(audio, spoken.wav);
  speech = { audio, cues: await captionCuesOf(spoken.spans, audio, { width: 640, height: 360 }, 'medium') };
  // A red logo with a transparent border.
  const canvas = createCanvas(100, 50);
  const context = canvas.getContext('2d');
  context.fillStyle = '#FF0000';
  context.fillRect(10, 5, 80, 40);
  logo = join(dir, 'logo.png');
  writeFileSync(logo, canvas.toBuffer('image/png'));
}, 60_000);
afterAll(() => {
  engine.close();
  if (!process.env.KEEP_MEDIA) rmSync(dir, { recursive: true, force: true });
});

/** The leftmost and rightmost columns in rows `band` whose pixels are not the teal background. */
function inkSpan(frame: Frame, band: { y0: number; y1: number }) {
  let [left, right] = [frame.width, -1];
  for (let y = band.y0; y < band.y1; y += 1) {
    for (let x = 0; x < frame.width; x += 1) {
      const at = (y * frame.width + x) * 3;
      if (teal(frame.data[at]!, frame.data[at + 1]!, frame.data[at + 2]!)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return { left, right };
}

const teal = (r: number, g: number, b: number) => Math.abs(r - 0x0f) < 24 && Math.abs(g - 0x76) < 24 && Math.abs(b - 0x6e) < 24;

async function voiceOver(
  name: string,
  frame: { width: number; height: number },
  background: Backdrop,
  elements: ElementSpec[],
  placement = FULL,
  watermark = false,
) {
  const output = join(dir, `${name}.mp4`);
  const framing: Framing = { frame, background, placement, elements };
  await engine.renderVoiceOver({
    audio: speech.audio,
    output,
    watermark,
    framing,
    language: 'en',
    captions: { cues: speech.cues, burnIn: false, style: { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: null } },
  });
  return output;
}

describe('text layout', () => {
  it('breaks Japanese between words, never before a closing mark, and Latin at spaces', () => {
    const units = breakUnits('今日は、新しい製品を紹介します。', 'ja');
    expect(units.every((unit) => !/^[、。]/.test(unit))).toBe(true);
    expect(units.length).toBeGreaterThan(3);
    const measure = (text: string) => [...text].length * 10;
    const lines = wrapText('今日は、新しい製品を紹介します。よろしくお願いします。', 80, measure, 'ja');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((line) => measure(line) <= 80 && !/^[、。]/.test(line))).toBe(true);
    expect(wrapText('one two three four', 105, measure, 'en')).toEqual(['one two', 'three four']);
  });

  it('keeps the safe margins of each format, wider at the bottom of a phone frame', () => {
    const wide = safeArea({ width: 1280, height: 720 });
    const tall = safeArea({ width: 720, height: 1280 });
    expect(wide.x).toBeGreaterThan(0);
    expect(1280 - wide.x - wide.width).toBe(wide.x);
    expect(1280 - tall.y - tall.height).toBeGreaterThan(tall.y);
  });

  it('finds where each sentence of the speech begins', () => {
    const starts = sentenceStarts(speech.cues);
    expect(starts).toHaveLength(3);
    expect(starts[0]).toBeLessThan(starts[1]!);
    expect(starts[1]).toBeLessThan(starts[2]!);
  });
});

describe('elements on the frame', () => {
  const elements: ElementSpec[] = [
    { type: 'text', role: 'title', text: 'Welcome to Acme', entrance: 'fade' },
    { type: 'text', role: 'bullets', text: 'Plan\nBuild\nShip', entrance: 'slide' },
    { type: 'image', file: '', x: 0.85, y: 0.05, width: 0.1, entrance: 'none' },
  ];
  const withLogo = () => elements.map((element) => (element.type === 'image' ? { ...element, file: logo } : element));

  it.each([
    ['16:9', { width: 640, height: 360 }],
    ['9:16', { width: 360, height: 640 }],
  ])(
    'draws the title, the bullets in step with the sentences and the logo at its place (%s)',
    async (format, frame) => {
      const file = await voiceOver(`elements-${format.replace(':', 'x')}`, frame, { type: 'color', value: TEAL }, withLogo());
      const safe = safeArea(frame);
      const area = { x: safe.x / frame.width, width: safe.width / frame.width };
      const top = safe.y / frame.height;
      const height = safe.height / frame.height;
      const end = await frameAt(file, (await probeMedia(file))!.durationSeconds! - 0.2, frame);
      // The title is white on teal (it reads without a shade box) in the top of the text area; the bottom of the frame is bare.
      const titleBox = { ...area, y: top, height: height * 0.2 };
      expect(share(end, titleBox, light)).toBeGreaterThan(0.04);
      expect(share(end, { x: 0, y: 0.97, width: 1, height: 0.03 }, teal)).toBeGreaterThan(0.95);
      // The logo: red inside its box, the frame's colour beside it.
      const logoHeight = (0.1 * frame.width * 0.5) / frame.height;
      expect(share(end, { x: 0.86, y: 0.05 + logoHeight * 0.3, width: 0.07, height: logoHeight * 0.4 }, red)).toBeGreaterThan(0.9);
      expect(share(end, { x: 0.7, y: 0.05, width: 0.1, height: logoHeight }, teal)).toBeGreaterThan(0.9);
      // Bullets: each comes in as its sentence is said; all three are there at the end.
      const starts = sentenceStarts(speech.cues);
      const bulletsBox = { ...area, y: top + height * 0.4, height: height * 0.58 };
      const ink = async (seconds: number) => share(await frameAt(file, seconds, frame), bulletsBox, light);
      const [first, second, all] = [await ink(starts[1]! - 0.15), await ink(starts[2]! - 0.15), share(end, bulletsBox, light)];
      expect(first).toBeGreaterThan(0.0008);
      expect(second).toBeGreaterThan(first * 1.4);
      expect(all).toBeGreaterThan(second * 1.2);
    },
    120_000,
  );

  it('writes dark on a light background, and stands text on a shade box where the background does not read', async () => {
    const frame = { width: 640, height: 360 };
    const title: ElementSpec[] = [{ type: 'text', role: 'title', text: 'Quarterly results', entrance: 'none' }];
    const onWhite = await frameAt(await voiceOver('on-white', frame, { type: 'color', value: '#FFFFFF' }, title), 1, frame);
    const safe = safeArea(frame);
    const titleBox = { x: safe.x / frame.width, y: safe.y / frame.height, width: safe.width / frame.width, height: 0.12 };
    expect(share(onWhite, titleBox, dark)).toBeGreaterThan(0.04);
    // Half black, half white behind the title: neither ink reads on both, so it stands on a shade box.
    const stripes = join(dir, 'stripes.png');
    const canvas = createCanvas(640, 360);
    const context = canvas.getContext('2d');
    context.fillStyle = '#FFFFFF';
    context.fillRect(0, 0, 640, 360);
    context.fillStyle = '#000000';
    context.fillRect(0, 0, 200, 360);
    writeFileSync(stripes, canvas.toBuffer('image/png'));
    const striped = await frameAt(await voiceOver('on-stripes', frame, { type: 'image', file: stripes }, title), 1, frame);
    // Where the background is white, the shade box darkens it behind the text.
    const shaded = share(striped, { x: 0.34, y: titleBox.y + 0.01, width: 0.1, height: 0.06 }, (r, g, b) => r < 150 && g < 150 && b < 150);
    expect(shaded).toBeGreaterThan(0.5);
  }, 120_000);

  it('sets Arabic right to left, against the right edge of its box, and keeps text beside a presenter on the left', async () => {
    const frame = { width: 640, height: 360 };
    const arabic: ElementSpec[] = [{ type: 'text', role: 'title', text: 'مرحبا بكم', entrance: 'slide' }];
    const file = await voiceOver('arabic', frame, { type: 'color', value: TEAL }, arabic, { position: 'left', scale: 1 });
    const end = await frameAt(file, 1, frame);
    const safe = safeArea(frame);
    const y = safe.y / frame.height;
    const right = share(end, { x: 0.72, y, width: 0.22, height: 0.15 }, light);
    const left = share(end, { x: 0.06, y, width: 0.4, height: 0.15 }, light);
    expect(right).toBeGreaterThan(0.04);
    expect(left).toBe(0);
    // It slides in from the right, the side it starts on: while coming in, its ink stands further right than at the end.
    const band = { y0: safe.y, y1: safe.y + Math.round(frame.height * 0.15) };
    const coming = inkSpan(await frameAt(file, 0.2, frame), band);
    const arrived = inkSpan(end, band);
    expect(coming.left).toBeGreaterThan(arrived.left + 4);
  }, 60_000);

  it("keeps a long title clear of the free plans' mark in a phone frame", async () => {
    const frame = { width: 360, height: 640 };
    const title: ElementSpec[] = [
      { type: 'text', role: 'title', text: 'Quarterly results for the whole northern region', entrance: 'none' },
    ];
    const end = await frameAt(await voiceOver('marked', frame, { type: 'color', value: TEAL }, title, FULL, true), 1, frame);
    const below = watermarkBottom(frame) / frame.height;
    // The mark's band holds no title ink (left of the mark), and the title is there just below it.
    expect(share(end, { x: 0.05, y: 0, width: 0.4, height: below }, light)).toBe(0);
    expect(share(end, { x: 0.05, y: below, width: 0.9, height: 0.2 }, light)).toBeGreaterThan(0.03);
    expect(share(end, { x: 0.6, y: 0, width: 0.38, height: below }, (r, g, b) => !teal(r, g, b))).toBeGreaterThan(0.01);
  }, 60_000);
});
