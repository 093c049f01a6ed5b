import { acceptOf, AVATAR_VIDEO, checkFile, VOICE_AUDIO } from './media';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

test('a video is checked by its declared type, its extension and its size', () => {
  expect(checkFile(file('me.mp4', 'video/mp4'), AVATAR_VIDEO, 'video')).toBeNull();
  expect(checkFile(file('me.MOV', ''), AVATAR_VIDEO, 'video')).toBeNull();
  expect(checkFile(file('notes.txt', 'text/plain'), AVATAR_VIDEO, 'video')).toBe('not_a_video');
  expect(checkFile(file('clip.3gp', 'video/3gpp'), AVATAR_VIDEO, 'video')).toBe('unsupported_video_format');
  expect(checkFile(file('big.mkv', 'video/x-matroska', 5 * 1024 ** 3 + 1), AVATAR_VIDEO, 'video')).toBe('video_too_large');
});

test('voice audio: the five formats up to 32 MB; an M4A declared as video/mp4 is still audio', () => {
  expect(checkFile(file('v.m4a', 'video/mp4'), VOICE_AUDIO, 'audio')).toBeNull();
  expect(checkFile(file('v.flac', 'audio/flac'), VOICE_AUDIO, 'audio')).toBeNull();
  expect(checkFile(file('v.ogg', 'audio/ogg'), VOICE_AUDIO, 'audio')).toBe('unsupported_audio_format');
  expect(checkFile(file('v.mp4', 'video/mp4'), VOICE_AUDIO, 'audio')).toBe('not_audio');
  expect(checkFile(file('v.wav', 'audio/wav', 32 * 1024 ** 2 + 1), VOICE_AUDIO, 'audio')).toBe('audio_too_large');
  expect(acceptOf(VOICE_AUDIO, 'audio')).toBe('audio/*,.mp3,.wav,.aac,.m4a,.flac');
});
