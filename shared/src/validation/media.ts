/** SPEC §5/§9 media limits, checked by the browser before any byte is sent and by the API on the content. */
export const AVATAR_VIDEO = {
  minSeconds: 30,
  advisedMinutes: [2, 5] as const,
  /** Asked for at the end of the footage: the avatar is made from a still, closed-lips stretch (the API needs 4 s). */
  closedLipsSeconds: 5,
  maxBytes: 5 * 1024 ** 3,
  formats: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'flv', 'wmv', 'm4v'],
} as const;

export const VOICE_AUDIO = { maxBytes: 32 * 1024 ** 2, formats: ['mp3', 'wav', 'aac', 'm4a', 'flac'] } as const;

/** Audio for a video (instead of a script): the voice formats, and room for a long talk. */
export const VIDEO_AUDIO = { maxBytes: 200 * 1024 ** 2, formats: VOICE_AUDIO.formats } as const;

export type MediaLimits = { maxBytes: number; formats: readonly string[] };
export type FileRejection =
  | 'not_a_video'
  | 'not_audio'
  | 'unsupported_video_format'
  | 'unsupported_audio_format'
  | 'video_too_large'
  | 'audio_too_large'
  | 'file_empty';

const extension = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The `accept` attribute of a file picker for these limits. */
export const acceptOf = (limits: MediaLimits, kind: 'video' | 'audio') => [`${kind}/*`, ...limits.formats.map((f) => `.${f}`)].join(',');

/**
 * What the browser can tell about a chosen file before uploading it: its type (declared MIME type, else
 * extension) and size. The API still checks the content.
 */
export function checkFile(
  file: { name: string; type: string; size: number },
  limits: MediaLimits,
  kind: 'video' | 'audio',
): FileRejection | null {
  const [major] = file.type.split('/');
  if (major && major !== kind && !(kind === 'audio' && file.type === 'video/mp4' && extension(file.name) === 'm4a')) {
    return kind === 'video' ? 'not_a_video' : 'not_audio';
  }
  if (!limits.formats.includes(extension(file.name))) return kind === 'video' ? 'unsupported_video_format' : 'unsupported_audio_format';
  if (file.size === 0) return 'file_empty';
  if (file.size > limits.maxBytes) return kind === 'video' ? 'video_too_large' : 'audio_too_large';
  return null;
}

/** The longest script speech is made from, and the longest voice preview (characters). */
export const SCRIPT_MAX_CHARS = 5000;
export const PREVIEW_MAX_CHARS = 300;
