// The finished frame as one ffmpeg filter graph: the talking avatar (cut out by its matte where a background replaces
// its own) scaled and placed in the video's format over the background, then the watermark and burned-in captions.
import { dirname, join } from 'node:path';
import type { Placement } from '@kagami/shared/validation';
import { VIDEO_FPS } from '../video-format';
import type { Brand, ElementSpec, Overlay } from './elements';
import { coversFrame, layoutOf, type Box, type Layout, type Scaled, type Size } from './layout';
import { matteToPicture } from './matte';
import { watermarkPlace } from './watermark';

/**
 * What replaces the footage's own background: a colour (#RRGGBB), a picture, or a video played on a loop without its
 * sound. A picture covers the frame, cut to its format; a slide (`contain`) is shown whole, on white.
 */
export type Backdrop =
  { type: 'footage' } | { type: 'color'; value: string } | { type: 'image' | 'video'; file: string; fit?: 'cover' | 'contain' };

/**
 * How the video is framed: its size, what is behind the presenter, where the presenter stands, and what is drawn over
 * them (in the brand's fonts and colours when it has one).
 */
export type Framing = { frame: Size; background: Backdrop; placement: Placement; elements?: ElementSpec[]; brand?: Brand };

/** The watermark and the burned-in captions' fonts. */
const FONTS = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const WATERMARK_FONT = join(FONTS, 'DejaVuSans-Bold.ttf');
/** Captions in every language the studio speaks (Latin and Japanese). */
export const CAPTION_FONT = {
  dir: join(dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json')), '600SemiBold'),
  name: 'Noto Sans JP',
};

/**
 * The scene's elements laid over the frame: pictures that are inputs from `firstInput` on, in order. `fromSecond`: the
 * scene's moment the graph's first frame is (a part of a render); `still`: drawn as they end up, without entrances.
 */
export type Overlays = { list: Overlay[]; firstInput: number; fromSecond?: number; still?: boolean };

/** How long an element takes to come in, and how far (a share of the frame's width) it slides. */
const ENTRANCE_SECONDS = 0.5;
const SLIDE_SHARE = 0.04;

// Every overlay blends in yuv420 (`format=yuv420`): the frame has no alpha of its own, and `format=auto` kept one for
// an overlay with alpha, the same pixels at three times the CPU (a full-frame presenter at 1080p: 11 ms a frame against 4).

/** The overlays' ffmpeg inputs: each picture once (the graph repeats it at the video's rate; see overlayChains). */
export const overlayInputs = (overlays: Overlay[]) => overlays.flatMap((overlay) => ['-i', overlay.file]);

/** Whether a framing needs the person cut out: a background of its own behind a presenter who is not in a circle. */
export const needsMatte = (framing: Framing) => framing.background.type !== 'footage' && framing.placement.position !== 'corner';

/** An ffmpeg filter graph's text for a path (its own quoting, then the graph's). */
const quoted = (path: string) => `'${path.replace(/\\/g, '\\\\').replace(/'/g, "'\\\\''").replace(/:/g, '\\:')}'`;

/** The background's ffmpeg input arguments (none for a colour, made in the graph). */
export function backdropInput(background: Backdrop): string[] {
  if (background.type === 'image') return ['-i', background.file];
  if (background.type === 'video') return ['-stream_loop', '-1', '-i', background.file];
  return [];
}

/**
 * The graph's chain that makes the background `[bg]` from its input `index`, at the frame's size and rate; a video
 * background starts at frame `firstFrame` of its loop (a part of a render goes on where the previous part stopped).
 */
function backdropChain(background: Backdrop, index: number, frame: Size, firstFrame: number) {
  const { width, height } = frame;
  const fitted =
    'fit' in background && background.fit === 'contain'
      ? `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=white,setsar=1`
      : `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
  if (background.type === 'color') return `color=c=0x${background.value.slice(1)}:s=${width}x${height}:r=${VIDEO_FPS},format=yuv420p[bg]`;
  // A picture is decoded and scaled once, then its frame repeated.
  if (background.type === 'image') return `[${index}:v]${fitted},format=yuv420p,loop=loop=-1:size=1:start=0,fps=${VIDEO_FPS}[bg]`;
  const skip = firstFrame > 0 ? `,trim=start_frame=${firstFrame},setpts=PTS-STARTPTS` : '';
  return `[${index}:v]${fitted},fps=${VIDEO_FPS}${skip},format=yuv420p[bg]`;
}

/**
 * The filter graph (its output `[v]`) for a video whose person is input 0 (`picture` pixels; `alpha`: its frames carry
 * the matte, or the matte is input `matteInput`, or there is none) and whose background, when it has one, is input
 * `backdropIndex`; `face`: the face's box in the picture. Then the watermark, and captions from `ass` when burned in.
 * `firstFrame`: the video's frame the graph's first frame is (not 0 for a part of a render).
 */
export function composeGraph(input: {
  picture: Size;
  face: Box | null;
  framing: Framing;
  alpha: { inFrames: true } | { matteInput: number } | null;
  backdropIndex: number;
  firstFrame?: number;
  watermark: boolean;
  ass: string | null;
  overlays?: Overlays;
}): { graph: string; layout: Layout } {
  const { picture, framing } = input;
  const { frame } = framing;
  const layout = layoutOf(frame, picture, input.face, framing.placement);
  const chains: string[] = [];
  const ownBackground = framing.background.type === 'footage';
  const covers = coversFrame(layout, frame);
  if (ownBackground && covers && layout.kind === 'scaled') {
    // The footage's own background filling the frame: the part of the picture inside it, scaled to it.
    const { crop } = visiblePart(layout, picture, frame);
    chains.push(`[0:v]crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},scale=${frame.width}:${frame.height}:flags=bicubic[framed]`);
  } else if (ownBackground && layout.kind === 'scaled') {
    // A smaller presenter in its own footage stands on black.
    chains.push(`color=c=black:s=${frame.width}x${frame.height}:r=${VIDEO_FPS},format=yuv420p[bg]`);
  } else {
    chains.push(backdropChain(framing.background, input.backdropIndex, frame, input.firstFrame ?? 0));
  }
  if (layout.kind === 'circle') {
    const { crop, diameter } = layout;
    const ring = Math.max(2, Math.round(diameter / 60));
    const outer = diameter + 2 * ring;
    const disc = (size: number) => `lt(hypot(X-${(size - 1) / 2}\\,Y-${(size - 1) / 2})\\,${size / 2 - 0.5})*255`;
    chains.push(
      `[0:v]crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},scale=${diameter}:${diameter},format=yuva420p[face]`,
      `color=c=black:s=${diameter}x${diameter}:d=1,format=gray,geq=lum='${disc(diameter)}',loop=loop=-1:size=1:start=0[mask]`,
      `[face][mask]alphamerge[round]`,
      `color=c=white:s=${outer}x${outer}:d=1,format=yuva420p,geq=lum=255:cb=128:cr=128:a='${disc(outer)}',loop=loop=-1:size=1:start=0[ring]`,
      `[bg][ring]overlay=x=${layout.x - ring}:y=${layout.y - ring}[ringed]`,
      `[ringed][round]overlay=x=${layout.x}:y=${layout.y}:shortest=1:format=yuv420[framed]`,
    );
  } else if (!(ownBackground && covers)) {
    // Only the part of the picture inside the frame is worked on (a presenter larger than the frame is mostly outside it).
    const shown = visiblePart(layout, picture, frame);
    const crop = `crop=${shown.crop.width}:${shown.crop.height}:${shown.crop.x}:${shown.crop.y}`;
    chains.push(`[0:v]${crop}[cropped]`);
    let person = '[cropped]';
    const cut = !ownBackground && input.alpha;
    // The matte comes softened (matteToPicture), in the frames or as its own input; where the footage's own frame cut
    // the person (hair at its top edge) and that edge lies inside the video's frame, the person fades out instead of
    // ending in a line.
    const fade = cut ? borderFade(shown, picture, frame) : null;
    if (cut && 'matteInput' in input.alpha!) {
      chains.push(
        `[${input.alpha.matteInput}:v]${matteToPicture(picture)},${crop}${fade ? '[unfaded]' : '[matte]'}`,
        `[cropped]format=yuv420p[picture]`,
      );
    } else if (fade) {
      chains.push(`${person}split[picture][alpha]`, `[alpha]alphaextract[unfaded]`);
    }
    if (fade) {
      chains.push(
        `color=c=black:s=${shown.crop.width}x${shown.crop.height}:d=1,format=gray,geq=lum='${fade}',loop=loop=-1:size=1:start=0[fade]`,
        `[unfaded][fade]blend=all_mode=multiply[matte]`,
      );
    }
    if (cut && ('matteInput' in input.alpha! || fade)) {
      chains.push(`[picture][matte]alphamerge[person]`);
      person = '[person]';
    }
    chains.push(
      `${person}scale=${shown.width}:${shown.height}:flags=bicubic,format=${cut ? 'yuva420p' : 'yuv420p'}[placed]`,
      `[bg][placed]overlay=x=${shown.x}:y=${shown.y}:shortest=1:format=yuv420[framed]`,
    );
  }
  chains.push(finished({ ...input, frame }));
  return { graph: chains.join(';'), layout };
}

/** The chains from the composed picture `[framed]` to the graph's output `[v]`: the elements, the watermark and burned-in captions. */
function finished(input: { watermark: boolean; ass: string | null; overlays?: Overlays; frame: Size }) {
  const chains = overlayChains(input.overlays, input.frame);
  const finish: string[] = [];
  if (input.watermark) {
    const mark = watermarkPlace(input.frame);
    finish.push(
      `drawtext=fontfile=${quoted(WATERMARK_FONT)}:text='Kagami':fontcolor=white@0.55:fontsize=${mark.size}:x=w-tw-${mark.inset}:y=${mark.inset}:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
    );
  }
  if (input.ass) finish.push(`ass=filename=${quoted(input.ass)}:fontsdir=${quoted(CAPTION_FONT.dir)}`);
  const from = chains.length ? '[decorated]' : '[framed]';
  return [...chains, `${from}${finish.length ? finish.join(',') : 'null'},format=yuv420p[v]`].join(';');
}

