// An avatar from one photo: the photo judged (one frontal face, lips closed, large enough), then brought to life as a
// short loop that breathes, sways and blinks, so every later video renders from it as from footage. The loop's face
// mesh is known from how it was drawn: nothing is detected again.
import { copyFile, rm } from 'node:fs/promises';
import { decodePicture, saveUprightPicture } from '../../media/picture';
import { runFfmpeg } from '../../media/tools';
import { type AvatarOutput, type AvatarProgress } from '../generation-engine';
import { EngineFailure } from '../failure';
import { VIDEO_FPS } from '../video-format';
import { deformMesh } from '../draw/deform';
import { idleLoop, type Seed } from '../motion/life';
import { findFaces } from '../mesh/mesh';
import { writeMeshTrack } from '../mesh/mesh-track';
import { judgePhotoFaces } from './photo-check';
import { renderTalkingFace } from '../draw/render';
import { REST, type FramePlan } from '../face-shapes';
import { meshAfterHeadMotion } from '../draw/head-motion';

/** The idle loop's length: long enough that its 2-4 blinks and its sway do not read as a repeat. */
const PHOTO_LOOP_SECONDS = 8;
/** The largest frame an avatar plays at: 1080p, landscape or portrait. */
const FIT = { width: 1920, height: 1920 };
const MAX_HEIGHT = 1080;
/** The loop is encoded nearly losslessly: every video re-encodes it. */
const LOOP_H264 = ['-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/**
 * Makes the avatar's files from a photo: the preview (the photo upright), the loop and its clip (the same idle loop),
 * and the face track (playback `cycle`, blinking already). `seed` makes the idle life the avatar's own.
 */
export async function makePhotoAvatar(
  source: string,
  outputs: { preview: string; clip: string; loop: string; mouth: string },
  seed: Seed,
  onProgress: AvatarProgress,
): Promise<Omit<AvatarOutput, 'gender' | 'matte'>> {
  onProgress('finding_face', 0);
  const judged = await decodePicture(source, FIT, 'rgb24').catch(() => {
    throw new EngineFailure('not_an_image');
  });
  const faces = await findFaces(judged.data, judged.width, judged.height);
  const refusal = judgePhotoFaces(faces, judged.width / judged.fullWidth);
  if (refusal) throw new EngineFailure(refusal);

  onProgress('animating_photo', 0);
  // The frame the avatar plays at: the photo upright, fitted within 1080p; the face's mesh taken to its pixels.
  const picture = `${outputs.loop}.png`;
  const size = await saveUprightPicture(source, { width: FIT.width, height: MAX_HEIGHT }, picture);
  const mesh = faces[0]!.mesh.map((value, index) => value * (index % 2 === 0 ? size.width / judged.width : size.height / judged.height));
  const frames = PHOTO_LOOP_SECONDS * VIDEO_FPS;
  const idle = idleLoop(frames, VIDEO_FPS, seed);
  const plans: FramePlan[] = idle.head.map((head, n) => ({ articulation: REST, blink: idle.blink[n]!, head }));
  try {
    await renderTalkingFace({ loop: picture, still: true, meshes: [mesh], plans, inner: null, size, fps: VIDEO_FPS }, [
      ...LOOP_H264,
      outputs.loop,
    ]);
    onProgress('animating_photo', 0.9);
    await copyFile(outputs.loop, outputs.clip);
    await runFfmpeg(['-i', picture, '-q:v', '3', outputs.preview]);
  } finally {
    await rm(picture, { force: true });
  }

  onProgress('tracking_mouth', 0);
  const meshes = plans.map((plan) => meshAfterHeadMotion(deformMesh(mesh, plan), mesh, plan));
  writeMeshTrack(outputs.mouth, { fps: VIDEO_FPS, ...size, meshes, blinks: true, playback: 'cycle', inner: null });
  return { ...outputs, defaultVoice: null };
}
