// The limits of each upload purpose, one list with the browser's (@kagami/shared): the largest size, which are still
// pictures, and the content checks a finished upload must pass.
import {
  AVATAR_PHOTO,
  AVATAR_VIDEO,
  BACKGROUND_IMAGE,
  BATCH_CSV,
  csvRecords,
  CONSENT_CLIP,
  DOCUMENT,
  FONT,
  PICTURE,
  BACKGROUND_VIDEO,
  VIDEO_AUDIO,
  VOICE_AUDIO,
  type UploadPurpose,
} from '@kagami/shared/validation';
import {
  checkAvatarPhoto,
  checkAvatarVideo,
  checkBackgroundImage,
  checkBackgroundVideo,
  checkConsentClip,
  checkPicture,
  checkPixels,
  checkVoiceAudio,
  type MediaRejection,
} from '../../media/validate';
import { readFile } from 'node:fs/promises';
import { decodesAsPicture, probeMedia, type MediaProbe } from '../../media/probe';
import { imageSize } from '../../media/image-size';
import { checkDocument, checkFont, type DocumentRejection } from '../../engine';

export const MAX_BYTES: Record<UploadPurpose, number> = {
  avatar_video: AVATAR_VIDEO.maxBytes,
  avatar_photo: AVATAR_PHOTO.maxBytes,
  voice_audio: VOICE_AUDIO.maxBytes,
  video_audio: VIDEO_AUDIO.maxBytes,
  background_image: BACKGROUND_IMAGE.maxBytes,
  background_video: BACKGROUND_VIDEO.maxBytes,
  avatar_consent: CONSENT_CLIP.maxBytes,
  document: DOCUMENT.maxBytes,
  font: FONT.maxBytes,
  image: PICTURE.maxBytes,
  batch_csv: BATCH_CSV.maxBytes,
};

/** Purposes whose file is a still picture: their header is read for its size before anything decodes them. */
export const PICTURE_PURPOSES: readonly UploadPurpose[] = ['avatar_photo', 'background_image'];

/** Content checks for a finished media upload, by what it is for. */
export function checkContent(
  purpose: Exclude<UploadPurpose, 'document' | 'font' | 'image' | 'batch_csv'>,
  probe: MediaProbe | null,
  bytes: number,
): MediaRejection | null {
  if (purpose === 'avatar_video') return checkAvatarVideo(probe, bytes);
  if (purpose === 'avatar_photo') return checkAvatarPhoto(probe, bytes);
  if (purpose === 'background_image') return checkBackgroundImage(probe, bytes);
  if (purpose === 'background_video') return checkBackgroundVideo(probe, bytes);
  if (purpose === 'avatar_consent') return checkConsentClip(probe, bytes);
  return checkVoiceAudio(probe, purpose === 'voice_audio' ? bytes : Math.min(bytes, VOICE_AUDIO.maxBytes));
}

/**
 * A document by its content, not its name: a PDF (its `%PDF-` header) that pdf.js opens without a password, with 1 to
 * 100 pages, at most 50 MB. Read by pdf.js rather than ffprobe; the page count is kept for the document.
 */
export async function checkDocumentUpload(
  file: string,
  bytes: number,
): Promise<{ rejection: DocumentRejection | 'document_too_large' } | { pages: number }> {
  if (bytes > DOCUMENT.maxBytes) return { rejection: 'document_too_large' };
  return checkDocument(file);
}

/** A font by its content: a TrueType, OpenType or WOFF2 file the renderer can draw with, at most 20 MB. */
export async function checkFontUpload(file: string, bytes: number): Promise<'font_too_large' | 'not_a_font' | null> {
  if (bytes > FONT.maxBytes) return 'font_too_large';
  return (await checkFont(file)) ? null : 'not_a_font';
}

/**
 * A logo or a picture by its content, whatever its name says: PNG, JPEG or WebP by its magic bytes (its header read
 * before anything decodes it, for its pixels), one still frame, and decoded whole.
 */
export async function checkPictureUpload(file: string, bytes: number): Promise<MediaRejection | null> {
  const size = imageSize(file);
  if (!size) return 'not_an_image';
  const refused = checkPixels(size) ?? checkPicture(await probeMedia(file), bytes);
  if (refused) return refused;
  return (await decodesAsPicture(file)) ? null : 'not_an_image';
}

/** A batch's rows by their content: UTF-8 text (no NUL byte) that reads as a CSV of a header and at least one line. */
export async function checkCsvUpload(file: string, bytes: number): Promise<'csv_too_large' | 'not_a_csv' | null> {
  if (bytes > BATCH_CSV.maxBytes) return 'csv_too_large';
  const content = await readFile(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return 'not_a_csv';
  }
  if (text.includes('\0')) return 'not_a_csv';
  const { columns, records } = csvRecords(text);
  return columns.some((column) => column) && records.length ? null : 'not_a_csv';
}
