// face-api (its WebAssembly build) on frames letterboxed to 640x480: the faces in a frame and their 68 landmarks, one
// face followed through a clip, descriptors that tell one person from another, and the gender guessed from an image.
import { dirname, join, sep } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { readFrames } from '../../media/frame-pipes';

// The WebAssembly build of face-api (tfjs-node cannot be installed here); models ship in its package.
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof import('@vladmandic/face-api');

/** The detector sees every frame letterboxed to this size. */
export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT * 3;
const LETTERBOX = `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`;
const MIN_CONFIDENCE = 0.5;

const MODELS = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
let ready: Promise<void> | null = null;

function loadModels() {
  ready ??= (async () => {
    setWasmPaths(join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), sep));
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(MODELS);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(MODELS);
  })();
  return ready;
}

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
/** A face found in a frame: its box and its 68 landmarks (iBUG order: jaw 0-16, nose 27-35, eyes 36-47, lips 48-67). */
export type FaceLandmarks = { score: number; box: Box; points: Point[] };

const toTensor = (rgb: Uint8Array) => tf.tensor3d(Int32Array.from(rgb), [FRAME_HEIGHT, FRAME_WIDTH, 3], 'int32');

/**
 * Frames of a video letterboxed to the detector's size as RGB, in order; `select` is an ffmpeg filter
 * choosing which (e.g. `fps=5`). `seek` and `seconds` bound the part read.
 */
export function letterboxedFrames(video: string, select: string, part: { seek?: number; seconds?: number } = {}) {
  return readFrames(
    [
      ...(part.seek ? ['-ss', part.seek.toFixed(3)] : []),
      '-i',
      video,
      ...(part.seconds ? ['-t', part.seconds.toFixed(3)] : []),
      '-an',
      '-vf',
      `${select},${LETTERBOX}`,
      '-vsync',
      '0',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
    ],
    FRAME_BYTES,
  );
}

/** Maps points the detector found in its letterbox back to the pixels of a `width` x `height` video. */
export function unletterbox(width: number, height: number) {
  const scale = Math.min(FRAME_WIDTH / width, FRAME_HEIGHT / height);
  const dx = (FRAME_WIDTH - width * scale) / 2;
  const dy = (FRAME_HEIGHT - height * scale) / 2;
  return (point: Point): Point => ({ x: (point.x - dx) / scale, y: (point.y - dy) / scale });
}

/** Every face in a letterboxed frame (SSD MobileNet, about 0.3 s on this CPU), best first. */
export async function detectFaces(rgb: Uint8Array): Promise<{ score: number; box: Box }[]> {
  if (rgb.length !== FRAME_BYTES) return [];
  await loadModels();
  const tensor = toTensor(rgb);
  try {
    const found = await faceapi.detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }));
    return found
      .map((face) => ({ score: face.score, box: { x: face.box.x, y: face.box.y, width: face.box.width, height: face.box.height } }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}

/**
 * The 68 landmarks of the face in `box` (a detector's box, or one carried over from an earlier frame
 * of the same face): about 10 ms, so a clip can be followed without detecting on every frame.
 */
export async function landmarksIn(rgb: Uint8Array, box: Box): Promise<Point[]> {
  await loadModels();
  const x = Math.max(0, Math.round(box.x));
  const y = Math.max(0, Math.round(box.y));
  const width = Math.min(FRAME_WIDTH - x, Math.round(box.width));
  const height = Math.min(FRAME_HEIGHT - y, Math.round(box.height));
  if (width < 16 || height < 16) return [];
  const tensor = toTensor(rgb);
  const crop = tf.slice(tensor, [y, x, 0], [height, width, 3]);
  try {
    const landmarks = (await faceapi.detectFaceLandmarks(crop as never)) as import('@vladmandic/face-api').FaceLandmarks68;
    return landmarks.positions.map((p) => ({ x: p.x + x, y: p.y + y }));
  } finally {
    crop.dispose();
    tensor.dispose();
  }
}

/** Below this confidence face-api's gender is a guess, and no voice is chosen by it. */
const MIN_GENDER_PROBABILITY = 0.7;
let genderReady: Promise<void> | null = null;

/** The gender face-api's age and gender model estimates for the clearest face of an image file, or null. */
export async function genderOfFace(image: string): Promise<'female' | 'male' | null> {
  await loadModels();
  genderReady ??= faceapi.nets.ageGenderNet.loadFromDisk(MODELS);
  await genderReady;
  const { frames, done } = letterboxedFrames(image, 'null');
  done.catch(() => undefined);
  for await (const rgb of frames) {
    const tensor = toTensor(rgb);
    try {
      const face = await faceapi
        .detectSingleFace(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
        .withAgeAndGender();
      if (!face || face.genderProbability < MIN_GENDER_PROBABILITY) return null;
      return face.gender === 'female' ? 'female' : 'male';
    } finally {
      tensor.dispose();
    }
  }
  return null;
}

/** Every face in a letterboxed frame with its landmarks, best first. */
export async function facesWithLandmarks(rgb: Uint8Array): Promise<FaceLandmarks[]> {
  const faces: FaceLandmarks[] = [];
  for (const face of await detectFaces(rgb)) faces.push({ ...face, points: await landmarksIn(rgb, face.box) });
  return faces;
}

const centre = (points: Point[]) => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/** What `followFace` saw in one frame: how many faces the last detection found, and the followed face's landmarks. */
export type FollowedFace = { faces: number; points: Point[] | null };

/**
 * Follows the best face through letterboxed frames: detection (slow) on every `detectEvery`-th frame,
 * landmarks (fast) on every frame, in the detected box moved along with the landmarks since. Faces
 * less than half the best one's height are background and not counted.
 */
export async function* followFace(frames: AsyncIterable<Uint8Array>, detectEvery: number): AsyncGenerator<FollowedFace> {
  let faces = 0;
  type Followed = { box: Box; anchor: Point[]; last: Point[] };
  let followed: Followed | null = null;
  let index = 0;
  for await (const rgb of frames) {
    if (index % detectEvery === 0) {
      const found = await detectFaces(rgb);
      const best = found[0];
      faces = best ? found.filter((face) => face.box.height >= best.box.height / 2).length : 0;
      const points = best ? await landmarksIn(rgb, best.box) : [];
      followed = best && points.length ? { box: best.box, anchor: points, last: points } : null;
    } else if (followed) {
      const { box, anchor, last }: Followed = followed;
      const a = centre(anchor);
      const b = centre(last);
      const points = await landmarksIn(rgb, { ...box, x: box.x + b.x - a.x, y: box.y + b.y - a.y });
      followed = points.length ? { box, anchor, last: points } : null;
    }
    index += 1;
    yield { faces, points: followed?.last ?? null };
  }
}

let recognitionReady: Promise<void> | null = null;

/**
 * The 128-number descriptor (face-api's recognition model, shipped in its package) of the clearest face in each
 * letterboxed frame that shows one: two descriptors of the same person lie closer than of two people.
 */
export async function faceDescriptors(frames: AsyncIterable<Uint8Array>): Promise<Float32Array[]> {
  await loadModels();
  recognitionReady ??= faceapi.nets.faceRecognitionNet.loadFromDisk(MODELS);
  await recognitionReady;
  const found: Float32Array[] = [];
  for await (const rgb of frames) {
    const tensor = toTensor(rgb);
    try {
      const face = await faceapi
        .detectSingleFace(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
        .withFaceLandmarks()
        .withFaceDescriptor();
      if (face) found.push(face.descriptor);
    } finally {
      tensor.dispose();
    }
  }
  return found;
}
