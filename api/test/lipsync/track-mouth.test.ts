import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { interpolatePoses, trackMouth, TRACK_STEP } from '../../src/engine/lipsync/track-mouth';
import { runFfmpeg } from '../../src/media/tools';

const sample3 = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');
const pose = (cx: number) => ({ cx, cy: 100, width: 50, angle: 0 });

test('poses between the sampled frames are filled in; a frame without a face takes its nearest neighbour (the earlier on a tie)', () => {
  const poses = interpolatePoses([pose(100), null, pose(120), pose(130)], 4 * TRACK_STEP);
  expect(poses).toHaveLength(20);
  expect(poses![0]!.cx).toBeCloseTo(100, 5);
  expect(poses![TRACK_STEP]!.cx).toBeCloseTo(100, 5);
  expect(poses![2 * TRACK_STEP]!.cx).toBeCloseTo(120, 5);
  expect(poses![3 * TRACK_STEP]!.cx).toBeCloseTo(130, 5);
  for (const p of poses!) expect(p.width).toBeCloseTo(50, 5);
  expect(interpolatePoses([null, null], 10)).toBeNull();
});

test('the mouth is followed through a clip: one pose a frame, where the face is, moving as the face moves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'track-'));
  try {
    // The cropped left face of sample3, panned sideways by ±20 source pixels over 4 s, at 720x720.
    const clip = join(dir, 'clip.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-i',
      sample3,
      '-t',
      '4',
      '-vf',
      "crop=480:480:'445+20*sin(2*PI*t/4)':172,scale=720:720,fps=25",
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      clip,
    ]);
    const poses = await trackMouth(clip, { width: 720, height: 720, frames: 100 });
    expect(poses).toHaveLength(100);
    for (const p of poses!) {
      expect(p.width).toBeGreaterThan(60);
      expect(p.cy).toBeGreaterThan(360);
      expect(p.cx).toBeGreaterThan(200);
      expect(p.cx).toBeLessThan(520);
    }
    // The window moves right at 1 s (so the face moves left) and left at 3 s: about 30 px each way on screen.
    expect(poses![75]!.cx - poses![25]!.cx).toBeGreaterThan(35);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
