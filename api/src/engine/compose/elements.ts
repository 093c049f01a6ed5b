// A scene's elements drawn as transparent pictures placed on the frame (compose.ts lays them over the video): text set
// in its role's box inside the format's safe margins and beside the presenter, in a colour readable on what is behind
// it (on a shade box where no colour is), bullets one picture each so they can come in with the sentences that say
// them; pictures at their fractions of the frame.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { Entrance, Placement, TextRole } from '@kagami/shared/validation';
import type { Cue } from './captions';
import type { Backdrop } from './compose';
import { cssFont, defaultFonts, fontsOf, type FontPair, type Weight } from './fonts';
import type { Size } from './layout';
import { fitText, isRightToLeft, LINE_HEIGHT } from './text-layout';
import { watermarkBottom } from './watermark';

/** An element as the engine draws it: text in a role (or placed), or a picture file placed by fractions of the frame. */
export type ElementSpec =
  | { type: 'text'; role: TextRole; text: string; x?: number; y?: number; width?: number; color?: string; entrance: Entrance }
  | { type: 'image'; file: string; x: number; y: number; width: number; entrance: Entrance };

/** A team's look: its fonts and colours (the first is the accent a lower third stands on). */
export type Brand = { fonts: FontPair; colors: string[] };

/**
 * A picture to lay over the frame at `x`, `y` (pixels), from `start` seconds of the scene, coming in by `entrance` (a
 * slide comes `from` the left unless it says the right).
 */
export type Overlay = { file: string; x: number; y: number; start: number; entrance: Entrance; from?: 'right' };

type Box = { x: number; y: number; width: number; height: number };
type Format = '16:9' | '9:16' | '1:1' | '4:5';

/** The share of the frame kept clear at each edge, per format (a phone's 9:16 keeps more at the bottom, where apps draw). */
const SAFE_MARGINS: Record<Format, { side: number; top: number; bottom: number }> = {
  '16:9': { side: 0.06, top: 0.07, bottom: 0.07 },
  '9:16': { side: 0.07, top: 0.09, bottom: 0.16 },
  '1:1': { side: 0.06, top: 0.06, bottom: 0.08 },
  '4:5': { side: 0.06, top: 0.06, bottom: 0.09 },
};

/** Each role's place in the text area (fractions of its height, from its top) and its size (a share of the frame's shorter side). */
const ROLES: Record<'title' | 'subtitle' | 'bullets', { top: number; height: number; size: number }> = {
  title: { top: 0, height: 0.24, size: 0.085 },
  subtitle: { top: 0.25, height: 0.13, size: 0.05 },
  bullets: { top: 0.4, height: 0.58, size: 0.055 },
};

/** WCAG's contrast for normal text (AA). */
const MIN_CONTRAST = 4.5;
const LIGHT = '#FFFFFF';
const DARK = '#111111';

export const formatOf = (frame: Size): Format => {
  const ratio = frame.width / frame.height;
  const formats: [Format, number][] = [
    ['16:9', 16 / 9],
    ['9:16', 9 / 16],
    ['1:1', 1],
    ['4:5', 4 / 5],
  ];
  return formats.sort((a, b) => Math.abs(a[1] - ratio) - Math.abs(b[1] - ratio))[0]![0];
};

/** The frame inside its format's safe margins. */
export function safeArea(frame: Size): Box {
  const margin = SAFE_MARGINS[formatOf(frame)];
  const x = Math.round(frame.width * margin.side);
  // Below the free plans' mark whatever the plan, so the preview and every video are laid out alike.
  const y = Math.max(Math.round(frame.height * margin.top), watermarkBottom(frame) + Math.round(frame.height * 0.01));
  return { x, y, width: frame.width - 2 * x, height: Math.round(frame.height * (1 - margin.bottom)) - y };
}

/** Where text goes: the safe area, less the side a presenter on the left or right stands on. */
function textArea(frame: Size, placement: Placement): Box {
  const safe = safeArea(frame);
  if (placement.position !== 'left' && placement.position !== 'right') return safe;
  const width = Math.round(safe.width * 0.52);
  return { ...safe, x: placement.position === 'left' ? safe.x + safe.width - width : safe.x, width };
}

