import { randomUUID } from 'node:crypto';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { countVideoFrames, probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import { checkAvatarVideo, checkVoiceAudio } from '../../media/validate';
import {
  EngineFailure,
  VIDEO_FPS,
  VIDEO_HEIGHT,
  type AvatarOutput,
  type AvatarProgress,
  type GenerationEngine,
  type RenderInput,
  type RenderResult,
  type VoiceOutput,
} from '../generation-engine';
import { mouthShapesFor, renderTalkingLoop } from '../lipsync/animate';
import { scanFootage } from '../lipsync/footage-scan';
import type { RemoteLipSync } from '../lipsync/remote-lipsync';
import { readMouthTrack, trackMouth, writeMouthTrack } from '../lipsync/track-mouth';
import { SAMPLE_SENTENCES } from '../speech/sample-sentences';
import { SpeechSynthesizer, type VoiceProfile } from '../speech/synthesizer';
import { decodeMono } from './decode';
import { analyzeVoice, holdsSpeech } from './voice-analysis';
import { toSrt } from './subtitles';

/** The avatar's motion: at most this much of the footage's best stretch, enough to loop, small enough to reverse in memory. */
const LOOP_SOURCE_SECONDS = 12;
/** The preview and the clip take about a third of choosing a stretch, the reversed loop the rest (measured). */
const CLIP_CUT_SHARE = 0.35;
const MIN_SPEECH_SECONDS = 3;
/** The avatar's clips: H.264 in a web-friendly mp4, quality kept high since videos re-encode them. */
const AVATAR_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
/** The finished video: H.264 and AAC in a web-friendly mp4. */
const VIDEO_ENCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-movflags',
  '+faststart',
];
const WATERMARK_FONT = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');

export class LocalEngine implements GenerationEngine {
  private readonly speech = new SpeechSynthesizer();

  /** `remoteLipSync`: hand the mouth animation to a lip-sync service instead of warping here. */
  constructor(private readonly remoteLipSync?: RemoteLipSync) {}

  async processAvatar(
    source: string,
    outputs: { preview: string; clip: string; loop: string; mouth: string },
    onProgress: AvatarProgress = () => undefined,
  ): Promise<AvatarOutput> {
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
        `scale='min(1920,iw)':'min(1080,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=${VIDEO_FPS}`,
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
    const poses = await trackMouth(
      outputs.clip,
      { width: clip.width, height: clip.height, frames: await countVideoFrames(outputs.clip) },
      (fraction) => onProgress('tracking_mouth', fraction),
    );
    if (poses) writeMouthTrack(outputs.mouth, { fps: VIDEO_FPS, width: clip.width, height: clip.height, poses });

    onProgress('finishing', 0);
    let defaultVoice: VoiceProfile | null = null;
    if (probe!.audio) {
      const analysis = analyzeVoice(await decodeMono(source, 180));
      if (holdsSpeech(analysis, MIN_SPEECH_SECONDS)) {
        defaultVoice = { medianPitchHz: analysis.medianPitchHz, wordsPerMinute: analysis.wordsPerMinute, loudnessDb: analysis.loudnessDb };
      }
    }
    return { ...outputs, mouth: poses ? outputs.mouth : null, defaultVoice };
  }

  async processVoice(source: string, language: ContentLanguage, sample: string): Promise<VoiceOutput> {
    const rejection = checkVoiceAudio(await probeMedia(source), statSync(source).size);
    if (rejection) throw new EngineFailure(rejection);
    const analysis = analyzeVoice(await decodeMono(source));
    if (!holdsSpeech(analysis, 1)) throw new EngineFailure('no_speech_detected');
    const profile = { medianPitchHz: analysis.medianPitchHz, wordsPerMinute: analysis.wordsPerMinute, loudnessDb: analysis.loudnessDb };
    await this.writeSpeech(SAMPLE_SENTENCES[language], language, profile, sample);
    return { profile, sample };
  }

  synthesizeSpeech(text: string, language: ContentLanguage, profile?: VoiceProfile) {
    return this.speech.synthesize(text, language, profile);
  }

  /** Writes speech as a file of the kind its extension names (.wav as is, anything else through ffmpeg). */
  async writeSpeech(text: string, language: ContentLanguage, profile: VoiceProfile, file: string) {
    const { wav } = await this.speech.synthesize(text, language, profile);
    if (file.endsWith('.wav')) return writeFileSync(file, wav);
    await runFfmpeg(['-f', 'wav', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '96k', file], { input: wav });
  }

  /**
   * The avatar's loop repeated for as long as the audio lasts, its mouth moving with the speech when
   * the avatar has a mouth track, cut to the audio's length with -t (-shortest overshoots), at 720p,
   * with the watermark unless the plan removes it, and the script as subtitles when asked.
   */
  async renderVideo({ loop, mouth, audio, phonemes, output, watermark, subtitles }: RenderInput): Promise<RenderResult> {
    const audioProbe = await probeMedia(audio);
    const duration = audioProbe?.durationSeconds;
    if (!audioProbe?.audio || !duration) throw new EngineFailure('audio_unreadable');
    const track = mouth ? readMouthTrack(mouth) : null;
    const srt = subtitles ? join(tmpdir(), `kagami-${randomUUID()}.srt`) : null;
    if (srt) writeFileSync(srt, toSrt(subtitles!, duration));
    const finish = (scaled: boolean) => {
      const filters = [...(scaled ? [] : [`scale=-2:${VIDEO_HEIGHT}`]), ...finishingFilters(watermark, srt)];
      return [
        '-i',
        audio,
        '-t',
        duration.toFixed(3),
        '-map',
        '0:v',
        '-map',
        '1:a',
        ...(filters.length ? ['-vf', filters.join(',')] : []),
        ...VIDEO_ENCODE,
        output,
      ];
    };
    const talking = track && this.remoteLipSync ? join(tmpdir(), `kagami-${randomUUID()}.mp4`) : null;
    let timings: RenderResult['timings'];
    try {
      if (!track) {
        await runFfmpeg(['-stream_loop', '-1', '-i', loop, ...finish(false)], { timeoutMs: 3_600_000 });
      } else {
        const shapes = await mouthShapesFor(audio, Math.ceil(duration * VIDEO_FPS), phonemes);
        if (talking) {
          await this.remoteLipSync!.render({ loop, track, audio, shapes }, talking);
          await runFfmpeg(['-i', talking, ...finish(false)], { timeoutMs: 3_600_000 });
        } else {
          timings = await renderTalkingLoop({ loop, track, shapes }, finish(true));
        }
      }
    } finally {
      if (srt) rmSync(srt, { force: true });
      if (talking) rmSync(talking, { force: true });
    }
    const rendered = await probeMedia(output);
    return { durationSeconds: rendered?.durationSeconds ?? duration, timings };
  }

  close() {
    this.speech.close();
  }
}

/** The watermark (top right: a player's controls cover the bottom; sized by the shorter side, so a tall frame holds it too) and subtitles. */
function finishingFilters(watermark: boolean, srt: string | null) {
  const filters: string[] = [];
  if (watermark) {
    filters.push(
      `drawtext=fontfile='${WATERMARK_FONT}':text='Kagami':fontcolor=white@0.55:fontsize=min(h/16\\,w/8):x=w-tw-min(w\\,h)/24:y=min(w\\,h)/24:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
    );
  }
  if (srt) {
    filters.push(
      `subtitles=filename=${srt}:fontsdir=${dirname(WATERMARK_FONT)}:force_style='Fontname=DejaVu Sans,Fontsize=20,Outline=1,MarginV=28'`,
    );
  }
  return filters;
}
