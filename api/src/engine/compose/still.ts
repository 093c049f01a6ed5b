// One frame composed exactly as a video's (compose.ts) from the avatar's preview and the background, written as a
// JPEG: the picture of a layout before anything is rendered (layout-still.ts).
import { runFfmpeg } from '../../media/tools';
import { backdropGraph, backdropInput, composeGraph, needsMatte, overlayInputs, type Framing } from './compose';
import { withElements } from './elements';
import type { Box, Size } from './layout';

/**
 * The layout before rendering: one frame composed exactly as a video's (compose.ts) from the avatar's preview
 * (`picture`, whose first matte frame cuts the person out when the framing needs it) and the background, as a JPEG.
 */
export async function composeStill(input: {
  picture: { file: string; size: Size };
  matte: string | null;
  face: Box | null;
  framing: Framing;
  /** The scene's language, for breaking its text into lines. */
  language?: string;
  output: string;
}) {
  const backdrop = backdropInput(input.framing.background);
  const matte = input.matte && needsMatte(input.framing) ? input.matte : null;
  const matteInput = 1 + (backdrop.length ? 1 : 0);
  // The elements as they stand once they have all come in (every bullet shown).
  await withElements(input.framing, { language: input.language }, async (overlays) => {
    const { graph } = composeGraph({
      picture: input.picture.size,
      face: input.face,
      framing: input.framing,
      alpha: matte ? { matteInput } : null,
      backdropIndex: 1,
      watermark: false,
      ass: null,
      overlays: { list: overlays, firstInput: matteInput + (matte ? 1 : 0), still: true },
    });
    await runFfmpeg([
      ...['-i', input.picture.file, ...backdrop, ...(matte ? ['-i', matte] : []), ...overlayInputs(overlays)],
      ...['-filter_complex', graph, '-map', '[v]', '-frames:v', '1', '-q:v', '4', input.output],
    ]);
  });
}

/** A voice-over scene's still: its background and elements alone, as its video shows them once they are in. */
export async function composeBackdropStill(input: { framing: Framing; language?: string; output: string }) {
  const backdrop = backdropInput(input.framing.background);
  await withElements(input.framing, { language: input.language }, async (overlays) => {
    const firstInput = backdrop.length ? 1 : 0;
    const graph = backdropGraph({
      framing: input.framing,
      backdropIndex: 0,
      watermark: false,
      ass: null,
      overlays: { list: overlays, firstInput, still: true },
    });
    await runFfmpeg([
      ...[...backdrop, ...overlayInputs(overlays)],
      ...['-filter_complex', graph, '-map', '[v]', '-frames:v', '1', '-q:v', '4', input.output],
    ]);
  });
}
