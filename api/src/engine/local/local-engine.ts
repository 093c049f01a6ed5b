import { randomUUID } from 'node:crypto';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import { checkAvatarVideo, checkVoiceAudio } from '../../media/validate';
import { EngineFailure, type AvatarOutput, type GenerationEngine, type RenderInput, type VoiceOutput } from '../generation-engine';
import { SAMPLE_SENTENCES } from '../speech/sample-sentences';
import { SpeechSynthesizer, type VoiceProfile } from '../speech/synthesizer';
import { decodeMono } from './decode';
import { bestFaceScore, frameAt } from './face-detector';
import { analyzeVoice, holdsSpeech } from './voice-analysis';
import { toSrt } from './subtitles';

const SAMPLED_FRAMES = 8;
/** At least half of the sampled frames must show a face. */
const MIN_FACE_FRAMES = 4;
/** The avatar's motion is taken from the start of the video: enough to loop, small enough to reverse in memory. */
const LOOP_SOURCE_SECONDS = 12;
const MIN_SPEECH_SECONDS = 3;
/** The avatar's clips: H.264 in a web-friendly mp4, quality kept high since videos re-encode them. */
const AVATAR_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
const WATERMARK_FONT = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');

export class LocalEngine implements GenerationEngine {
  private readonly speech = new SpeechSynthesizer();

  async processAvatar(source: string, outputs: { preview: string; clip: string; loop: string }): Promise<AvatarOutput> {
    const probe = await probeMedia(source);
    const rejection = checkAvatarVideo(probe, statSync(source).size);
    if (rejection) throw new EngineFailure(rejection);
    const duration = probe!.durationSeconds!;

    const times = Array.from({ length: SAMPLED_FRAMES }, (_, i) => ((i + 0.5) / SAMPLED_FRAMES) * duration);
    const scores: number[] = [];
    for (const time of times) scores.push(await bestFaceScore(await frameAt(source, time)));
    if (scores.filter((score) => score > 0).length < MIN_FACE_FRAMES) throw new EngineFailure('no_face_detected');
    const clearest = times[scores.indexOf(Math.max(...scores))]!;

    await runFfmpeg([
      '-ss',
      clearest.toFixed(2),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(1280,iw)':-2",
      '-q:v',
      '3',
      outputs.preview,
    ]);
    await runFfmpeg(
      [
        '-i',
        source,
        '-t',
        String(LOOP_SOURCE_SECONDS),
        '-an',
        '-vf',
        "scale='min(1920,iw)':'min(1080,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=25",
        ...AVATAR_H264,
        outputs.clip,
      ],
      { timeoutMs: 600_000 },
    );
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

    let defaultVoice: VoiceProfile | null = null;
    if (probe!.audio) {
      const analysis = analyzeVoice(await decodeMono(source, 180));
      if (holdsSpeech(analysis, MIN_SPEECH_SECONDS)) {
        defaultVoice = { medianPitchHz: analysis.medianPitchHz, wordsPerMinute: analysis.wordsPerMinute, loudnessDb: analysis.loudnessDb };
      }
    }
    return { ...outputs, defaultVoice };
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
   * The avatar's loop repeated for as long as the audio lasts, cut to the audio's length with -t
   * (-shortest overshoots), at 720p, with the watermark unless the plan removes it, and the script
   * as subtitles when asked.
   */
  async renderVideo({ loop, audio, output, watermark, subtitles }: RenderInput) {
    const audioProbe = await probeMedia(audio);
    const duration = audioProbe?.durationSeconds;
    if (!audioProbe?.audio || !duration) throw new EngineFailure('audio_unreadable');
    const filters = ['scale=-2:720'];
    if (watermark) {
      filters.push(
        // Top right: a player's controls cover the bottom; sized by the shorter side, so a tall frame holds it too.
        `drawtext=fontfile='${WATERMARK_FONT}':text='Kagami':fontcolor=white@0.55:fontsize=min(h/16\\,w/8):x=w-tw-min(w\\,h)/24:y=min(w\\,h)/24:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
      );
    }
    const srt = subtitles ? join(tmpdir(), `kagami-${randomUUID()}.srt`) : null;
    if (srt) {
      writeFileSync(srt, toSrt(subtitles!, duration));
      filters.push(
        `subtitles=filename=${srt}:fontsdir=${dirname(WATERMARK_FONT)}:force_style='Fontname=DejaVu Sans,Fontsize=20,Outline=1,MarginV=28'`,
      );
    }
    const encode = [
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
    try {
      await runFfmpeg(
        [
          '-stream_loop',
          '-1',
          '-i',
          loop,
          '-i',
          audio,
          '-t',
          duration.toFixed(3),
          '-map',
          '0:v',
          '-map',
          '1:a',
          '-vf',
          filters.join(','),
          ...encode,
          output,
        ],
        { timeoutMs: 3_600_000 },
      );
    } finally {
      if (srt) rmSync(srt, { force: true });
    }
    const rendered = await probeMedia(output);
    return { durationSeconds: rendered?.durationSeconds ?? duration };
  }

  close() {
    this.speech.close();
  }
}
