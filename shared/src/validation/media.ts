/** SPEC §5/§9 media limits, checked by the browser before any byte is sent and by the API on the content. */
export const AVATAR_VIDEO = {
  minSeconds: 30,
  advisedMinutes: [2, 5] as const,
  /** Asked for at the end of the footage: the avatar is made from a still, closed-lips stretch (the API needs 4 s). */
  closedLipsSeconds: 5,
  maxBytes: 5 * 1024 ** 3,
  formats: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'flv', 'wmv', 'm4v'],
} as const;

/** The consent clip: the person, on camera, reading the consent phrase with its one-time code. */
export const CONSENT_CLIP = { minSeconds: 3, maxSeconds: 60, maxBytes: 200 * 1024 ** 2, formats: AVATAR_VIDEO.formats } as const;
/** How long a consent phrase's one-time code can be recorded after it is shown. */
export const CONSENT_PHRASE_MINUTES = 30;

/** One photo an avatar is brought to life from: a frontal face with closed lips, at least this tall in the photo. */
export const AVATAR_PHOTO = { maxBytes: 20 * 1024 ** 2, formats: ['jpg', 'jpeg', 'png', 'webp'], minFacePixels: 200 } as const;

export const VOICE_AUDIO = { maxBytes: 32 * 1024 ** 2, formats: ['mp3', 'wav', 'aac', 'm4a', 'flac'] } as const;

/** Audio for a video (instead of a script): the voice formats, and room for a long talk. */
export const VIDEO_AUDIO = { maxBytes: 200 * 1024 ** 2, formats: VOICE_AUDIO.formats } as const;

/** What a team puts behind its presenters: a picture, or a video played on a loop without its sound. */
export const BACKGROUND_IMAGE = { maxBytes: 20 * 1024 ** 2, formats: ['jpg', 'jpeg', 'png', 'webp'] } as const;
/** Any picture (a photo avatar, a background) is refused beyond this, before it is decoded: a few hundred KB can declare gigabytes of pixels. */
export const IMAGE_PIXELS = { maxSide: 8000, maxMegapixels: 40 } as const;
export const BACKGROUND_VIDEO = { maxBytes: 200 * 1024 ** 2, formats: ['mp4', 'mov', 'webm', 'm4v'], maxSeconds: 300 } as const;
/** A PDF whose pages become slides: each page is rendered once to a picture, its text kept for a script. */
export const DOCUMENT = { maxBytes: 50 * 1024 ** 2, formats: ['pdf'], maxPages: 100 } as const;
/** A brand's heading or body font: TrueType, OpenType or WOFF2, checked by its content. */
export const FONT = { maxBytes: 20 * 1024 ** 2, formats: ['ttf', 'otf', 'woff2'] } as const;
/** A picture that is not a background: a logo, or an image over a scene (JPEG, PNG or WebP, checked by its content). */
export const PICTURE = { maxBytes: 20 * 1024 ** 2, formats: ['jpg', 'jpeg', 'png', 'webp'] } as const;
/** The rows of a batch as a CSV file (UTF-8, a header and a line per video). */
export const BATCH_CSV = { maxBytes: 5 * 1024 ** 2, formats: ['csv', 'txt'] } as const;
/** A team's background library holds at most this many. */
export const BACKGROUNDS_MAX = 50;

export type MediaLimits = { maxBytes: number; formats: readonly string[] };
export type FileRejection =
  | 'not_a_video'
  | 'not_audio'
  | 'unsupported_video_format'
  | 'unsupported_audio_format'
  | 'video_too_large'
  | 'audio_too_large'
  | 'not_an_image'
  | 'unsupported_image_format'
  | 'image_too_large'
  | 'not_a_pdf'
  | 'document_too_large'
  | 'not_a_font'
  | 'font_too_large'
  | 'not_a_csv'
  | 'csv_too_large'
  | 'file_empty';

export type MediaKind = 'video' | 'audio' | 'image' | 'document' | 'font' | 'csv';

const extension = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The MIME types a file picker offers for each kind. */
const MIME_OF: Record<MediaKind, string> = {
  video: 'video/*',
  audio: 'audio/*',
  image: 'image/*',
  document: 'application/pdf',
  font: 'font/*',
  csv: 'text/csv',
};

/** The `accept` attribute of a file picker for these limits. */
export const acceptOf = (limits: MediaLimits, kind: MediaKind) => [MIME_OF[kind], ...limits.formats.map((f) => `.${f}`)].join(',');

/** The refusals of each kind of file: not of the kind, not a format taken, over the size. */
const REJECTIONS: Record<MediaKind, { wrongKind: FileRejection; format: FileRejection; size: FileRejection }> = {
  video: { wrongKind: 'not_a_video', format: 'unsupported_video_format', size: 'video_too_large' },
  audio: { wrongKind: 'not_audio', format: 'unsupported_audio_format', size: 'audio_too_large' },
  image: { wrongKind: 'not_an_image', format: 'unsupported_image_format', size: 'image_too_large' },
  document: { wrongKind: 'not_a_pdf', format: 'not_a_pdf', size: 'document_too_large' },
  font: { wrongKind: 'not_a_font', format: 'not_a_font', size: 'font_too_large' },
  csv: { wrongKind: 'not_a_csv', format: 'not_a_csv', size: 'csv_too_large' },
};

/**
 * What the browser can tell about a chosen file before uploading it: its type (declared MIME type, else
 * extension) and size. The API still checks the content.
 */
export function checkFile(file: { name: string; type: string; size: number }, limits: MediaLimits, kind: MediaKind): FileRejection | null {
  const rejections = REJECTIONS[kind];
  const [major] = file.type.split('/');
  if (
    // A PDF's, font's or CSV's declared type varies by browser and system: their extension and content decide.
    kind !== 'document' &&
    kind !== 'font' &&
    kind !== 'csv' &&
    major &&
    major !== kind &&
    !(kind === 'audio' && file.type === 'video/mp4' && extension(file.name) === 'm4a')
  ) {
    return rejections.wrongKind;
  }
  if (!limits.formats.includes(extension(file.name))) return rejections.format;
  if (file.size === 0) return 'file_empty';
  if (file.size > limits.maxBytes) return rejections.size;
  return null;
}

/** The longest script speech is made from, and the longest voice preview (characters). */
export const SCRIPT_MAX_CHARS = 5000;
export const PREVIEW_MAX_CHARS = 300;
/** How fast a video's script may be spoken (1 = the voice's own pace). */
export const SPEECH_SPEED_MIN = 0.75;
export const SPEECH_SPEED_MAX = 1.5;
/** A team's pronunciation list: its size, and the length of a word and of how it is said. */
export const PRONUNCIATIONS_MAX = 500;
export const PRONUNCIATION_WORD_MAX_CHARS = 100;
export const PRONUNCIATION_SAY_AS_MAX_CHARS = 200;
