// What a voice is, step by step: the recording checked and measured (its pitch, pace and loudness), cloned by the
// speech provider where it clones, and its sample sentence spoken by the new voice into the sample file. The studio's
// voice job (domains/studio/jobs) fetches and stores the files around these steps.
import { statSync, writeFileSync } from 'node:fs';
import type { ContentLanguage } from '@kagami/shared/validation';
import { probeMedia } from '../../media/probe';
import { encodeMp3 } from '../../media/tools';
import { checkVoiceAudio } from '../../media/validate';
import type { GenerationEngine, VoiceOutput } from '../generation-engine';
import { EngineFailure } from '../failure';
import { SAMPLE_SENTENCES } from '../speech/sample-sentences';
import type { SpeakingVoice } from '../speech/synthesizer';
import { decodeMono } from '../speech/decode';
import { analyzeVoice, holdsSpeech } from '../speech/voice-analysis';

/** A voice model: the recording measured, cloned by the engine's speech provider where it clones; its sample spoken by it. */
export async function makeVoice(
  engine: GenerationEngine,
  source: string,
  language: ContentLanguage,
  sample: string,
  name: string,
): Promise<VoiceOutput> {
  const rejection = checkVoiceAudio(await probeMedia(source), statSync(source).size);
  if (rejection) throw new EngineFailure(rejection);
  const analysis = analyzeVoice(await decodeMono(source));
  if (!holdsSpeech(analysis, 1)) throw new EngineFailure('no_speech_detected');
  const profile = { medianPitchHz: analysis.medianPitchHz, wordsPerMinute: analysis.wordsPerMinute, loudnessDb: analysis.loudnessDb };
  const provider = engine.speechProvider;
  const clone = provider?.clone ? { provider: provider.name, voiceId: await provider.clone(name, source) } : null;
  await writeSpeech(engine, SAMPLE_SENTENCES[language], language, clone ? { provider: clone.voiceId } : { profile }, sample);
  return { profile, sample, clone };
}

/** Writes speech as a file of the kind its extension names (.wav as is, anything else through ffmpeg). */
async function writeSpeech(engine: GenerationEngine, text: string, language: ContentLanguage, voice: SpeakingVoice, file: string) {
  const { wav } = await engine.synthesizeSpeech(text, language, voice);
  if (file.endsWith('.wav')) return writeFileSync(file, wav);
  await encodeMp3(wav, file);
}