/** The moments (seconds) at which the cues' sentences begin. */
export function sentenceStarts(cues: Cue[]): number[] {
  return cues
    .filter((cue, index) => index === 0 || /[.!?。！？]["'」』)]*\s*$/u.test(cues[index - 1]!.text))
    .map((cue) => cue.startMs / 1000);
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminanceOf = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const hexLuminance = (hex: string) =>
  luminanceOf(parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16));
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The darkest and lightest tenth of what lies behind a box, as luminance; null where it moves (footage, a video). */
type Sampler = (box: Box) => { low: number; high: number } | null;

/** Reads the background as the frame shows it (a picture covering it or, for a slide, shown whole on white), at a quarter size. */
async function samplerOf(background: Backdrop, frame: Size): Promise<Sampler> {
  if (background.type === 'color') {
    const value = hexLuminance(background.value);
    return () => ({ low: value, high: value });
  }
  if (background.type !== 'image') return () => null;
  const image = await loadImage(background.file);
  const scale = 0.25;
  const canvas = createCanvas(Math.max(1, Math.round(frame.width * scale)), Math.max(1, Math.round(frame.height * scale)));
  const context = canvas.getContext('2d');
  const fit = background.fit === 'contain' ? Math.min : Math.max;
  const factor = fit(canvas.width / image.width, canvas.height / image.height);
  const [width, height] = [image.width * factor, image.height * factor];
  context.fillStyle = LIGHT;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
  return (box) => {
    const x = Math.max(0, Math.floor(box.x * scale));
    const y = Math.max(0, Math.floor(box.y * scale));
    const w = Math.max(1, Math.min(canvas.width - x, Math.ceil(box.width * scale)));
    const h = Math.max(1, Math.min(canvas.height - y, Math.ceil(box.height * scale)));
    const { data } = context.getImageData(x, y, w, h);
    const values: number[] = [];
    for (let i = 0; i < data.length; i += 4) values.push(luminanceOf(data[i]!, data[i + 1]!, data[i + 2]!));
    values.sort((a, b) => a - b);
    return { low: values[Math.floor(values.length * 0.1)]!, high: values[Math.floor(values.length * 0.9)]! };
  };
}

/**
 * The text's colour and what it stands on: the colour asked for, or white or near-black, whichever reads better; a
 * shade box behind it when the background behind the box does not give it MIN_CONTRAST everywhere (or is not known).
 */
function inkOn(behind: { low: number; high: number } | null, asked?: string): { ink: string; shade: string | null } {
  const candidates = asked ? [asked] : [LIGHT, DARK];
  if (behind) {
    const worst = (ink: string) => Math.min(contrast(hexLuminance(ink), behind.low), contrast(hexLuminance(ink), behind.high));
    const best = candidates.sort((a, b) => worst(b) - worst(a))[0]!;
    if (worst(best) >= MIN_CONTRAST) return { ink: best, shade: null };
  }
  const ink = asked ?? LIGHT;
  return { ink, shade: hexLuminance(ink) > 0.4 ? 'rgba(0,0,0,0.6)' : 'rgba(255,255,255,0.82)' };
}

/** The ink that reads best on a solid colour. */
const inkOnColor = (color: string) =>
  contrast(hexLuminance(LIGHT), hexLuminance(color)) >= contrast(hexLuminance(DARK), hexLuminance(color)) ? LIGHT : DARK;

type Block = {
  lines: string[];
  size: number;
  family: string;
  weight: Weight;
  ink: string;
  shade: string | null;
  align: 'start' | 'center';
  rtl: boolean;
  /** A bullet's mark, drawn before its first line. */
  mark?: string;
};

/** A block of text drawn on a picture of its own (with its shade box and padding), and where its top-left goes. */
async function drawBlock(block: Block, anchor: { x: number; y: number; width: number }, file: string) {
  const measureContext = createCanvas(1, 1).getContext('2d');
  measureContext.font = cssFont(block.family, block.size, block.weight);
  const indent = block.mark ? measureContext.measureText(`${block.mark} `).width : 0;
  const widths = block.lines.map((line) => measureContext.measureText(line).width + indent);
  const pad = { x: Math.round(block.size * (block.shade ? 0.45 : 0.15)), y: Math.round(block.size * (block.shade ? 0.25 : 0.1)) };
  const inner = Math.ceil(Math.max(...widths, 1));
  const lineHeight = block.size * LINE_HEIGHT;
  const canvas = createCanvas(inner + 2 * pad.x, Math.ceil(block.lines.length * lineHeight) + 2 * pad.y);
  const context = canvas.getContext('2d');
  if (block.shade) {
    context.fillStyle = block.shade;
    roundedRect(context, canvas.width, canvas.height, block.size * 0.25);
  }
  context.font = cssFont(block.family, block.size, block.weight);
  context.fillStyle = block.ink;
  context.textBaseline = 'middle';
  context.direction = block.rtl ? 'rtl' : 'ltr';
  block.lines.forEach((line, index) => {
    const y = pad.y + (index + 0.5) * lineHeight;
    const right = block.rtl;
    if (block.align === 'center') {
      context.textAlign = 'center';
      context.fillText(line, canvas.width / 2, y);
      return;
    }
    context.textAlign = right ? 'right' : 'left';
    const edge = right ? canvas.width - pad.x - indent : pad.x + indent;
    if (block.mark && index === 0) context.fillText(block.mark, right ? canvas.width - pad.x : pad.x, y);
    context.fillText(line, edge, y);
  });
  await writeFile(file, canvas.toBuffer('image/png'));
  const x =
    block.align === 'center'
      ? anchor.x + (anchor.width - canvas.width) / 2
      : block.rtl
        ? anchor.x + anchor.width - canvas.width + pad.x
        : anchor.x - pad.x;
  return { x: Math.round(x), y: Math.round(anchor.y - pad.y), height: canvas.height - 2 * pad.y };
}

function roundedRect(context: SKRSContext2D, width: number, height: number, radius: number) {
  context.beginPath();
  context.roundRect(0, 0, width, height, radius);
  context.fill();
}

/**
 * The scene's elements as pictures to lay over its frame, written into `folder`. Bullets come in with the sentences of
 * the speech (`cues`) when there are as many; everything else at the scene's start.
 */
export async function drawElements(input: {
  elements: ElementSpec[];
  frame: Size;
  background: Backdrop;
  placement: Placement;
  language: string;
  cues: Cue[] | null;
  brand?: Brand;
  folder: string;
}): Promise<Overlay[]> {
  const { frame, placement, language, folder } = input;
  const fonts = input.brand?.fonts ?? defaultFonts();
  const accent = input.brand?.colors[0] ?? '#111827';
  const base = Math.min(frame.width, frame.height);
  const area = textArea(frame, placement);
  const safe = safeArea(frame);
  const behind = await samplerOf(input.background, frame);
  const overlays: Overlay[] = [];
  let count = 0;
  const fileOf = () => join(folder, `element-${(count += 1)}.png`);
  const measureAt = (family: string, weight: Weight) => (size: number) => {
    const context = createCanvas(1, 1).getContext('2d');
    context.font = cssFont(family, size, weight);
    return (text: string) => context.measureText(text).width;
  };

  for (const element of input.elements) {
    if (element.type === 'image') {
      const image = await loadImage(element.file);
      const width = Math.max(2, Math.round(element.width * frame.width));
      const height = Math.max(2, Math.round((width * image.height) / image.width));
      const canvas = createCanvas(width, height);
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      const file = fileOf();
      await writeFile(file, canvas.toBuffer('image/png'));
      overlays.push({
        file,
        x: Math.round(element.x * frame.width),
        y: Math.round(element.y * frame.height),
        start: 0,
        entrance: element.entrance,
      });
      continue;
    }
    const rtl = isRightToLeft(element.text);
    // Right-to-left text slides in from the side it starts on.
    const from = rtl ? { from: 'right' as const } : {};
    const heading = element.role === 'title' || element.role === 'lower_third';
    const family = heading ? fonts.heading : fonts.body;
    const weight: Weight = heading ? 'bold' : 'regular';
    const placed = element.x !== undefined || element.y !== undefined || element.width !== undefined;
    let box: Box;
    let size: number;
    if (placed) {
      const x = Math.round((element.x ?? 0) * frame.width);
      const y = Math.round((element.y ?? 0) * frame.height);
      box = { x, y, width: Math.round((element.width ?? 0.5) * frame.width), height: frame.height - y };
      size = base * (element.role === 'title' ? ROLES.title.size : element.role === 'subtitle' ? ROLES.subtitle.size : 0.045);
    } else if (element.role === 'lower_third') {
      const height = Math.round(safe.height * 0.16);
      box = {
        x: safe.x,
        y: safe.y + safe.height - height,
        width: Math.round(safe.width * (formatOf(frame) === '16:9' ? 0.55 : 0.9)),
        height,
      };
      size = base * 0.05;
    } else if (element.role === 'caption_box') {
      const height = Math.round(safe.height * 0.2);
      box = { x: safe.x + Math.round(safe.width * 0.08), y: safe.y + safe.height - height, width: Math.round(safe.width * 0.84), height };
      size = base * 0.042;
    } else {
      const role = ROLES[element.role];
      box = { x: area.x, y: area.y + Math.round(area.height * role.top), width: area.width, height: Math.round(area.height * role.height) };
      size = base * role.size;
    }
    // A lower third stands on the brand's accent; a caption box on a dark shade; the rest on the background if it reads.
    const look =
      element.role === 'lower_third'
        ? { ink: element.color ?? inkOnColor(accent), shade: accent }
        : element.role === 'caption_box'
          ? { ink: element.color ?? LIGHT, shade: 'rgba(0,0,0,0.65)' }
          : inkOn(behind(box), element.color);
    const align = element.role === 'caption_box' ? ('center' as const) : ('start' as const);
    const bottomAnchored = !placed && (element.role === 'lower_third' || element.role === 'caption_box');

    if (element.role !== 'bullets') {
      const fitted = fitText(element.text, box, size, measureAt(family, weight), language);
      const height = fitted.lines.length * fitted.size * LINE_HEIGHT;
      const top = bottomAnchored ? box.y + box.height - height : box.y;
      const file = fileOf();
      const at = await drawBlock({ ...fitted, family, weight, ...look, align, rtl }, { x: box.x, y: top, width: box.width }, file);
      overlays.push({ file, x: at.x, y: at.y, start: 0, entrance: element.entrance, ...from });
      continue;
    }
    // Bullets: one per line, fitted together, each on a picture of its own.
    const items = element.text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const mark = '•';
    const fitAll = (current: number) => {
      const indent = measureAt(family, weight)(current)(`${mark} `);
      const wrapped = items.map(
        (item) => fitText(item, { width: box.width - indent, height: Infinity }, current, measureAt(family, weight), language).lines,
      );
      const height = wrapped.reduce((sum, lines) => sum + lines.length * current * LINE_HEIGHT, 0) + (items.length - 1) * current * 0.45;
      return { wrapped, height };
    };
    let current = size;
    let laid = fitAll(current);
    while (laid.height > box.height && current * 0.92 >= size / 2) {
      current *= 0.92;
      laid = fitAll(current);
    }
    const starts = input.cues ? sentenceStarts(input.cues) : [];
    const timed = starts.length === items.length && items.length > 1;
    let y = box.y;
    for (const [index, lines] of laid.wrapped.entries()) {
      const file = fileOf();
      const at = await drawBlock(
        { lines, size: current, family, weight, ...look, align, rtl, mark },
        { x: box.x, y, width: box.width },
        file,
      );
      overlays.push({ file, x: at.x, y: at.y, start: timed ? starts[index]! : 0, entrance: element.entrance, ...from });
      y += at.height + current * 0.45;
    }
  }
  return overlays;
}

/**
 * Runs `work` with the framing's elements drawn (into a folder of their own, removed after): none when it has none.
 * `cues`: the speech's captions, which time the bullets.
 */
export async function withElements<T>(
  framing: { frame: Size; background: Backdrop; placement: Placement; elements?: ElementSpec[]; brand?: Brand } | undefined,
  speech: { language?: string; cues?: Cue[] | null },
  work: (overlays: Overlay[]) => Promise<T>,
): Promise<T> {
  if (!framing?.elements?.length) return work([]);
  const folder = await mkdtemp(join(tmpdir(), 'kagami-elements-'));
  try {
    const overlays = await drawElements({
      ...framing,
      elements: framing.elements,
      language: speech.language ?? 'en',
      cues: speech.cues ?? null,
      folder,
    });
    return await work(overlays);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A brand as the engine draws it: its font files (absent: the product's) and its colours. */
export const brandOf = (files: { heading?: string; body?: string }, colors: string[]): Brand => ({ fonts: fontsOf(files), colors });
