// The built-in voices every team can choose (engine/speech/builtin-voices.ts), each with a short preview spoken on
// first request and kept in audio_output, named after what it holds so a changed voice gets a new preview.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { BUILTIN_VOICES, builtinVoice, type BuiltinVoice } from '../../engine/speech/builtin-voices';
import { SAMPLE_SENTENCES } from '../../engine/speech/sample-sentences';
import { errors } from '../../lib/errors';
import { encodeMp3 } from '../../media/tools';

const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));
/** A voice a video may be spoken by: a voice model of the team (its id), or a built-in voice (`builtin-…`). */
export const voiceIdField = v.union(
  [uuid, v.pipe(v.string(), v.regex(/^builtin-[a-z]{2}(-[a-z]+)?$/, 'validation.invalid'))],
  'validation.invalid',
);

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

const previewFile = (voice: BuiltinVoice) =>
  `${voice.id}-${createHash('sha256')
    .update(`${voice.engine}:${voice.engineVoice}:${SAMPLE_SENTENCES[voice.language]}`)
    .digest('hex')
    .slice(0, 12)}.mp3`;

const speaking = new Map<string, Promise<void>>();

/** The preview's file, spoken once (concurrent first requests wait for the same synthesis). */
async function previewOf(ctx: AppContext, voice: BuiltinVoice): Promise<string> {
  const file = ctx.assets.path('audio_output', previewFile(voice));
  if (existsSync(file)) return file;
  let pending = speaking.get(file);
  if (!pending) {
    pending = ctx.engine
      .synthesizeSpeech(SAMPLE_SENTENCES[voice.language], voice.language, { builtin: voice })
      // Written aside and moved into place, so a file that exists is whole.
      .then((speech) => encodeMp3(speech.wav, `${file}.part.mp3`))
      .then(() => rename(`${file}.part.mp3`, file))
      .finally(() => speaking.delete(file));
    speaking.set(file, pending);
  }
  await pending;
  return file;
}

/** The library and its previews: the same for every team, so open to any caller (nothing in them is anyone's). */
export function voiceLibraryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/voices/builtin', async () => ({ data: BUILTIN_VOICES.map((voice) => builtinVoiceJson(voice)) }));

  app.get(
    '/api/voices/builtin/:id/preview',
    { schema: { params: v.object({ id: v.pipe(v.string(), v.maxLength(64)) }) } },
    async (request, reply) => {
      const voice = builtinVoice((request.params as { id: string }).id);
      if (!voice) throw errors.notFound('Voice');
      const mp3 = await readFile(await previewOf(ctx, voice));
      return reply.type('audio/mpeg').header('Cache-Control', 'public, max-age=86400').send(mp3);
    },
  );
}
