// The avatar job: the consent clip checked first (when the avatar needs one), then the face made from the footage or
// photo with its progress shown, and a first voice from the footage's speech; stored, marked ready, charged and
// announced once.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../app-context';
import { avatars, voices } from '../../../db/schema';
import { SAMPLE_SENTENCES } from '../../../engine';
import { settle } from '../../billing/quota';
import { verifyConsent } from '../../consent/verify';
import { emitItemEvent } from '../../webhooks/item-events';
import { avatarProgressWriter } from '../avatar-progress';
import { notify } from './outcomes';

export async function avatarJob(ctx: AppContext, { avatarId }: { avatarId: string }) {
  const [avatar] = await ctx.db.select().from(avatars).where(eq(avatars.id, avatarId));
  if (!avatar || avatar.status !== 'in_progress') return;
  const names = {
    preview: `${avatarId}.jpg`,
    clip: `${avatarId}.mp4`,
    loop: `${avatarId}-loop.mp4`,
    mouth: `${avatarId}-face.bin`,
    matte: `${avatarId}-matte.mp4`,
  };
  const voiceId = crypto.randomUUID();
  const progress = avatarProgressWriter(ctx, avatarId, avatar.sourceKind);
  if (avatar.consentMethod === 'video') {
    // The clip is checked first: no face of a person who did not agree is processed any further.
    progress.report('finding_face', 0);
    try {
      await verifyConsent(ctx, avatar);
    } catch (error) {
      await progress.stop();
      throw error;
    }
  }
  const made = await ctx.assets
    .withLocal({ source: ['avatar_input', avatar.source] } as const, ({ source }) =>
      ctx.assets.workspace(async (folder) => {
        const outputs = {
          preview: join(folder, names.preview),
          clip: join(folder, names.clip),
          loop: join(folder, names.loop),
          mouth: join(folder, names.mouth),
          matte: join(folder, names.matte),
        };
        const result = await ctx.engine.processAvatar({ file: source, kind: avatar.sourceKind }, outputs, (stage, fraction) =>
          progress.report(stage, fraction),
        );
        let sample: string | null = null;
        if (result.defaultVoice) {
          sample = `${voiceId}.wav`;
          const speech = await ctx.engine.synthesizeSpeech(
            SAMPLE_SENTENCES[avatar.language as ContentLanguage],
            avatar.language as ContentLanguage,
            {
              profile: result.defaultVoice,
            },
          );
          await writeFile(join(folder, sample), speech.wav);
          await ctx.assets.store('audio_output', sample, join(folder, sample));
        }
        // What the engine made is stored; a file it did not make is named nowhere (a render makes a missing matte).
        const files: Record<keyof typeof names, string | null> = { ...names };
        for (const kind of Object.keys(names) as (keyof typeof names)[]) {
          if ((kind === 'mouth' && !result.mouth) || !existsSync(outputs[kind])) files[kind] = null;
          else await ctx.assets.store('avatar_output', names[kind], outputs[kind]);
        }
        return { result, sample, files };
      }),
    )
    .finally(() => progress.stop());
  const { result, sample, files } = made;
  const finished = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(avatars)
      .set({ status: 'ready', stage: null, progress: 100, gender: result.gender, ...files })
      .where(and(eq(avatars.id, avatarId), eq(avatars.status, 'in_progress')))
      .returning();
    if (!updated) return false;
    if (result.defaultVoice) {
      const profile = result.defaultVoice;
      await tx.insert(voices).values({
        id: voiceId,
        teamId: avatar.teamId,
        createdBy: avatar.createdBy,
        name: avatar.name,
        language: avatar.language,
        status: 'ready',
        sample,
        ...profile,
      });
      await tx.update(avatars).set({ defaultVoiceId: voiceId }).where(eq(avatars.id, avatarId));
    }
    return true;
  });
  if (!finished) return;
  await settle(ctx.db, avatarId);
  await emitItemEvent(ctx, 'avatar', avatarId, 'ready');
  await notify(ctx, avatar.createdBy, 'avatar', avatar.name, true);
}
