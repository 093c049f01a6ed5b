// Captions timed to the speech: the script broken into short phrases, each shown while it is said. A stretch of the
// script between pause marks is placed exactly where the speech put it; within a stretch, the phrases are shared out
// by length and their edges moved to the silences the voice leaves between them. Written as SubRip, WebVTT, or ASS
// styled for the video's frame (burned in).
import type { CaptionStyle } from '@kagami/shared/validation';
import { ANALYSIS_RATE, decodeMono } from '../speech/decode';
import type { SpokenSpan } from '../speech/synthesizer';

export type Cue = { startMs: number; endMs: number; text: string };

/** Breaks a text into short lines (sentence ends, then commas, then at most `maxChars` characters). */
export function captionLines(text: string, maxChars = 42): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s*/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const lines: string[] = [];
  for (const sentence of sentences) {
    let rest = sentence;
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars + 1);
      const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('、'), window.lastIndexOf(' '));
      const at = cut > maxChars / 3 ? cut + 1 : maxChars;
      lines.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) lines.push(rest);
  }
  return lines;
}

/** Loudness is measured in 10 ms windows; quieter than this (RMS, -40 dBFS) is silence. */
const WINDOW_MS = 10;
const SILENCE_RMS = 0.01;
/** A silence between phrases lasts at least this long (shorter ones are stops inside words). */
const MIN_GAP_MS = 120;
/** A phrase's edge moves to a silence at most this far from where its length put it (or a third of the phrase). */
const SNAP_MS = 700;

type Gap = { startMs: number; endMs: number };

/** Which 10 ms windows of the samples (mono, [-1, 1]) are loud enough to be speech. */
function voicedWindows(pcm: Float32Array, sampleRate: number) {
  const size = Math.round((sampleRate * WINDOW_MS) / 1000);
  const voiced = new Uint8Array(Math.floor(pcm.length / size));
  for (let w = 0; w < voiced.length; w += 1) {
    let sum = 0;
    for (let i = w * size; i < (w + 1) * size; i += 1) sum += pcm[i]! * pcm[i]!;
    voiced[w] = Math.sqrt(sum / size) >= SILENCE_RMS ? 1 : 0;
  }
  return voiced;
}

/** The silences of at least MIN_GAP_MS between `fromMs` and `toMs`, and where the speech in it starts and ends. */
function speechIn(voiced: Uint8Array, fromMs: number, toMs: number) {
  const from = Math.max(0, Math.floor(fromMs / WINDOW_MS));
  const to = Math.min(voiced.length, Math.ceil(toMs / WINDOW_MS));
  let first = -1;
  let last = -1;
  const gaps: Gap[] = [];
  let quietSince = -1;
  for (let w = from; w < to; w += 1) {
    if (voiced[w]) {
      if (first >= 0 && quietSince >= 0 && (w - quietSince) * WINDOW_MS >= MIN_GAP_MS) {
        gaps.push({ startMs: quietSince * WINDOW_MS, endMs: w * WINDOW_MS });
      }
      if (first < 0) first = w;
      last = w;
      quietSince = -1;
    } else if (quietSince < 0) {
      quietSince = w;
    }
  }
  if (first < 0) return null;
  return { startMs: first * WINDOW_MS, endMs: (last + 1) * WINDOW_MS, gaps };
}

/** A line that ends a sentence or a clause: the voice usually pauses after it. */
const ENDS_CLAUSE = /[.!?,;:。、！？，；：]$/u;

/**
 * The cues of speech made from a script: `spans` says where each stretch between pause marks was said, `pcm` is the
 * speech itself (mono samples at `sampleRate`). Lines are at most `maxChars` long. Within a stretch, a line that ends
 * a sentence or clause ends where the voice falls silent nearest to where its length puts it; the lines between two
 * such ends share the time between them by length.
 */
