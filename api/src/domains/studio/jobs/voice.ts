// The voice job: a voice model made from a recording (its profile, and a clone where a speech provider makes one),
// with a sample of it; stored, marked ready, charged and announced once.
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../app-context';
import { voices } from '../../../db/schema';
import { settle } from '../../billing/quota';
import { emitItemEvent } from '../../webhooks/item-events';

export async function voiceJob(ctx: AppContext, { voiceId }: { voiceId: string }) {
  const [voice] = await ctx.db.select().from(voices).where(eq(voices.id, voiceId));
  if (!voice || voice.status !== 'in_progress' || !voice.source) return;
  const sample = `${voiceId}.mp3`;
  const { profile, clone } = await ctx.assets.withLocal({ source: ['avatar_input', voice.source] } as const, ({ source }) =>
    ctx.assets.workspace(async (folder) => {
      const made = await ctx.engine.processVoice(source, voice.language as ContentLanguage, join(folder, sample), voice.name);
      await ctx.assets.store('audio_output', sample, join(folder, sample));
      return made;
    }),
  );
  const [updated] = await ctx.db
    .update(voices)
    .set({ status: 'ready', sample, ...profile, cloneProvider: clone?.provider ?? null, cloneVoiceId: clone?.voiceId ?? null })
    .where(and(eq(voices.id, voiceId), eq(voices.status, 'in_progress')))
    .returning({ id: voices.id });
  if (!updated) return;
  await settle(ctx.db, voiceId);
  await emitItemEvent(ctx, 'voice', voiceId, 'ready');
}
