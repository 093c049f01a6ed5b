// Script moderation's shared words: the team list's limits, and the categories a refusal names (the providers' own,
// like `hate/threatening`, are shown by their family).

/** The most terms a team's list holds, and the longest term. */
export const BLOCKED_TERMS_MAX = 200;
export const BLOCKED_TERM_MAX_CHARS = 100;

export const MODERATION_CATEGORIES = [
  'blocked_term',
  'team_blocked_term',
  'harassment',
  'hate',
  'illicit',
  'self-harm',
  'sexual',
  'violence',
  'other',
] as const;

/** The category's key in `moderationCategories` of the common catalogue. */
export function moderationCategoryKey(category: string): (typeof MODERATION_CATEGORIES)[number] {
  const family = category.split('/')[0]!;
  return (MODERATION_CATEGORIES as readonly string[]).includes(family) ? (family as (typeof MODERATION_CATEGORIES)[number]) : 'other';
}
