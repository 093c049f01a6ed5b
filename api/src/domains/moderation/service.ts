// Script moderation: before anything is said (a video's render, a voice preview) its script is checked against the
// operators' list, the team's own list and, when configured, the moderation provider. A refused script is a 422
// `script_refused` naming the category, before any quota is reserved.
import { readFile, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { teams } from '../../db/schema';
import { fail } from '../../lib/errors';
import { moderationCategoryText } from '../../lib/messages';
import { requireMembership } from '../teams/membership';
import { BLOCKED_TERM_MAX_CHARS, BLOCKED_TERMS_MAX } from '@kagami/shared/validation';
import { findBlockedTerm, parseTermList } from './terms';
import { moderateWithOpenAi } from './openai';

/** The operators' list as last read, kept until its file changes. */
let opsList: { file: string; mtimeMs: number; terms: string[] } | null = null;

async function operatorsTerms(file: string | undefined): Promise<string[]> {
  if (!file) return [];
  const { mtimeMs } = await stat(file);
  if (opsList?.file !== file || opsList.mtimeMs !== mtimeMs) {
    opsList = { file, mtimeMs, terms: parseTermList(await readFile(file, 'utf8')) };
  }
  return opsList.terms;
}

const refused = (category: string) => fail(422, 'script_refused', { category }, { category: moderationCategoryText(category) });

/**
 * Refuses the script when a list or the provider says no; the provider's outage refuses too unless ops chose otherwise,
 * and then the answer is `unchecked` (the video is marked for their review).
 */
export async function checkScript(ctx: AppContext, teamId: string, script: string | null | undefined): Promise<'checked' | 'unchecked'> {
  if (!script?.trim()) return 'checked';
  const { blocklistFile, provider } = ctx.config.moderation;
  if (findBlockedTerm(script, await operatorsTerms(blocklistFile))) throw refused('blocked_term');
  if (findBlockedTerm(script, await teamBlockedTerms(ctx, teamId))) throw refused('team_blocked_term');
  if (!provider) return 'checked';
  let category: string | null;
  try {
    category = await moderateWithOpenAi(provider, script);
  } catch (error) {
    ctx.log.warn({ teamId, err: (error as Error).message }, 'the moderation provider did not answer');
    if (provider.onOutage === 'refuse') throw fail(503, 'moderation_unavailable');
    return 'unchecked';
  }
  if (category) throw refused(category);
  return 'checked';
}

async function teamBlockedTerms(ctx: AppContext, teamId: string) {
  const [team] = await ctx.db.select({ terms: teams.blockedTerms }).from(teams).where(eq(teams.id, teamId));
  return team?.terms ?? [];
}

export async function getTeamModeration(ctx: AppContext, userId: string, teamId: string) {
  await requireMembership(ctx.db, teamId, userId);
  return { blocked_terms: await teamBlockedTerms(ctx, teamId) };
}

/** The owner's new list: trimmed, each term once whatever its letter case, in the order given. */
export async function setTeamModeration(ctx: AppContext, userId: string, teamId: string, terms: string[]) {
  await requireMembership(ctx.db, teamId, userId, 'owner');
  const seen = new Set<string>();
  const kept = terms
    .map((term) => term.trim())
    .filter((term) => {
      const key = term.normalize('NFKC').toLocaleLowerCase();
      if (!term || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (kept.length > BLOCKED_TERMS_MAX) throw fail(400, 'blocked_terms_full', { max: BLOCKED_TERMS_MAX }, { max: BLOCKED_TERMS_MAX });
  if (kept.some((term) => term.length > BLOCKED_TERM_MAX_CHARS))
    throw fail(400, 'blocked_term_too_long', { max: BLOCKED_TERM_MAX_CHARS }, { max: BLOCKED_TERM_MAX_CHARS });
  await ctx.db.update(teams).set({ blockedTerms: kept }).where(eq(teams.id, teamId));
  return { blocked_terms: kept };
}
