// Media for the browser tests, made with the product's own ffmpeg and speech (nothing binary is committed):
// `node --import tsx test/media/make-e2e-media.ts <dir>` writes face-clip.mp4, large-face-clip.mp4, face-photo.jpg,
// voice.wav and camera.mjpeg (a face for Chromium's fake camera; made last, it says the set is whole), and slides.pdf
// (three pages, each with its line: documents.ts).
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { runFfmpeg } from '../../src/media/tools';
import { pdfOf } from './documents';
import { FACE_PHOTO, faceClip, ONE_FACE, PORTRAIT } from './fixtures';

const SCRIPT =
  'Hello, I am recording this video to make my own avatar. I speak clearly, I look at the camera, and I keep a natural pace. ' +
  'One, two, three, four, five. Thank you for watching.';

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: make-e2e-media.ts <dir>');
  mkdirSync(dir, { recursive: true });
  // The scene editor's PDF: one scene per page.
  if (!existsSync(join(dir, 'slides.pdf'))) writeFileSync(join(dir, 'slides.pdf'), await pdfOf(3));
  // A set made before the portrait was added is made again.
  if (existsSync(join(dir, 'camera.mjpeg')) && existsSync(join(dir, 'face-photo.jpg'))) return;
  const speech = new SpeechSynthesizer();
  try {
    const wav = join(dir, 'voice.wav');
    writeFileSync(wav, (await speech.synthesize(SCRIPT, 'en')).wav);
    await faceClip(dir, wav, 35);
    // The same face with moving grain: about 20 MB, so an upload takes long enough to interrupt.
    await runFfmpeg([
      '-i',
      join(dir, 'face-clip.mp4'),
      '-t',
      '35',
      '-vf',
      'noise=alls=25:allf=t',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '4500k',
      '-c:a',
      'copy',
      join(dir, 'large-face-clip.mp4'),
    ]);
    // A portrait for photo avatars.
    await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, join(dir, 'face-photo.jpg')]);
    const camera = join(dir, 'camera.partial.mjpeg');
    await runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '15',
      '-i',
      FACE_PHOTO,
      '-t',
      '2',
      '-vf',
      `${ONE_FACE},scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2,format=yuvj420p`,
      '-c:v',
      'mjpeg',
      '-q:v',
      '4',
      '-f',
      'mjpeg',
      camera,
    ]);
    renameSync(camera, join(dir, 'camera.mjpeg'));
  } finally {
    speech.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
