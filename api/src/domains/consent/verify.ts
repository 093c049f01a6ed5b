// The worker's check of an avatar's consent clip, before the avatar is made.
import { eq } from 'drizzle-orm';
import type { ContentLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars, consentPhrases } from '../../db/schema';
import { checkConsentClip, EngineFailure, pocketSphinx, type Recogniser } from '../../engine';
import { ENGLISH_PHRASE_WORDS } from './phrase';

/**
 * Refuses the avatar (an EngineFailure with its reason) unless its clip was recorded while its phrase was valid and shows
 * the person of the footage or photo, live, reading the code; marks it for an operator's review when the phrase could
 * not be heard here (a language other than English, or no recogniser installed).
 */
export async function verifyConsent(ctx: AppContext, avatar: typeof avatars.$inferSelect, recogniser: Recogniser = pocketSphinx) {
  const [phrase] = avatar.consentPhraseId
    ? await ctx.db.select().from(consentPhrases).where(eq(consentPhrases.id, avatar.consentPhraseId))
    : [];
  if (!phrase || !avatar.consentClip || !avatar.consentRecordedAt || avatar.consentRecordedAt > phrase.expiresAt) {
    throw new EngineFailure('consent_phrase_expired');
  }
  const files = { clip: ['avatar_input', avatar.consentClip], reference: ['avatar_input', avatar.source] } as const;
  const verdict = await ctx.assets.withLocal(files, ({ clip, reference }) =>
    checkConsentClip(
      {
        clip,
        reference: { file: reference, kind: avatar.sourceKind },
        language: phrase.language as ContentLanguage,
        code: phrase.code,
        phraseWords: ENGLISH_PHRASE_WORDS,
      },
      recogniser,
    ),
  );
  if (!verdict.ok) throw new EngineFailure(verdict.reason, `consent clip refused: ${verdict.detail}`);
  if (verdict.review) await ctx.db.update(avatars).set({ consentReview: verdict.review }).where(eq(avatars.id, avatar.id));
}
