import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runFfmpeg } from '../../src/media/tools';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';

/** Test media, made with ffmpeg at run time (nothing binary is committed). */
export function mediaDir() {
  return mkdtempSync(join(tmpdir(), 'kagami-media-'));
}

export async function testPatternVideo(dir: string, seconds: number, name = `pattern-${seconds}s.mp4`, extra: string[] = []) {
  const file = join(dir, name);
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x120:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    ...extra,
    file,
  ]);
  return file;
}

/** An ffmpeg lavfi source (e.g. `testsrc=size=320x240:rate=25:duration=2`) encoded as a silent H.264 clip. */
export async function lavfiClip(file: string, source: string) {
  await runFfmpeg(['-f', 'lavfi', '-i', source, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  return file;
}

export async function tone(dir: string, seconds: number, name: string, codecArgs: string[] = []) {
  const file = join(dir, name);
  await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, ...codecArgs, file]);
  return file;
}

export function textFile(dir: string, name: string) {
  const file = join(dir, name);
  writeFileSync(file, 'This is not a video, whatever its name says.\n'.repeat(100));
  return file;
}

/** face-api's group photo sample3.jpg, its left face (frontal, lips closed) cropped out: an ffmpeg filter for that photo. */
export const FACE_PHOTO = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');
export const ONE_FACE = 'crop=480:480:445:172';
/**
 * Another frontal, closed-lipped face (sample6, bottom left), whose chin stands out against the neck: a face mesh found
 * on it follows the chin's motion where sample3's soft, low-contrast chin barely shows it to the detector.
 */
export const CLEAR_CHIN = { photo: FACE_PHOTO.replace('sample3', 'sample6'), crop: 'crop=480:480:118:398' };
/** A head-and-shoulders portrait for photo avatars (sample6, bottom left): one frontal face, lips closed. */
export const PORTRAIT = { photo: FACE_PHOTO.replace('sample3', 'sample6'), crop: 'crop=640:640:38:318' };

/** A man's frontal face for photo avatars: the webcam picture in human's FaceID screenshot, scaled up. */
export const MAN_PORTRAIT = {
  photo: join(dirname(dirname(require.resolve('@vladmandic/human'))), 'assets', 'screenshot-faceid.jpg'),
  crop: 'crop=150:150:9:138,scale=480:480',
};

/** A face of a fixture cut out as a JPEG photo in `dir`. */
export async function facePhoto(dir: string, face: { photo: string; crop: string }, name = 'face.jpg') {
  const file = join(dir, name);
  await runFfmpeg(['-i', face.photo, '-vf', face.crop, '-q:v', '2', file]);
  return file;
}

/** One face (FACE_PHOTO, or `face`) as a 35 s 640x640 clip, with speech on its sound track. */
export async function faceClip(dir: string, speechWav: string, seconds = 35, face = { photo: FACE_PHOTO, crop: ONE_FACE }) {
  const photo = face.photo;
  const file = join(dir, 'face-clip.mp4');
  await runFfmpeg([
    '-loop',
    '1',
    '-framerate',
    '10',
    '-i',
    photo,
    '-i',
    speechWav,
    '-t',
    String(seconds),
    '-vf',
    `${face.crop},scale=640:640,format=yuv420p`,
    '-af',
    'apad',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

/** What the speaking face clip says: a sentence of someone recording their avatar. */
export const SPEAKING_SENTENCE = 'Hello, I am recording my avatar today. This is my natural voice, speaking clearly for the camera.';

/**
 * The tests' speaking presenter: faceClip with SPEAKING_SENTENCE in the built-in voice, the same bytes in every suite,
 * so suites that share processed avatars (shared-avatars.ts) make its avatar once.
 */
export async function speakingFaceClip(dir: string) {
  const wav = join(dir, 'speaking-face.wav');
  const speech = new SpeechSynthesizer();
  try {
    writeFileSync(wav, (await speech.synthesize(SPEAKING_SENTENCE, 'en')).wav);
  } finally {
    speech.close();
  }
  return faceClip(dir, wav);
}

/** Where the engine writes an avatar named `name` in `dir`. */
export const avatarOutputs = (dir: string, name: string) => ({
  preview: join(dir, `${name}.jpg`),
  clip: join(dir, `${name}.mp4`),
  loop: join(dir, `${name}-loop.mp4`),
  mouth: join(dir, `${name}-face.bin`),
  matte: join(dir, `${name}-matte.mp4`),
});
