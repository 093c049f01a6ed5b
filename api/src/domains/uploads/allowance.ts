// Refusing an upload before its first byte: an empty file, one over its purpose's size, or one the team's plan has no
// room left for.
import type { Queryable } from '../../db/connect';
import type { ProductType } from '../billing/plans';
import { assertAllowance, needsOf } from '../billing/quota';
import { fail } from '../../lib/errors';
import type { UploadPurpose } from '@kagami/shared/validation';
import { MAX_BYTES } from './limits';

/** What an upload of this purpose becomes, for its allowance: `seconds` is the media's length when the client knows it. */
const NEEDS: Record<UploadPurpose, (seconds: number) => ReturnType<typeof needsOf.avatar>> = {
  avatar_video: () => needsOf.avatar(),
  avatar_photo: () => needsOf.avatar(),
  voice_audio: (seconds) => needsOf.voice(seconds),
  video_audio: (seconds) => needsOf.video(seconds),
  // A background costs no allowance: the videos made with it do.
  background_image: () => [],
  background_video: () => [],
  // The consent clip goes with an avatar, which is charged on its own.
  avatar_consent: () => [],
  // A document costs nothing: the videos made with its slides do.
  document: () => [],
  font: () => [],
  // A logo or a picture costs nothing either, nor a batch's rows (each video is reserved as it starts).
  image: () => [],
  batch_csv: () => [],
};

const TOO_LARGE: Record<UploadPurpose, string> = {
  avatar_video: 'video_too_large',
  avatar_photo: 'image_too_large',
  voice_audio: 'audio_too_large',
  video_audio: 'audio_too_large',
  background_image: 'image_too_large',
  background_video: 'video_too_large',
  avatar_consent: 'video_too_large',
  document: 'document_too_large',
  font: 'font_too_large',
  image: 'image_too_large',
  batch_csv: 'csv_too_large',
};

/**
 * Refuses an upload before its first byte: an empty file, one over the size its purpose allows, or one the team's plan
 * has no room left for (a length of at least one second is asked of a plan, so a used-up allowance refuses).
 */
export async function assertUploadAllowed(
  db: Queryable,
  input: { teamId: string; productType: ProductType; purpose: UploadPurpose; sizeBytes: number; durationSeconds?: number },
) {
  if (input.sizeBytes === 0) throw fail(400, 'file_empty');
  if (input.sizeBytes > MAX_BYTES[input.purpose]) {
    throw fail(413, TOO_LARGE[input.purpose], { max_bytes: MAX_BYTES[input.purpose] });
  }
  const seconds = Math.max(1, Math.ceil(input.durationSeconds ?? 0));
  await assertAllowance(db, input.teamId, input.productType, NEEDS[input.purpose](seconds));
}
