// The voices every team can choose: the built-in ones (engine/speech/builtin-voices.ts) and, with a speech provider,
// the provider's own; each with a short preview spoken on first request and kept in audio_output, named after what it
// holds so a changed voice gets a new preview.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { type AppContext } from '../app-context';
import type { ContentLanguage } from '@kagami/shared/validation';
import { voices } from '../../db/schema';
import {
  BUILTIN_VOICES,
  builtinVoice,
  type BuiltinVoice,
  EngineFailure,
  isProviderVoiceId,
  profileOf,
  PROVIDER_VOICE_PREFIX,
  providerVoiceIdOf,
  SAMPLE_SENTENCES,
  type SpeakingVoice,
  type SpeechProvider,
} from '../../engine';
import { type ProviderVoice } from '../../config/providers';
import { errors, fail } from '../../lib/errors';
import { encodeMp3 } from '../../media/tools';
import { documented, json, file, text } from '../../routing/operations';
import { LibraryVoice } from './answers';
import type { App } from '../../routing/typed';

/** Who speaks for a library voice's id (`builtin-…`, or `provider-…` for a voice of the speech provider). */
export function libraryVoice(id: string): SpeakingVoice | null {
  if (isProviderVoiceId(id)) return { provider: providerVoiceIdOf(id) };
  const builtin = builtinVoice(id);
  return builtin ? { builtin } : null;
}

/** Who speaks for a voice model: the provider's clone of its speaker, else a local voice at the speaker's pitch and pace. */
export const speakingVoiceOf = (voice: typeof voices.$inferSelect): SpeakingVoice =>
  voice.cloneVoiceId ? { provider: voice.cloneVoiceId } : { profile: profileOf(voice) };

/** A provider's voice as the app's API lists it: any language (`language` null), previewed through this API. */
export const providerVoiceJson = (provider: SpeechProvider, voice: ProviderVoice, base = '') => ({
  id: `${PROVIDER_VOICE_PREFIX}${voice.id}`,
  name: voice.name,
  language: null,
  gender: voice.gender,
  accent: null,
  engine: provider.name,
  preview_url: `${base}${builtinPreviewPath(`${PROVIDER_VOICE_PREFIX}${voice.id}`)}`,
});

/** Speech a request waits for (a preview): when the speech provider fails, the caller gets 503 with its reason, not a 500. */
export async function spokenForRequest<T>(speech: Promise<T>): Promise<T> {
  try {
    return await speech;
  } catch (error) {
    if (error instanceof EngineFailure) throw fail(503, error.reason);
    throw error;
  }
}

/** The provider's id of the voice a `provider-<id>` names, when the provider lists it (else null: not a voice here). */
export async function listedProviderVoice(ctx: AppContext, id: string): Promise<string | null> {
  if (!ctx.engine.speechProvider || !isProviderVoiceId(id)) return null;
  const engineVoice = providerVoiceIdOf(id);
  return (await providerVoices(ctx)).some((voice) => voice.id === engineVoice) ? engineVoice : null;
}

/** The provider's voices, or none (and a warning in the log) when it cannot be asked. */
export async function providerVoices(ctx: AppContext): Promise<ProviderVoice[]> {
  const provider = ctx.engine.speechProvider;
  if (!provider) return [];
  return provider.voices().catch((error: Error) => {
    ctx.log.warn({ reason: error.message }, "the speech provider's voices could not be listed");
    return [];
  });
}

export const builtinPreviewPath = (id: string) => `/api/voices/builtin/${id}/preview`;

/** A built-in voice as the app's API lists it; `base` makes the preview's address absolute. */
export const builtinVoiceJson = (voice: BuiltinVoice, base = '') => ({
  id: voice.id,
  name: voice.name,
  language: voice.language,
  gender: voice.gender,
  accent: voice.accent ?? null,
  engine: voice.engine,
  preview_url: `${base}${builtinPreviewPath(voice.id)}`,
});