/**
 * The elements over `[framed]` into `[decorated]` (none: no chains): each shown from its start, fading in (and sliding
 * in from the side text starts on: the left, or the right for right-to-left text) for ENTRANCE_SECONDS.
 */
function overlayChains(overlays: Overlays | undefined, frame: Size): string[] {
  if (!overlays?.list.length) return [];
  const chains: string[] = [];
  let below = '[framed]';
  overlays.list.forEach((overlay, index) => {
    const input = overlays.firstInput + index;
    const start = Math.max(0, overlay.start - (overlays.fromSecond ?? 0));
    // Already in (a still, or a part that begins after it came in): drawn as it ends up.
    const arrived = overlays.still || overlay.entrance === 'none' || overlay.start + ENTRANCE_SECONDS <= (overlays.fromSecond ?? 0);
    const above = index === overlays.list.length - 1 ? '[decorated]' : `[over${index}]`;
    const fade = arrived ? '' : `,fade=t=in:st=${start.toFixed(3)}:d=${ENTRANCE_SECONDS}:alpha=1`;
    // Decoded and converted to the frame's pixel format once, then its frame repeated: an image looped with -loop 1 is
    // decoded again for every frame, and an RGBA overlay converted again for every frame it is laid on.
    chains.push(`[${input}:v]format=yuva420p,loop=loop=-1:size=1:start=0,fps=${VIDEO_FPS}${fade}[element${index}]`);
    const slide = !arrived && overlay.entrance === 'slide';
    const offset = Math.round(frame.width * SLIDE_SHARE);
    const sign = overlay.from === 'right' ? '+' : '-';
    const x = slide ? `'${overlay.x}${sign}${offset}*max(0,1-(t-${start.toFixed(3)})/${ENTRANCE_SECONDS})'` : String(overlay.x);
    const enable = overlays.still || start === 0 ? '' : `:enable='gte(t,${start.toFixed(3)})'`;
    chains.push(`${below}[element${index}]overlay=x=${x}:y=${overlay.y}${slide ? ':eval=frame' : ''}${enable}:format=yuv420${above}`);
    below = above;
  });
  return chains;
}

