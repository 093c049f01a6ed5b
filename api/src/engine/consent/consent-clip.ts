// The checks on a consent clip: the person of the footage or photo, alive and speaking, saying the one-time code.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { decodeMono, ANALYSIS_RATE } from '../speech/decode';
import { faceDescriptors, followFace, letterboxedFrames } from '../footage/face-detector';
import { loudnessPerFrame } from '../motion/loudness';
import { probeMedia } from '../../media/probe';
import { pcmToWav } from '../speech/wav';
import { heardCode, type Recogniser } from './recogniser';

/**
 * Face descriptor distance (face-api's recognition model) under which two faces are one person. Measured on labelled
 * pairs of the faces in the photos shipped in @vladmandic/face-api (demo) and @vladmandic/human (screenshots): 544 pairs
 * of one person and 9,209 pairs of two people; false rejects and false accepts at each distance:
 *   0.45: 22.2 % false rejects, 0.05 % false accepts
 *   0.50:  7.9 % false rejects, 0.67 % false accepts   <- chosen
 *   0.55:  2.2 % false rejects, 2.4 % false accepts
 *   0.60:  0.9 % false rejects, 7.45 % false accepts
 * On clips (the median distance over a clip's frames to the reference's mean), 0.50 refused 5 of 57 clips of the same
 * person and accepted 1 of 656 of another.
 */
export const SAME_PERSON_DISTANCE = 0.5;

/** A consent clip is read in these many seconds at most; the phrase takes about ten. */
export const CONSENT_SECONDS = { min: 3, max: 60 } as const;
/** Share of the clip in which speech is heard (pauses between words included) for it to count as the phrase read. */
const MIN_SPEECH_SHARE = 0.5;
const MIN_SPEECH_SECONDS = 2;
/** A face shown in at least this share of the clip's frames. */
const MIN_FACE_SHARE = 0.6;
/** How much the lips part and close while speaking (the inner-lip gap over the face's height: its spread)... */
const MIN_MOUTH_SPREAD = 0.012;
/** ...and how closely that follows the loudness of the sound (Pearson's r over the frames). */
const MIN_MOUTH_FOLLOWS_SOUND = 0.2;

const FPS = 10;
const REFERENCE_FRAMES = 8;
const CLIP_DESCRIPTOR_FRAMES = 10;

export type ConsentFailure = 'consent_no_speech' | 'consent_face_mismatch' | 'consent_not_live' | 'consent_phrase_mismatch';
/** The verdict on a clip: refused with a reason, or accepted; `review` when a person must confirm the phrase. */
export type ConsentVerdict =
  | { ok: false; reason: ConsentFailure; detail: string }
  | { ok: true; review: null | 'language_unverified' | 'recogniser_unavailable'; measures: ConsentMeasures };
export type ConsentMeasures = { speechShare: number; faceShare: number; distance: number; mouthSpread: number; mouthFollowsSound: number };