/** What a preview says, by whom: named after all of it. */
type Previewed = { id: string; engine: string; engineVoice: string; language: ContentLanguage; speaking: SpeakingVoice };

const previewFile = (voice: Previewed) =>
  `${voice.id}-${createHash('sha256')
    .update(`${voice.engine}:${voice.engineVoice}:${SAMPLE_SENTENCES[voice.language]}`)
    .digest('hex')
    .slice(0, 12)}.mp3`;

const speaking = new Map<string, Promise<void>>();

/** The preview's stored file, spoken once (concurrent first requests wait for the same synthesis). */
async function previewOf(ctx: AppContext, voice: Previewed): Promise<string> {
  const file = previewFile(voice);
  if (await ctx.assets.exists('audio_output', file)) return file;
  let pending = speaking.get(file);
  if (!pending) {
    pending = ctx.assets
      .workspace(async (folder) => {
        const speech = await ctx.engine.synthesizeSpeech(SAMPLE_SENTENCES[voice.language], voice.language, voice.speaking);
        // Made aside and stored whole, so a preview that exists is complete.
        await encodeMp3(speech.wav, join(folder, file));
        await ctx.assets.store('audio_output', file, join(folder, file));
      })
      .finally(() => speaking.delete(file));
    speaking.set(file, pending);
  }
  await pending;
  return file;
}

/** A library voice to preview: built in, or one the provider lists (in English, as it speaks any language). */
async function previewedVoice(ctx: AppContext, id: string): Promise<Previewed | null> {
  const builtin = builtinVoice(id);
  if (builtin) return { ...builtin, speaking: { builtin } };
  const engineVoice = await listedProviderVoice(ctx, id);
  if (!engineVoice) return null;
  return { id, engine: ctx.engine.speechProvider!.name, engineVoice, language: 'en', speaking: { provider: engineVoice } };
}

/** The library and its previews: the same for every team, so open to any caller (nothing in them is anyone's). */
export function voiceLibraryRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/voices/builtin',
    {
      schema: documented({
        id: 'listBuiltinVoices',
        tag: 'Voices',
        summary: 'List built-in voices',
        description: 'The voices every team can use, per language.',
        answers: {
          200: json(
            "The built-in voices, then the speech provider's.",
            v.object({
              data: v.array(LibraryVoice),
              clones_with: v.pipe(text, v.description('The provider that clones a recording into a voice model; null: made here.')),
            }),
          ),
        },
      }),
    },
    async () => {
      const provider = ctx.engine.speechProvider;
      return {
        data: [
          ...BUILTIN_VOICES.map((voice) => builtinVoiceJson(voice)),
          ...(provider ? (await providerVoices(ctx)).map((voice) => providerVoiceJson(provider, voice)) : []),
        ],
        /** Who makes a voice model from a recording: the provider that clones (`elevenlabs`), or null (made here). */
        clones_with: provider?.clone ? provider.name : null,
      };
    },
  );

  app.get(
    '/api/voices/builtin/:id/preview',
    {
      schema: {
        ...documented({
          id: 'getBuiltinVoicePreview',
          tag: 'Voices',
          summary: 'Hear a built-in voice',
          description: 'A sample of the built-in voice (MP3).',
          answers: { 200: file('A sample sentence in the voice (MP3).', 'audio/mpeg') },
        }),
        params: v.object({ id: v.pipe(v.string(), v.maxLength(64)) }),
      },
    },
    async (request, reply) => {
      const voice = await previewedVoice(ctx, request.params.id);
      if (!voice) throw errors.notFound('Voice');
      const mp3 = await ctx.assets.withLocal(
        { file: ['audio_output', await spokenForRequest(previewOf(ctx, voice))] } as const,
        ({ file }) => readFile(file),
      );
      return reply.type('audio/mpeg').header('Cache-Control', 'public, max-age=86400').send(mp3);
    },
  );
}
