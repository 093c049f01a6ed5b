// An avatar's processing as the user follows it: the engine's stage reports turned into one percentage for the
// whole job, written to the avatar's row a little at a time.
import { and, eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { avatars } from '../../db/schema';
import { AVATAR_STAGES, type AvatarStage } from '@kagami/shared/validation';
import type { AvatarSource } from '../../engine';

/**
 * Each stage's share (%) of making an avatar. From footage, measured on the test clips (35 s at 640x640: 64-76, 11-15,
 * 11-14, 3-13; 60 s at 720p: 68, 14, 8, 10): scanning the whole footage for the face takes most of it, the other
 * stages work on the chosen stretch (at most 12 s) only. From a photo, judging it is quick and drawing its idle loop
 * takes most of the time.
 */
const AVATAR_STAGE_WEIGHTS: Record<AvatarSource['kind'], Record<AvatarStage, number>> = {
  video: { finding_face: 45, choosing_stretch: 9, animating_photo: 0, tracking_mouth: 8, cutting_out: 33, finishing: 5 },
  photo: { finding_face: 10, choosing_stretch: 0, animating_photo: 55, tracking_mouth: 2, cutting_out: 31, finishing: 2 },
};
const PROGRESS_WRITE_MS = 1000;

/** How far through the whole job (0-99; 100 is said only when ready) `fraction` of the way through `stage` is. */
function avatarProgressOf(kind: AvatarSource['kind'], stage: AvatarStage, fraction: number) {
  const weights = AVATAR_STAGE_WEIGHTS[kind];
  const before = AVATAR_STAGES.slice(0, AVATAR_STAGES.indexOf(stage)).reduce((sum, done) => sum + weights[done], 0);
  return Math.min(99, Math.floor(before + weights[stage] * Math.min(1, Math.max(0, fraction))));
}

/**
 * Writes the engine's reports to the avatar's row: at most once a second, only when the stage or the
 * number changed, and only while the avatar is in progress (a failed or deleted one is left alone).
 * `stop` drops what is not written yet and waits for the write under way.
 */
export function avatarProgressWriter(ctx: AppContext, avatarId: string, kind: AvatarSource['kind']) {
  let latest: { stage: AvatarStage | 'queued'; progress: number } = { stage: 'queued', progress: 0 };
  let written = latest;
  let writtenAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  const write = () => {
    timer = undefined;
    written = latest;
    writtenAt = Date.now();
    const values = latest;
    writing = writing
      .then(() =>
        ctx.db
          .update(avatars)
          .set(values)
          .where(and(eq(avatars.id, avatarId), eq(avatars.status, 'in_progress'))),
      )
      .then(
        () => undefined,
        (error: unknown) => ctx.log.warn({ err: error, avatarId }, 'avatar progress not written'),
      );
  };
  return {
    report(stage: AvatarStage, fraction: number) {
      latest = { stage, progress: Math.max(latest.progress, avatarProgressOf(kind, stage, fraction)) };
      const changed = latest.stage !== written.stage || latest.progress !== written.progress;
      if (changed && !timer) timer = setTimeout(write, Math.max(0, writtenAt + PROGRESS_WRITE_MS - Date.now()));
    },
    async stop() {
      clearTimeout(timer);
      await writing;
    },
  };
}
