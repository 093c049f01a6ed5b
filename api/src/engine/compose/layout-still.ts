// The layout's picture before a video renders: one frame of the avatar on its backdrop, framed as the video will be
// (the face box from the avatar's mouth track keeps a placement's crop on the face).
import { probeMedia } from '../../media/probe';
import { readMeshTrack } from '../mesh/mesh-track';
import { scaleMeshes } from '../draw/render';
import type { Framing } from './compose';
import { faceBoxOf } from './layout';
import { composeBackdropStill, composeStill } from './still';

/** Writes the still to `output` (JPEG) and answers true; false when the avatar's preview is not a picture. */
export async function composeLayoutStill(input: {
  /** Null: no presenter (a voice-over), the backdrop and elements alone. */
  picture: string | null;
  mouth: string | null;
  matte: string | null;
  framing: Framing;
  language?: string;
  output: string;
}) {
  if (!input.picture) {
    await composeBackdropStill({ framing: input.framing, language: input.language, output: input.output });
    return true;
  }
  const size = (await probeMedia(input.picture))?.video;
  if (!size) return false;
  const track = input.mouth ? readMeshTrack(input.mouth) : null;
  await composeStill({
    picture: { file: input.picture, size },
    matte: input.matte,
    face: track ? faceBoxOf(scaleMeshes(track.meshes, track, size)) : null,
    framing: input.framing,
    language: input.language,
    output: input.output,
  });
  return true;
}
