// The engine that runs here: the GenerationEngine port (generation-engine.ts) over the avatar and voice pipelines
// (pipeline/) and the renderer: a video's talking face drawn here (draw/) or made by a lip-sync provider, then framed
// and encoded (compose/); speech synthesized here or by the speech provider; long renders cut into parts and joined.
import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { countVideoFrames, probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import {
  type AvatarFiles,
  type AvatarOutput,
  type AvatarProgress,
  type AvatarSource,
  type GenerationEngine,
  type PartRange,
  type RenderInput,
  type RenderResult,
  type VoiceOverInput,
  type VoiceOutput,
} from '../generation-engine';
import { EngineFailure } from '../failure';
import { AUDIO_ENCODE, MAX_VIDEO_HEIGHT, VIDEO_FPS, videoEncode } from '../video-format';
import { loudnessPerFrame } from '../motion/loudness';
import { readMeshTrack, trackMesh, writeMeshTrack, type MeshTrack } from '../mesh/mesh-track';
import { planFrames } from '../motion/plan';
import { loopMeshes, renderTalkingFace, scaleMeshes, type RenderTimings } from '../draw/render';
import type { Mesh } from '../face-shapes';
import { LipSyncFailure, type LipSyncProvider } from '../lipsync/lipsync-provider';
import { speakScript, SpeechSynthesizer, type SpeakingVoice, type SpeechOptions } from '../speech/synthesizer';
import type { SpeechProvider } from '../speech/providers/speech-provider';
import { ANALYSIS_RATE, decodeMono } from '../speech/decode';
import { toAss } from '../compose/captions';
import { backdropGraph, backdropInput, CAPTION_FONT, composeGraph, needsMatte, overlayInputs, type Framing } from '../compose/compose';
import { withElements, type Overlay } from '../compose/elements';
import { faceBoxOf, layoutOf, type Box } from '../compose/layout';
import { makeMatte, matteToPicture } from '../compose/matte';
import { makeThumbnail } from '../compose/thumbnail';
import { AVATAR_H264, makeAvatar } from '../pipeline/avatar';
import { makeVoice } from '../pipeline/voice';

/** A long render is cut at the quietest frame this close to where even parts would end. */
const CUT_WINDOW_SECONDS = 2;

/** A render's inputs as measured (LocalEngine.prepare): `meshes` are the face of each loop frame at the picture's size. */
type Prepared = {
  duration: number;
  size: { width: number; height: number };
  framing: Framing;
  track: MeshTrack | null;
  matte: string | null;
  face: Box | null;
  meshes: Mesh[] | null;
  /** The part of the loop's frames the face is drawn on (in the loop's pixels), when only that part is shown. */
  region?: Box;
};

/**
 * ffmpeg's arguments after the person's input (input 0): the audio, background and matte inputs, the framing graph and
 * the encoding, into `input.output`. `alphaInFrames`: the person's frames carry the matte already. A `part` (frames
 * from, to) has no sound and starts its background where that frame falls.
 */
function composeArgs(
  job: Prepared,
  input: RenderInput,
  options: { alphaInFrames: boolean; captions: string | null; overlays: Overlay[]; part?: PartRange },
) {
  const { size, framing, matte, part } = { ...job, ...options };
  const sound = part ? [] : ['-i', input.audio];
  const next = sound.length ? 2 : 1;
  const backdrop = backdropInput(framing.background);
  const matteInput = matte && !options.alphaInFrames ? ['-stream_loop', '-1', '-i', matte] : [];
  const firstOverlay = next + (backdrop.length ? 1 : 0) + (matteInput.length ? 1 : 0);
  const { graph } = composeGraph({
    picture: size,
    face: job.face,
    framing,
    alpha: !matte ? null : options.alphaInFrames ? { inFrames: true } : { matteInput: next + (backdrop.length ? 1 : 0) },
    backdropIndex: next,
    firstFrame: part?.from ?? 0,
    watermark: input.watermark,
    ass: options.captions,
    overlays: { list: options.overlays, firstInput: firstOverlay, fromSecond: (part?.from ?? 0) / VIDEO_FPS },
  });
  return [
    ...[
      ...sound,
      ...backdrop,
      ...matteInput,
      ...overlayInputs(options.overlays),
      ...(part ? ['-frames:v', String(part.to - part.from)] : ['-t', job.duration.toFixed(3)]),
    ],
    ...['-filter_complex', `[0:v]scale=${size.width}:${size.height}[sized];${graph.replaceAll('[0:v]', '[sized]')}`],
    ...['-map', '[v]', ...(part ? ['-an'] : ['-map', '1:a', ...AUDIO_ENCODE])],
    ...videoEncode(Math.min(framing.frame.width, framing.frame.height)),
    ...outputArgs(input.output, part),
  ];
}

/**
 * Where the encoder writes: `output`, or for a part cut into pieces at `splitAt` (frames of the video), each piece as
 * `output` with `%d` its number from 0, each starting on a keyframe at the exact frame, so pieces can be copied apart.
 */
function outputArgs(output: string, part?: PartRange) {
  const splits = (part?.splitAt ?? []).map((at) => at - part!.from);
  if (!splits.length) return ['-movflags', '+faststart', output];
  return [
    ...['-force_key_frames', `expr:${splits.map((n) => `eq(n,${n})`).join('+')}`],
    ...['-f', 'segment', '-segment_frames', splits.join(','), '-reset_timestamps', '1', '-segment_format', 'mp4', output],
  ];
}

/**
 * A presenter in the corner's circle shows a square around the face: the face is drawn on that square alone, at the
 * circle's size (or the square's own, when the circle is larger), not on the whole picture that is then cropped and
 * shrunk. The meshes and the face's box move into the square's pixels; the layout made from them is the same circle.
 */
function drawnInCircle(job: Prepared, loop: { width: number; height: number }): Prepared {
  const layout = layoutOf(job.framing.frame, job.size, job.face, job.framing.placement);
  if (layout.kind !== 'circle' || !job.meshes) return job;
  const { crop, diameter } = layout;
  const side = Math.min(diameter, crop.width);
  const scale = side / crop.width;
  const toLoop = loop.width / job.size.width;
  const even = (value: number) => Math.round(value / 2) * 2;
  const region = {
    x: even(crop.x * toLoop),
    y: even(crop.y * toLoop),
    width: even(crop.width * toLoop),
    height: even(crop.height * toLoop),
  };
  const moved = (mesh: Mesh): Mesh => mesh.map((value, index) => (value - (index % 2 === 0 ? crop.x : crop.y)) * scale);
  const meshes = job.meshes.map(moved);
  const face = job.face && {
    x: (job.face.x - crop.x) * scale,
    y: (job.face.y - crop.y) * scale,
    width: job.face.width * scale,
    height: job.face.height * scale,
  };
  return { ...job, size: { width: side, height: side }, meshes, face, region };
}

/** A video's picture: the avatar's own size, at most 1080 high, with even sides. */
const videoSizeOf = (size: { width: number; height: number }) => {
  const scale = Math.min(1, MAX_VIDEO_HEIGHT / size.height);
  return { width: Math.round((size.width * scale) / 2) * 2, height: Math.round((size.height * scale) / 2) * 2 };
};

export class LocalEngine implements GenerationEngine {
  private readonly speech = new SpeechSynthesizer();

  /** `lipSync`: hand the talking face to a provider's model instead of drawing it here (`fallback`: draw it here when the provider fails). */
  constructor(
    private readonly lipSync?: { provider: LipSyncProvider; fallback: boolean },
    /** Neural speech (SPEECH_PROVIDER): its voices, and clones of the speakers of voice recordings where it makes them. */
    readonly speechProvider?: SpeechProvider,
  ) {}

  /** An avatar from footage or a photo, then the person cut out of every frame of its loop (pipeline/avatar.ts). */
  processAvatar(source: AvatarSource, outputs: AvatarFiles, onProgress: AvatarProgress = () => undefined): Promise<AvatarOutput> {
    return makeAvatar(source, outputs, onProgress);
  }

  /** A voice model: the recording measured, cloned by the speech provider where it clones; its sample spoken by it (pipeline/voice.ts). */
  processVoice(source: string, language: ContentLanguage, sample: string, name = 'Kagami voice'): Promise<VoiceOutput> {
    return makeVoice(this, source, language, sample, name);
  }

  synthesizeSpeech(text: string, language: ContentLanguage, voice?: SpeakingVoice, options: SpeechOptions = {}) {
    if (!voice || !('provider' in voice)) return this.speech.synthesize(text, language, voice, options);
    const provider = this.speechProvider;
    if (!provider) return Promise.reject(new EngineFailure('speech_provider_unavailable', 'a provider voice, and no SPEECH_PROVIDER'));
    const speed = options.speed ?? 1;
    return speakScript(text, options.pronunciations ?? [], (say) => provider.speak(say, voice.provider, { speed, language }));
  }

  /**
   * The avatar's loop repeated for as long as the audio lasts, its face talking with the speech (jaw and lips),
   * blinking where the footage does not and moving its head a little: made by the lip-sync provider when there is one,
   * drawn here when the avatar has a face track (or when the provider failed and the fallback is on). Then framed
   * (compose/): in the video's format, over its background (the person cut out by the avatar's matte, made now if the
   * avatar has none yet), with the watermark unless the plan removes it, and the captions when burned in; cut to the
   * audio's length with -t (-shortest overshoots).
   */
  async renderVideo(input: RenderInput): Promise<RenderResult> {
    const job = await this.prepare(input);
    const { duration, track, matte } = job;
    const captions = await this.captionsFile(input, job.framing);
    const talking = this.lipSync && !input.localOnly ? join(tmpdir(), `kagami-${randomUUID()}.mp4`) : null;
    let timings: RenderResult['timings'];
    let lipSync: RenderResult['lipSync'];
    const speech = { language: input.language, cues: input.captions?.cues };
    try {
      await withElements(job.framing, speech, async (overlays) => {
        if (talking)
          lipSync = await this.renderWithProvider(
            { loop: input.loop, photo: input.photo, audio: input.audio, duration, talking },
            input.lipSyncJob,
          );
        if (lipSync && !('failed' in lipSync)) {
          await runFfmpeg(['-i', talking!, ...composeArgs(job, input, { alphaInFrames: false, captions, overlays })], {
            timeoutMs: 3_600_000,
          });
        } else if (!track) {
          await runFfmpeg(
            ['-stream_loop', '-1', '-i', input.loop, ...composeArgs(job, input, { alphaInFrames: false, captions, overlays })],
            {
              timeoutMs: 3_600_000,
            },
          );
        } else {
          const plans = await this.plansOf(input, job);
          timings = await renderTalkingFace(
            {
              loop: input.loop,
              meshes: job.meshes!,
              plans,
              inner: track.inner,
              size: job.size,
              region: job.region,
              fps: VIDEO_FPS,
              matte: matte ? { file: matte, toPicture: matteToPicture(job.size) } : undefined,
            },
            composeArgs(job, input, { alphaInFrames: true, captions, overlays }),
          );
        }
      });
    } finally {
      if (captions) await rm(captions, { force: true });
      if (talking) await rm(talking, { force: true });
    }
    if (input.thumbnail) await makeThumbnail(input.output, duration, input.thumbnail);
    const rendered = await probeMedia(input.output);
    return { durationSeconds: rendered?.durationSeconds ?? duration, timings, lipSync };
  }

  async renderVoiceOver(input: VoiceOverInput, part?: PartRange): Promise<RenderResult> {
    const duration = (await probeMedia(input.audio))?.durationSeconds;
    if (!duration) throw new EngineFailure('audio_unreadable');
    const fromSecond = (part?.from ?? 0) / VIDEO_FPS;
    const captions = await this.captionsFile(input, input.framing, fromSecond * 1000);
    const backdrop = backdropInput(input.framing.background);
    const speech = { language: input.language, cues: input.captions?.cues };
    try {
      await withElements(input.framing, speech, async (overlays) => {
        // A part has no sound: its picture alone, as many frames as it has.
        const sound = part ? [] : ['-i', input.audio];
        const firstInput = sound.length / 2 + (backdrop.length ? 1 : 0);
        const graph = backdropGraph({
          framing: input.framing,
          backdropIndex: sound.length / 2,
          watermark: input.watermark,
          ass: captions,
          overlays: { list: overlays, firstInput, fromSecond },
        });
        const length = part ? ['-frames:v', String(part.to - part.from)] : ['-t', duration.toFixed(3)];
        await runFfmpeg(
          [
            ...[...sound, ...backdrop, ...overlayInputs(overlays), ...length, '-filter_complex', graph],
            ...['-map', '[v]', ...(part ? ['-an'] : ['-map', '0:a', ...AUDIO_ENCODE])],
            ...videoEncode(Math.min(input.framing.frame.width, input.framing.frame.height)),
            ...outputArgs(input.output, part),
          ],
          { timeoutMs: 3_600_000 },
        );
      });
    } finally {
      if (captions) await rm(captions, { force: true });
    }
    if (part) return { durationSeconds: (part.to - part.from) / VIDEO_FPS };
    if (input.thumbnail) await makeThumbnail(input.output, duration, input.thumbnail);
    return { durationSeconds: (await probeMedia(input.output))?.durationSeconds ?? duration };
  }

  /**
   * Where a render long enough to share among workers is cut: at the quietest frame (a pause, the mouth closed) within
   * CUT_WINDOW_SECONDS of each even cut into parts of about `seconds`. The first index is 0 and the last the frame count.
   * Null when the video is made whole: shorter than one and a half parts, or its face not drawn here (a lip-sync provider
   * makes it, or the avatar has no face track).
   */
  async segmentsOf(input: RenderInput, seconds: number): Promise<number[] | null> {
    if (!input.mouth || (this.lipSync && !input.localOnly)) return null;
    const duration = (await probeMedia(input.audio))?.durationSeconds;
    if (!duration || duration < seconds * 1.5) return null;
    const frames = Math.ceil(duration * VIDEO_FPS);
    const loudness = loudnessPerFrame(await decodeMono(input.audio), ANALYSIS_RATE, VIDEO_FPS, frames);
    const parts = Math.round(duration / seconds);
    const window = CUT_WINDOW_SECONDS * VIDEO_FPS;
    const cuts = [0];
    for (let part = 1; part < parts; part += 1) {
      const even = Math.round((part * frames) / parts);
      let best = even;
      for (let frame = Math.max(cuts.at(-1)! + 1, even - window); frame <= Math.min(frames - 1, even + window); frame += 1) {
        if (loudness[frame]! < loudness[best]! || (loudness[frame] === loudness[best] && Math.abs(frame - even) < Math.abs(best - even))) {
          best = frame;
        }
      }
      cuts.push(best);
    }
    return [...cuts, frames];
  }

  /**
   * Frames `from` to `to` (exclusive) of the video `renderVideo` would make with the face drawn here, composed the same
   * way but without sound, into `input.output`: the loop, the plans, the captions and a video background go on from
   * where the previous part stopped, so the parts joined make the same picture.
   */
  async renderSegment(input: RenderInput, range: PartRange): Promise<RenderTimings | null> {
    const job = await this.prepare(input);
    const track = job.track;
    // An avatar with no face track plays its loop as it is: made whole (a scene of its own), never cut in parts.
    if (!track && range.from > 0) throw new EngineFailure('avatar_missing', 'a part of a render needs the face track');
    const captions = await this.captionsFile(input, job.framing, (range.from * 1000) / VIDEO_FPS);
    try {
      if (!track) {
        const speech = { language: input.language, cues: input.captions?.cues };
        await withElements(job.framing, speech, (overlays) =>
          runFfmpeg(
            ['-stream_loop', '-1', '-i', input.loop, ...composeArgs(job, input, { alphaInFrames: false, captions, overlays, part: range })],
            { timeoutMs: 3_600_000 },
          ),
        );
        return null;
      }
      const plans = (await this.plansOf(input, job)).slice(range.from, range.to);
      const speech = { language: input.language, cues: input.captions?.cues };
      return await withElements(job.framing, speech, (overlays) =>
        renderTalkingFace(
          {
            loop: input.loop,
            meshes: job.meshes!,
            plans,
            first: range.from,
            inner: track.inner,
            size: job.size,
            region: job.region,
            fps: VIDEO_FPS,
            matte: job.matte ? { file: job.matte, toPicture: matteToPicture(job.size) } : undefined,
          },
          composeArgs(job, input, { alphaInFrames: true, captions, overlays, part: range }),
        ),
      );
    } finally {
      if (captions) await rm(captions, { force: true });
    }
  }

  /** The parts in order joined without re-encoding, with the whole audio encoded as `renderVideo` does, and the poster. */
  async joinSegments(parts: string[], input: RenderInput): Promise<RenderResult> {
    const duration = (await probeMedia(input.audio))?.durationSeconds;
    if (!duration) throw new EngineFailure('audio_unreadable');
    const list = join(tmpdir(), `kagami-${randomUUID()}.txt`);
    writeFileSync(list, parts.map((part) => `file '${part.replaceAll("'", "'\\''")}'\n`).join(''));
    try {
      await runFfmpeg(
        [
          ...['-f', 'concat', '-safe', '0', '-i', list, '-i', input.audio, '-t', duration.toFixed(3)],
          ...['-map', '0:v', '-map', '1:a', '-c:v', 'copy', ...AUDIO_ENCODE, '-movflags', '+faststart', input.output],
        ],
        { timeoutMs: 3_600_000 },
      );
    } finally {
      await rm(list, { force: true });
    }
    if (input.thumbnail) await makeThumbnail(input.output, duration, input.thumbnail);
    const rendered = await probeMedia(input.output);
    return { durationSeconds: rendered?.durationSeconds ?? duration };
  }

  /** What every way of rendering a video needs first: the audio's length, the picture's size, the face and its matte. */
  private async prepare(input: RenderInput): Promise<Prepared> {
    const audioProbe = await probeMedia(input.audio);
    const duration = audioProbe?.durationSeconds;
    if (!audioProbe?.audio || !duration) throw new EngineFailure('audio_unreadable');
    const loopVideo = (await probeMedia(input.loop))?.video;
    if (!loopVideo) throw new EngineFailure('avatar_missing');
    const size = videoSizeOf(loopVideo);
    const framing: Framing = input.framing ?? { frame: size, background: { type: 'footage' }, placement: { position: 'full', scale: 1 } };
    const track = input.mouth ? await this.faceTrackOf(input.mouth, input.loop) : null;
    const matte = needsMatte(framing) ? await this.matteOf(input.matte, input.loop) : null;
    const face = track ? faceBoxOf(scaleMeshes(track.meshes, track, size)) : null;
    const meshes = track ? scaleMeshes(loopMeshes(track.meshes, track.playback), track, size) : null;
    const prepared = { duration, size, framing, track, matte, face, meshes };
    return track ? drawnInCircle(prepared, loopVideo) : prepared;
  }

  /** What each frame of the whole video asks of the face (the same for the whole render and for each of its parts). */
  private async plansOf(input: RenderInput, job: Prepared) {
    const frames = Math.ceil(job.duration * VIDEO_FPS);
    const pcm = await decodeMono(input.audio);
    const speech = {
      frames,
      fps: VIDEO_FPS,
      loudness: loudnessPerFrame(pcm, ANALYSIS_RATE, VIDEO_FPS, frames),
      phonemes: input.phonemes,
      language: input.language,
      pcm,
      sampleRate: ANALYSIS_RATE,
    };
    return planFrames(speech, { sourceBlinks: job.track!.blinks, seed: input.seed ?? input.output });
  }

  /** The burned-in captions as an ASS file, timed from `fromMs` of the video (a part's start); null when not burned in. */
  private async captionsFile(input: Pick<RenderInput, 'captions'>, framing: Framing, fromMs = 0) {
    if (!input.captions?.burnIn) return null;
    const file = join(tmpdir(), `kagami-${randomUUID()}.ass`);
    const cues = input.captions.cues
      .filter((cue) => cue.endMs > fromMs)
      .map((cue) => ({ ...cue, startMs: Math.max(0, cue.startMs - fromMs), endMs: cue.endMs - fromMs }));
    await writeFile(file, toAss(cues, framing.frame, input.captions.style, CAPTION_FONT.name));
    return file;
  }

  /**
   * The avatar's matte: the file it has, or (an avatar made before mattes) made now from its loop into that file,
   * written beside it and moved over it, so this happens once.
   */
  private async matteOf(file: string | undefined, loop: string): Promise<string> {
    if (!file) throw new EngineFailure('avatar_missing', 'a background needs the avatar matte file');
    if (existsSync(file)) return file;
    const next = `${file}.${randomUUID()}.tmp.mp4`;
    try {
      await makeMatte(loop, next, { bounce: false });
      await rename(next, file);
    } finally {
      await rm(next, { force: true });
    }
    return file;
  }

  /**
   * The talking video from the provider into `talking`: the loop repeated for as long as the speech is sent (so every
   * model gets a video as long as its audio). A provider's failure is thrown, or returned when the local renderer is
   * to take over.
   */
  private async renderWithProvider(
    job: { loop: string; photo?: string; audio: string; duration: number; talking: string },
    tracking?: RenderInput['lipSyncJob'],
  ) {
    const provider = this.lipSync!.provider;
    const resume = tracking?.resume?.engine === provider.engine ? tracking.resume.id : undefined;
    const long = join(tmpdir(), `kagami-${randomUUID()}.mp4`);
    try {
      // A resumed job was sent its loop already.
      if (!resume) {
        await runFfmpeg(['-stream_loop', '-1', '-i', job.loop, '-t', job.duration.toFixed(3), '-an', ...AVATAR_H264, long], {
          timeoutMs: 3_600_000,
        });
      }
      return await provider.render({
        loop: long,
        photo: job.photo,
        audio: job.audio,
        durationSeconds: job.duration,
        output: job.talking,
        resume,
        submitted: tracking ? (id) => tracking.submitted(provider.engine, id) : undefined,
      });
    } catch (error) {
      if (!(error instanceof LipSyncFailure) || !this.lipSync!.fallback) throw error;
      return { engine: provider.engine, failed: error.reason, detail: error.message, keyRefused: error.keyRefused };
    } finally {
      await rm(long, { force: true });
    }
  }

  /**
   * The avatar's face track. An avatar made before the face mesh has an older mouth track: its loop is tracked now,
   * and the file replaced by the face track (written beside it, then moved over it), so this happens once.
   */
  private async faceTrackOf(file: string, loop: string): Promise<MeshTrack | null> {
    const stored = readMeshTrack(file);
    if (stored) return stored;
    const video = (await probeMedia(loop))?.video;
    if (!video) return null;
    const tracked = await trackMesh(loop, {
      width: video.width,
      height: video.height,
      fps: VIDEO_FPS,
      frames: await countVideoFrames(loop),
    });
    if (!tracked) return null;
    const track: MeshTrack = { ...tracked, playback: 'cycle' };
    const next = `${file}.${randomUUID()}.tmp`;
    writeMeshTrack(next, track);
    await rename(next, file);
    return track;
  }

  close() {
    this.speech.close();
  }
}
