// What an avatar is, step by step: from footage, the file checked, the stretch where the face is clearest found and
// cut into the preview, the clip and the loop (the clip forwards then backwards), the face tracked with the inside of
// its mouth, the person cut out, and the speaker's voice measured from the footage's sound; from a photo, the photo
// brought to life as an idle loop and cut out. Then whose built-in voice suits the face. The studio's avatar job
// (domains/studio/jobs) fetches and stores the files around these steps.
import { statSync } from 'node:fs';
import { countVideoFrames, probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import { checkAvatarVideo } from '../../media/validate';
import type { AvatarFiles, AvatarOutput, AvatarProgress, AvatarSource } from '../generation-engine';
import { EngineFailure } from '../failure';
import { MAX_VIDEO_HEIGHT, VIDEO_FPS } from '../video-format';
import { innerMouthAt } from '../draw/inner-mouth-of-footage';
import { trackMesh, writeMeshTrack } from '../mesh/mesh-track';
import { makePhotoAvatar } from '../footage/photo-avatar';
import { scanFootage } from '../footage/footage-scan';
import { genderOfFace } from '../footage/face-detector';
import type { VoiceProfile } from '../speech/synthesizer';
import { decodeMono } from '../speech/decode';
import { analyzeVoice, holdsSpeech } from '../speech/voice-analysis';
import { makeMatte } from '../compose/matte';

/** The avatar's motion: at most this much of the footage's best stretch, enough to loop, small enough to reverse in memory. */
const LOOP_SOURCE_SECONDS = 12;
/** The preview and the clip take about a third of choosing a stretch, the reversed loop the rest (measured). */
const CLIP_CUT_SHARE = 0.35;
const MIN_SPEECH_SECONDS = 3;
/** The avatar's clips: H.264 in a web-friendly mp4, quality kept high since videos re-encode them. */
export const AVATAR_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/** The avatar's matte (the stage `cutting_out`), from its loop or (`bounce`) from the clip its loop plays both ways. */
async function cutOut(video: string, matte: string, bounce: boolean, onProgress: AvatarProgress) {
  onProgress('cutting_out', 0);
  await makeMatte(video, matte, { bounce, onProgress: (fraction) => onProgress('cutting_out', fraction) });
}

/** An avatar from footage or a photo, then the person cut out of every frame of its loop. */
export async function makeAvatar(source: AvatarSource, outputs: AvatarFiles, onProgress: AvatarProgress): Promise<AvatarOutput> {
  let made: Omit<AvatarOutput, 'gender' | 'matte'>;
  if (source.kind === 'photo') {
    made = await makePhotoAvatar(source.file, outputs, outputs.loop, onProgress);
    await cutOut(outputs.loop, outputs.matte, false, onProgress);
    onProgress('finishing', 0);
  } else {
    made = await avatarFromFootage(source.file, outputs, onProgress);
  }
  return { ...made, matte: outputs.matte, gender: await genderOfFace(outputs.preview) };
}

async function avatarFromFootage(
  source: string,
  outputs: AvatarFiles,
  onProgress: AvatarProgress,
): Promise<Omit<AvatarOutput, 'gender' | 'matte'>> {
  onProgress('finding_face', 0);
  const probe = await probeMedia(source);
  const rejection = checkAvatarVideo(probe, statSync(source).size);
  if (rejection) throw new EngineFailure(rejection);
  const stretch = await scanFootage(
    source,
    { width: probe!.video!.width, height: probe!.video!.height, duration: probe!.durationSeconds! },
    (fraction) => onProgress('finding_face', fraction),
  );
  if ('reason' in stretch) throw new EngineFailure(stretch.reason);

  onProgress('choosing_stretch', 0);
  const start = stretch.start.toFixed(3);
  await runFfmpeg(['-ss', start, '-i', source, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', outputs.preview]);
  await runFfmpeg(
    [
      '-ss',
      start,
      '-i',
      source,
      '-t',
      Math.min(stretch.seconds, LOOP_SOURCE_SECONDS).toFixed(3),
      '-an',
      '-vf',
      `scale='min(1920,iw)':'min(${MAX_VIDEO_HEIGHT},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=${VIDEO_FPS}`,
      ...AVATAR_H264,
      outputs.clip,
    ],
    { timeoutMs: 600_000 },
  );
  onProgress('choosing_stretch', CLIP_CUT_SHARE);
  await runFfmpeg(
    [
      '-i',
      outputs.clip,
      '-filter_complex',
      '[0:v]split[forward][back];[back]reverse[reversed];[forward][reversed]concat=n=2:v=1[loop]',
      '-map',
      '[loop]',
      ...AVATAR_H264,
      outputs.loop,
    ],
    { timeoutMs: 600_000 },
  );
  onProgress('tracking_mouth', 0);
  const clip = (await probeMedia(outputs.clip))!.video!;
  const track = await trackMesh(
    outputs.clip,
    { width: clip.width, height: clip.height, fps: VIDEO_FPS, frames: await countVideoFrames(outputs.clip) },
    (fraction) => onProgress('tracking_mouth', fraction * 0.9),
  );
  if (track) {
    // The inside of the person's mouth, from the moments the footage shows it open (null when it never does).
    const inner = stretch.openMouth.length ? await innerMouthAt(source, stretch.openMouth) : null;
    writeMeshTrack(outputs.mouth, { ...track, inner });
  }

  // A footage loop is its clip forwards then backwards: the clip is matted, and its matte played the same way.
  await cutOut(outputs.clip, outputs.matte, true, onProgress);

  onProgress('finishing', 0);
  let defaultVoice: VoiceProfile | null = null;
  if (probe!.audio) {
    const analysis = analyzeVoice(await decodeMono(source, 180));
    if (holdsSpeech(analysis, MIN_SPEECH_SECONDS)) {
      defaultVoice = { medianPitchHz: analysis.medianPitchHz, wordsPerMinute: analysis.wordsPerMinute, loudnessDb: analysis.loudnessDb };
    }
  }
  return { ...outputs, mouth: track ? outputs.mouth : null, defaultVoice };
}