export function timeCaptions(spans: readonly SpokenSpan[], pcm: Float32Array, sampleRate: number, maxChars = 42): Cue[] {
  const voiced = voicedWindows(pcm, sampleRate);
  const cues: Cue[] = [];
  for (const span of spans) {
    const lines = captionLines(span.text, maxChars);
    if (!lines.length) continue;
    const speech = speechIn(voiced, span.startMs, span.endMs) ?? { startMs: span.startMs, endMs: span.endMs, gaps: [] };
    const total = lines.reduce((sum, line) => sum + line.length, 0);
    const length = speech.endMs - speech.startMs;
    // Where each line would end by its share of the characters, and the characters said by then.
    const said: number[] = [];
    lines.reduce((sum, line) => (said.push(sum + line.length), sum + line.length), 0);
    const estimate = (index: number) => speech.startMs + (said[index]! / total) * length;
    // Line i's end and line i+1's start: fixed at silences after clause ends, where there is one near.
    const fixed = new Map<number, Gap>();
    let after = speech.startMs;
    for (let index = 0; index < lines.length - 1; index += 1) {
      if (!ENDS_CLAUSE.test(lines[index]!)) continue;
      const at = estimate(index);
      const reach = Math.max(SNAP_MS, (lines[index]!.length / total) * length * 0.33);
      const mid = (gap: Gap) => (gap.startMs + gap.endMs) / 2;
      const nearest = speech.gaps.filter((gap) => gap.startMs >= after).sort((a, b) => Math.abs(mid(a) - at) - Math.abs(mid(b) - at))[0];
      if (nearest && Math.abs(mid(nearest) - at) <= reach) {
        fixed.set(index, nearest);
        after = nearest.endMs;
      }
    }
    // The other boundaries share the time between the fixed ones by characters.
    let from = { index: -1, ms: speech.startMs, chars: 0 };
    let start = speech.startMs;
    for (let index = 0; index < lines.length; index += 1) {
      const gap = fixed.get(index);
      let end: number;
      if (gap || index === lines.length - 1) {
        end = gap ? gap.startMs : speech.endMs;
      } else {
        let next = index + 1;
        while (next < lines.length - 1 && !fixed.has(next)) next += 1;
        const toMs = fixed.get(next)?.startMs ?? speech.endMs;
        end = from.ms + ((said[index]! - from.chars) / (said[next]! - from.chars)) * (toMs - from.ms);
      }
      cues.push({ startMs: start, endMs: end, text: lines[index]! });
      start = gap ? gap.endMs : end;
      if (gap) from = { index, ms: gap.endMs, chars: said[index]! };
    }
  }
  return cues;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** hh:mm:ss plus milliseconds after `separator` (SubRip's comma, WebVTT's full stop). */
function stamp(ms: number, separator: string) {
  const whole = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(whole / 3_600_000))}:${pad(Math.floor(whole / 60_000) % 60)}:${pad(Math.floor(whole / 1000) % 60)}${separator}${pad(whole % 1000, 3)}`;
}

/** The captions of a spoken file (`audio`): its spans placed on its silences, lines as long as the frame and style allow. */
export async function captionCuesOf(
  spans: readonly SpokenSpan[],
  audio: string,
  frame: { width: number; height: number },
  size: CaptionStyle['size'],
): Promise<Cue[]> {
  return timeCaptions(spans, await decodeMono(audio), ANALYSIS_RATE, captionCharsFor(frame, size));
}

export function toSrt(cues: readonly Cue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${stamp(cue.startMs, ',')} --> ${stamp(cue.endMs, ',')}\n${cue.text}\n`).join('\n');
}

/** WebVTT: a cue's text may not hold "-->" and its & and < are escaped. */
export function toVtt(cues: readonly Cue[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;');
  return `WEBVTT\n\n${cues.map((cue) => `${stamp(cue.startMs, '.')} --> ${stamp(cue.endMs, '.')}\n${escape(cue.text)}\n`).join('\n')}`;
}

/** Caption sizes as shares of the frame's shorter side. */
const CAPTION_HEIGHT = { small: 0.042, medium: 0.055, large: 0.072 } as const;
/** How many characters fit a caption line of a frame: its width over the text's size. */
export const captionCharsFor = (frame: { width: number; height: number }, size: CaptionStyle['size']) =>
  Math.max(16, Math.min(42, Math.floor(frame.width / (Math.min(frame.width, frame.height) * CAPTION_HEIGHT[size] * 0.55))));

/** #RRGGBB as ASS's &HAABBGGRR (alpha 0 is opaque). */
const assColor = (hex: string, alpha = 0) =>
  `&H${alpha.toString(16).padStart(2, '0')}${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`.toUpperCase();

/**
 * The cues as an ASS script drawn in the frame's own pixels (PlayRes = the frame), so a caption's size and margins are
 * the same share of every format; a box behind the words (ASS's opaque box) or, without a box colour, an outline.
 */
export function toAss(cues: readonly Cue[], frame: { width: number; height: number }, style: CaptionStyle, font: string): string {
  const short = Math.min(frame.width, frame.height);
  const size = Math.round(short * CAPTION_HEIGHT[style.size]);
  const margin = Math.round(short * 0.06);
  const alignment = { bottom: 2, middle: 5, top: 8 }[style.position];
  const boxed = Boolean(style.box_color);
  const back = boxed ? assColor(style.box_color!, 0x40) : assColor('#000000', 0x80);
  const outline = boxed ? assColor(style.box_color!, 0x40) : assColor('#000000');
  const fields = [
    'Caption',
    font,
    size,
    assColor(style.color),
    assColor(style.color),
    outline,
    back,
    0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    boxed ? 3 : 1,
    boxed ? Math.round(size * 0.25) : Math.max(2, Math.round(size * 0.08)),
    boxed ? 0 : 1,
    alignment,
    margin,
    margin,
    margin,
    1,
  ];
  const time = (ms: number) => {
    const cs = Math.max(0, Math.round(ms / 10));
    return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
  };
  const text = (line: string) => line.replace(/\\/g, '\\\\').replace(/[{}]/g, '').replace(/\n/g, '\\N');
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${fields.join(',')}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.map((cue) => `Dialogue: 0,${time(cue.startMs)},${time(cue.endMs)},Caption,,0,0,0,,${text(cue.text)}`),
    '',
  ].join('\n');
}
