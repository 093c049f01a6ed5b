import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeMedia } from '../../src/media/probe';
import { checkAvatarVideo, checkVoiceAudio } from '../../src/media/validate';
import { runFfmpeg } from '../../src/media/tools';
import { mediaDir, testPatternVideo, textFile, tone } from './fixtures';

let dir: string;
beforeAll(() => {
  dir = mediaDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const avatarVerdict = async (file: string, bytes = 1000) => checkAvatarVideo(await probeMedia(file), bytes);
const voiceVerdict = async (file: string, bytes = 1000) => checkVoiceAudio(await probeMedia(file), bytes);

test('a 35 s MP4 is a valid avatar source; the probe reads it from the content', async () => {
  const file = await testPatternVideo(dir, 35);
  const probe = await probeMedia(file);
  expect(probe).toMatchObject({ video: { codec: 'h264', width: 160, height: 120 }, audio: { codec: 'aac' } });
  expect(probe!.durationSeconds).toBeCloseTo(35, 0);
  expect(checkAvatarVideo(probe, 1000)).toBeNull();
});

test.each([
  ['webm', ['-c:v', 'libvpx', '-c:a', 'libvorbis', '-deadline', 'realtime'], 'clip.webm'],
  ['mkv', [], 'clip.mkv'],
  ['avi', ['-c:v', 'mpeg4', '-c:a', 'mp3'], 'clip.avi'],
  ['mov', [], 'clip.mov'],
])('%s is accepted', async (_format, args, name) => {
  const file = await testPatternVideo(dir, 31, name, args);
  expect(await avatarVerdict(file)).toBeNull();
});

test('a WebM written as a stream, as browsers record it, has no duration header: its length is read from its packets', async () => {
  const { stdout } = await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=32', '-f', 'lavfi', '-i', 'sine=duration=32'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
  ]);
  const file = join(dir, 'recording.webm');
  writeFileSync(file, stdout);
  const probe = await probeMedia(file);
  expect(probe!.durationSeconds).toBeGreaterThan(31);
  expect(checkAvatarVideo(probe, stdout.length)).toBeNull();
});

test('a 20 s clip is video_too_short', async () => {
  expect(await avatarVerdict(await testPatternVideo(dir, 20))).toBe('video_too_short');
});

test('a text file renamed .mp4 is not_a_video', async () => {
  expect(await avatarVerdict(textFile(dir, 'fake.mp4'))).toBe('not_a_video');
});

test('an audio-only file is not_a_video; anything over 5 GB is video_too_large', async () => {
  expect(await avatarVerdict(await tone(dir, 40, 'only-audio.mp4', ['-c:a', 'aac']))).toBe('not_a_video');
  expect(await avatarVerdict(await testPatternVideo(dir, 35, 'big.mp4'), 5 * 1024 ** 3 + 1)).toBe('video_too_large');
});

test('a still image is not an accepted video format', async () => {
  const file = `${dir}/still.png`;
  const { runFfmpeg } = await import('../../src/media/tools');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:duration=1', '-frames:v', '1', file]);
  expect(await avatarVerdict(file)).toBe('unsupported_video_format');
});

test.each([
  ['WAV', 'voice.wav', []],
  ['MP3', 'voice.mp3', ['-c:a', 'libmp3lame']],
  ['FLAC', 'voice.flac', []],
  ['M4A', 'voice.m4a', ['-c:a', 'aac']],
  ['AAC', 'voice.aac', ['-c:a', 'aac']],
])('%s voice audio is accepted', async (_format, name, args) => {
  expect(await voiceVerdict(await tone(dir, 5, name, args))).toBeNull();
});

test('voice audio: a video is not_audio, text is not_audio, over 32 MB is audio_too_large, Ogg is unsupported', async () => {
  expect(await voiceVerdict(await testPatternVideo(dir, 3, 'has-video.mp4'))).toBe('not_audio');
  expect(await voiceVerdict(textFile(dir, 'fake.wav'))).toBe('not_audio');
  expect(await voiceVerdict(await tone(dir, 5, 'big.wav'), 32 * 1024 ** 2 + 1)).toBe('audio_too_large');
  expect(await voiceVerdict(await tone(dir, 5, 'voice.ogg', ['-c:a', 'libvorbis']))).toBe('unsupported_audio_format');
});

test('read through a link, a playlist is not followed: the addresses it names are never asked', async () => {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url!);
    // As a bucket serves an object whose uploader named a playlist's type.
    if (request.url === '/upload')
      response
        .writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' })
        .end(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n/internal/segment.ts\n#EXT-X-ENDLIST\n`);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    expect(await avatarVerdict(`http://127.0.0.1:${port}/upload`)).toBe('not_a_video');
    expect(asked.filter((path) => path !== '/upload')).toEqual([]);
  } finally {
    server.close();
  }
});
