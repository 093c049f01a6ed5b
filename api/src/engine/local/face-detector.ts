import { dirname, join, sep } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { runFfmpeg } from '../../media/tools';

// The WebAssembly build of face-api (tfjs-node cannot be installed here); models ship in its package.
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof import('@vladmandic/face-api');

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
const MIN_CONFIDENCE = 0.5;

const MODELS = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
let ready: Promise<void> | null = null;

function loadModel() {
  ready ??= (async () => {
    setWasmPaths(join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), sep));
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(MODELS);
  })();
  return ready;
}

let landmarksReady: Promise<void> | null = null;

/** The landmark model as well, loaded by the first caller that needs landmarks (face checks alone do not). */
function loadLandmarkModel() {
  landmarksReady ??= loadModel().then(() => faceapi.nets.faceLandmark68Net.loadFromDisk(MODELS));
  return landmarksReady;
}

/** One frame at `seconds`, letterboxed to 640x480 RGB, decoded by ffmpeg. */
export async function frameAt(video: string, seconds: number): Promise<Uint8Array> {
  const { stdout } = await runFfmpeg(
    [
      '-ss',
      seconds.toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { timeoutMs: 60_000 },
  );
  return new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength);
}

/** The best face score in a frame (0 when there is none). */
export async function bestFaceScore(rgb: Uint8Array): Promise<number> {
  if (rgb.length !== FRAME_WIDTH * FRAME_HEIGHT * 3) return 0;
  await loadModel();
  const tensor = tf.tensor3d(Int32Array.from(rgb), [FRAME_HEIGHT, FRAME_WIDTH, 3], 'int32');
  try {
    const faces = await faceapi.detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }));
    return faces.reduce((best, face) => Math.max(best, face.score), 0);
  } finally {
    tensor.dispose();
  }
}

export type Point = { x: number; y: number };
/** A face found in a frame: its box and its 68 landmarks (iBUG order: jaw 0-16, nose 27-35, eyes 36-47, lips 48-67). */
export type FaceLandmarks = { score: number; box: { x: number; y: number; width: number; height: number }; points: Point[] };

/** Every face in a 640x480 RGB frame with its landmarks, best first. */
export async function facesWithLandmarks(rgb: Uint8Array): Promise<FaceLandmarks[]> {
  if (rgb.length !== FRAME_WIDTH * FRAME_HEIGHT * 3) return [];
  await loadLandmarkModel();
  const tensor = tf.tensor3d(Int32Array.from(rgb), [FRAME_HEIGHT, FRAME_WIDTH, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks();
    return found
      .map((face) => ({
        score: face.detection.score,
        box: { x: face.detection.box.x, y: face.detection.box.y, width: face.detection.box.width, height: face.detection.box.height },
        points: face.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
      }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
