// Whether one photo can become an avatar: one face, facing the camera, lips closed, large enough to animate. The
// limits were measured on the 22 faces of face-api's demo photos (demo/sample1-6.jpg), judged by eye alongside.
import { decodePicture } from '../../media/picture';
import { findFaces } from '../mesh/mesh';
import { faceHeight, lipGap } from '../mesh/topology';
import type { FoundFace } from '../face-shapes';

/** Why a photo cannot become an avatar: the footage scan's codes, and `lips_open` for a photo whose lips are apart. */
type PhotoRefusal = 'no_face_detected' | 'multiple_faces' | 'face_too_small' | 'head_turned' | 'lips_open';

const DEGREES = Math.PI / 180;

/** The face at least this tall in the photo's pixels, from the top of the forehead (mesh point 10) to the chin (152). */
const MIN_FACE_HEIGHT = 200;
/**
 * A face less than this share of the main face's height is in the background and does not count. Half, as in the
 * footage scan: such a face covers a quarter of the main face's area or less.
 */
const BACKGROUND_FACE_SHARE = 0.5;
/**
 * The head's turn (human's yaw) at most this far either way. On the demo photos, faces the eye sees as frontal read
 * 4.6-11.0 degrees (the crop of sample3 that the tests use 10.0-10.6 at half to twice its size), slightly turned ones
 * 12.6-17.8, and clearly turned ones 18.3-36.6 (a profile 36.6: human's angles come out compressed).
 */
export const MAX_YAW = 15 * DEGREES;
/**
 * The head's nod (human's pitch, positive looking down) within these limits. Faces looking straight at the camera read
 * -6.1 to 12.3 degrees, the two bowed heads (one looking down, one looking up from under the brows) 17.1 and 18.5; no
 * demo face looks up further than -10.5 (a turned one), so the upper limit is a guess of the same size.
 */
const PITCH_LIMITS = { up: -10 * DEGREES, down: 15 * DEGREES };
/**
 * Closed lips: the inner-lip gap (topology's `lipGap`) at most this. Closed lips read 0.024-0.064 on the demo photos
 * and 0.051-0.084 on the tests' crop of sample3 (half to twice its size: the model sees these pouting lips a little
 * apart), lips just parted or smiling over the teeth 0.083-0.092 (let through), open mouths 0.105-0.289.
 */
export const CLOSED_LIPS = 0.1;

/**
 * What keeps these faces from making an avatar, or null when nothing does. `faces` are findFaces' answer (biggest
 * first) for an image that is `scale` times the photo's size (the size limit holds for the photo itself).
 */
export function judgePhotoFaces(faces: FoundFace[], scale = 1): PhotoRefusal | null {
  const [face] = faces;
  if (!face) return 'no_face_detected';
  const height = faceHeight(face.mesh);
  if (faces.some((other) => other !== face && faceHeight(other.mesh) >= BACKGROUND_FACE_SHARE * height)) return 'multiple_faces';
  if (height / scale < MIN_FACE_HEIGHT) return 'face_too_small';
  const { yaw, pitch } = face.rotation;
  if (Math.abs(yaw) > MAX_YAW || pitch < PITCH_LIMITS.up || pitch > PITCH_LIMITS.down) return 'head_turned';
  if (lipGap(face.mesh) > CLOSED_LIPS) return 'lips_open';
  return null;
}

/** Photos are judged at most this large (longer side, pixels): plenty for the mesh, and bounded in memory. */
const MAX_SIDE = 1920;

/**
 * Whether the photo in `file` (a JPEG, PNG or WebP the upload check accepted) can become an avatar: null, or why not.
 * The photo is judged upright (its EXIF orientation applied).
 */
export async function checkPhoto(file: string): Promise<PhotoRefusal | null> {
  const picture = await decodePicture(file, { width: MAX_SIDE, height: MAX_SIDE }, 'rgb24');
  return judgePhotoFaces(await findFaces(picture.data, picture.width, picture.height), picture.width / picture.fullWidth);
}