/**
 * The filter graph (its output `[v]`) of a voice-over: no presenter, only the background (input `backdropIndex`, or a
 * colour made in the graph), then the watermark and the captions.
 */
export function backdropGraph(input: {
  framing: Framing;
  backdropIndex: number;
  watermark: boolean;
  ass: string | null;
  overlays?: Overlays;
}) {
  const { framing } = input;
  const chains = [backdropChain(framing.background, input.backdropIndex, framing.frame, 0), '[bg]null[framed]'];
  return [...chains, finished({ ...input, frame: framing.frame })].join(';');
}

/** How far in (a share of the picture's shorter side) the person fades out at a cut edge of the footage. */
const BORDER_FADE = 0.05;

/**
 * A `geq` expression (0-255) over the visible crop that fades the matte towards the picture's top, left and right
 * edges where they fall inside the frame, or null when none does. The bottom is left alone: the body leaves there.
 */
function borderFade(shown: ReturnType<typeof visiblePart>, picture: Size, frame: Size): string | null {
  const { crop } = shown;
  const depth = Math.max(2, Math.round(BORDER_FADE * Math.min(picture.width, picture.height)));
  const ramps: string[] = [];
  if (crop.y === 0 && shown.y > 0) ramps.push(`min(1\\,Y/${depth})`);
  if (crop.x === 0 && shown.x > 0) ramps.push(`min(1\\,X/${depth})`);
  if (crop.x + crop.width >= picture.width && shown.x + shown.width < frame.width) ramps.push(`min(1\\,(W-1-X)/${depth})`);
  return ramps.length ? `255*${ramps.join('*')}` : null;
}

