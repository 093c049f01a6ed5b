// Consent phrases: asked for before the clip is recorded, taken by the one avatar the clip is for.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { CONSENT_PHRASE_MINUTES, type ContentLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { consentPhrases } from '../../db/schema';
import { consentPhrase, newCode } from './phrase';

/** Who reads the phrase: a member, or (userId null) whoever the team's API key records. */
export type PhraseRequester = { teamId: string; userId: string | null };

/** A new phrase naming `name` with a fresh one-time code, valid CONSENT_PHRASE_MINUTES. */
export async function issuePhrase(ctx: AppContext, requester: PhraseRequester, language: ContentLanguage, name: string) {
  const code = newCode();
  const phrase = consentPhrase(language, name, code);
  const expiresAt = new Date(Date.now() + CONSENT_PHRASE_MINUTES * 60_000);
  await ctx.db.insert(consentPhrases).values({ ...requester, language, phrase, code, expiresAt });
  return { phrase, expires_at: expiresAt.toISOString(), required: ctx.config.avatarConsent === 'video' };
}

/**
 * Takes the phrase last shown to the requester for an avatar, so it is used once (a newer phrase replaces an older);
 * null when none was asked for or it was used already. Whether it was still valid when the clip was recorded is the
 * worker's to judge, with the avatar's other consent checks.
 */
export async function takePhrase(ctx: AppContext, requester: PhraseRequester) {
  const [latest] = await ctx.db
    .select({ id: consentPhrases.id })
    .from(consentPhrases)
    .where(
      and(
        eq(consentPhrases.teamId, requester.teamId),
        requester.userId ? eq(consentPhrases.userId, requester.userId) : isNull(consentPhrases.userId),
      ),
    )
    .orderBy(desc(consentPhrases.createdAt))
    .limit(1);
  if (!latest) return null;
  const [taken] = await ctx.db
    .update(consentPhrases)
    .set({ usedAt: new Date() })
    .where(and(eq(consentPhrases.id, latest.id), isNull(consentPhrases.usedAt)))
    .returning({ id: consentPhrases.id });
  return taken?.id ?? null;
}
