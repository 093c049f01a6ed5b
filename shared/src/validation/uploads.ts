/**
 * What an upload is for, named by the browser when it starts one (tus metadata, the upload check) and kept
 * with the upload: the API checks the finished file's content by it.
 */
export const UPLOAD_PURPOSES = [
  'avatar_video',
  'avatar_photo',
  'voice_audio',
  'video_audio',
  'background_image',
  'background_video',
  'avatar_consent',
  'document',
  'font',
  'image',
  'batch_csv',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