/**
 * The part of a scaled picture that lies inside the frame: the crop of the picture (its pixels, even), the size it
 * is scaled to and where it goes in the frame.
 */
export function visiblePart(layout: Scaled, picture: Size, frame: Size) {
  const left = Math.max(0, layout.x);
  const top = Math.max(0, layout.y);
  const right = Math.min(frame.width, layout.x + layout.width);
  const bottom = Math.min(frame.height, layout.y + layout.height);
  const sx = picture.width / layout.width;
  const sy = picture.height / layout.height;
  const evenDown = (value: number) => Math.floor(value / 2) * 2;
  const crop = {
    x: evenDown((left - layout.x) * sx),
    y: evenDown((top - layout.y) * sy),
    width: 0,
    height: 0,
  };
  crop.width = Math.max(2, Math.min(picture.width - crop.x, evenDown((right - layout.x) * sx) - crop.x));
  crop.height = Math.max(2, Math.min(picture.height - crop.y, evenDown((bottom - layout.y) * sy) - crop.y));
  // Placed where the crop's first pixel falls, scaled by the layout's own factor.
  const x = Math.round(layout.x + crop.x / sx);
  const y = Math.round(layout.y + crop.y / sy);
  return { crop, x, y, width: Math.max(2, Math.round(crop.width / sx / 2) * 2), height: Math.max(2, Math.round(crop.height / sy / 2) * 2) };
}
