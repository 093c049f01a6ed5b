// The layout's picture before a video renders: one frame of the avatar on its backdrop, framed as the video will be
// (the face box from the avatar's mouth track keeps a placement's crop on the face).
import { probeMedia } from '../../media/probe';
import { readMeshTrack } from '../mesh/mesh-track';
import { scaleMeshes } from '../draw/render';
import type { Framing } from './compose';
import { faceBoxOf } from './layout';
import { composeStill } from './still';

/** Writes the still to `output` (JPEG) and answers true; false when the avatar's preview is not a picture. */
export async function composeLayoutStill(input: {
  picture: string;
  mouth: string | null;
  matte: string | null;
  framing: Framing;
  output: string;
}) {
  const size = (await probeMedia(input.picture))?.video;
  if (!size) return false;
  const track = input.mouth ? readMeshTrack(input.mouth) : null;
  await composeStill({
    picture: { file: input.picture, size },
    matte: input.matte,
    face: track ? faceBoxOf(scaleMeshes(track.meshes, track, size)) : null,
    framing: input.framing,
    output: input.output,
  });
  return true;
}