export type ConsentInput = {
  clip: string;
  /** The avatar's footage or photo. */
  reference: { file: string; kind: 'video' | 'photo' };
  language: ContentLanguage;
  code: string;
  /** The phrase's English words around its code and name, which the recogniser listens for. */
  phraseWords: string[];
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Infinity;

function distance(a: Float32Array, b: Float32Array) {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

function pearson(a: number[], b: number[]) {
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}

/** The share of 100 ms windows with speech, bridging the short pauses between words (300 ms either side of a voiced one). */
export function speechShare(pcm: Float32Array, sampleRate: number) {
  const size = Math.round(sampleRate / 10);
  const rms = Array.from({ length: Math.floor(pcm.length / size) }, (_, w) => {
    let sum = 0;
    for (let i = w * size; i < (w + 1) * size; i += 1) sum += pcm[i]! ** 2;
    return Math.sqrt(sum / size);
  });
  // Against the clip's own quiet (its 10th percentile): a steady hum or fan is not speech however loud.
  const quiet = [...rms].sort((a, b) => a - b)[Math.floor(rms.length / 10)] ?? 0;
  const threshold = Math.max(0.01, quiet * 3);
  const voiced = rms.map((value) => value > threshold);
  const bridged = voiced.map((_, w) => voiced.slice(Math.max(0, w - 3), w + 4).some(Boolean));
  const seconds = bridged.filter(Boolean).length / 10;
  return { share: rms.length ? seconds / (rms.length / 10) : 0, seconds };
}

/** The inner lips' gap over the face's height (nose bridge to chin), in 68-point landmarks. */
const mouthOpening = (points: { x: number; y: number }[]) =>
  Math.hypot(points[66]!.x - points[62]!.x, points[66]!.y - points[62]!.y) /
  Math.max(1, Math.hypot(points[8]!.x - points[27]!.x, points[8]!.y - points[27]!.y));

async function referenceDescriptor(reference: ConsentInput['reference']) {
  let select = 'null';
  if (reference.kind === 'video') {
    const seconds = (await probeMedia(reference.file))?.durationSeconds ?? 30;
    select = `fps=${REFERENCE_FRAMES}/${Math.max(1, seconds).toFixed(2)}`;
  }
  const { frames, done } = letterboxedFrames(reference.file, select);
  const found = await faceDescriptors(frames);
  await done.catch(() => undefined);
  if (!found.length) return null;
  return Float32Array.from(found[0]!, (_, i) => mean(found.map((d) => d[i]!)));
}

/** Checks a consent clip against the avatar's source; English phrases are also heard by `recogniser`. */
export async function checkConsentClip(input: ConsentInput, recogniser: Recogniser): Promise<ConsentVerdict> {
  const probe = await probeMedia(input.clip);
  const seconds = Math.min(probe?.durationSeconds ?? 0, CONSENT_SECONDS.max);
  const refuse = (reason: ConsentFailure, detail: string): ConsentVerdict => ({ ok: false, reason, detail });
  if (!probe?.video || !probe.audio || seconds < CONSENT_SECONDS.min)
    return refuse('consent_no_speech', `${seconds.toFixed(1)} s with sound`);

  const pcm = await decodeMono(input.clip, seconds);
  const speech = speechShare(pcm, ANALYSIS_RATE);
  if (speech.share < MIN_SPEECH_SHARE || speech.seconds < MIN_SPEECH_SECONDS)
    return refuse('consent_no_speech', `speech in ${(speech.share * 100).toFixed(0)} % of the clip`);

  const openings: (number | null)[] = [];
  const { frames, done } = letterboxedFrames(input.clip, `fps=${FPS}`, { seconds });
  for await (const face of followFace(frames, FPS)) openings.push(face.points?.length ? mouthOpening(face.points) : null);
  await done.catch(() => undefined);
  const faceShare = openings.filter((o) => o !== null).length / Math.max(1, openings.length);

  const reference = await referenceDescriptor(input.reference);
  const sampled = letterboxedFrames(input.clip, `fps=${(CLIP_DESCRIPTOR_FRAMES / seconds).toFixed(3)}`, { seconds });
  const clipFaces = await faceDescriptors(sampled.frames);
  await sampled.done.catch(() => undefined);
  const distanceToReference = reference && clipFaces.length ? median(clipFaces.map((d) => distance(d, reference))) : Infinity;
  if (faceShare < MIN_FACE_SHARE || distanceToReference > SAME_PERSON_DISTANCE)
    return refuse(
      'consent_face_mismatch',
      `face in ${(faceShare * 100).toFixed(0)} % of frames, distance ${distanceToReference.toFixed(2)}`,
    );

  const loudness = loudnessPerFrame(pcm, ANALYSIS_RATE, FPS, openings.length);
  const seen = openings.map((o, i) => [o, loudness[i]!] as const).filter((pair): pair is [number, number] => pair[0] !== null);
  const opened = seen.map(([o]) => o);
  const average = mean(opened);
  const spread = Math.sqrt(mean(opened.map((o) => (o - average) ** 2)));
  const follows = pearson(
    opened,
    seen.map(([, l]) => l),
  );
  const measures = { speechShare: speech.share, faceShare, distance: distanceToReference, mouthSpread: spread, mouthFollowsSound: follows };
  if (spread < MIN_MOUTH_SPREAD || follows < MIN_MOUTH_FOLLOWS_SOUND)
    return refuse('consent_not_live', `mouth spread ${spread.toFixed(3)}, follows the sound r=${follows.toFixed(2)}`);

  if (input.language !== 'en') return { ok: true, review: 'language_unverified', measures };
  const dir = await mkdtemp(join(tmpdir(), 'kagami-consent-'));
  try {
    const wav = join(dir, 'speech.wav');
    // The sound decoded for the checks above (16 kHz mono) is what the recogniser hears.
    const samples = Int16Array.from(pcm, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32768))));
    await writeFile(wav, pcmToWav(Buffer.from(samples.buffer), ANALYSIS_RATE));
    const heard = await recogniser.transcribe(wav, input.phraseWords);
    if (heard === null) return { ok: true, review: 'recogniser_unavailable', measures };
    if (!heardCode(heard, input.code)) return refuse('consent_phrase_mismatch', `heard "${heard}"`);
    return { ok: true, review: null, measures };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
