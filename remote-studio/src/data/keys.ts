import type { ItemKind } from './types';

/** Query keys of the studio: invalidating `kind(teamId, kind)` refreshes every list page and item of that kind. */
export const studioKeys = {
  team: (teamId: string) => ['studio', teamId] as const,
  kind: (teamId: string, kind: ItemKind) => [...studioKeys.team(teamId), kind] as const,
  list: (teamId: string, kind: ItemKind, page: number) => [...studioKeys.kind(teamId, kind), 'list', page] as const,
  item: (teamId: string, kind: ItemKind, id: string) => [...studioKeys.kind(teamId, kind), 'item', id] as const,
  /** The built-in voices: the same for every team. */
  voiceLibrary: ['studio', 'voice-library'] as const,
  pronunciations: (teamId: string) => [...studioKeys.team(teamId), 'pronunciations'] as const,
  backgrounds: (teamId: string) => [...studioKeys.team(teamId), 'backgrounds'] as const,
  brandKit: (teamId: string) => [...studioKeys.team(teamId), 'brand-kit'] as const,
  /** Every draft of the team, listed or opened. */
  videoDrafts: (teamId: string) => [...studioKeys.team(teamId), 'video-drafts'] as const,
  videoDraftList: (teamId: string) => [...studioKeys.videoDrafts(teamId), 'list'] as const,
  videoDraft: (teamId: string, id: string) => [...studioKeys.videoDrafts(teamId), 'item', id] as const,
  /** The team's templates, listed or opened. */
  templates: (teamId: string) => [...studioKeys.team(teamId), 'templates'] as const,
  templateList: (teamId: string) => [...studioKeys.templates(teamId), 'list'] as const,
  template: (teamId: string, id: string) => [...studioKeys.templates(teamId), 'item', id] as const,
  /** The team's batches, listed or opened. */
  batches: (teamId: string) => [...studioKeys.team(teamId), 'batches'] as const,
  batchList: (teamId: string) => [...studioKeys.batches(teamId), 'list'] as const,
  batch: (teamId: string, id: string) => [...studioKeys.batches(teamId), 'item', id] as const,
  share: (teamId: string, videoId: string) => [...studioKeys.team(teamId), 'share', videoId] as const,
  /** A consent phrase: asking again issues a new one-time code, so it is fetched once per screen and language. */
  consentPhrase: (teamId: string, language: string) => [...studioKeys.team(teamId), 'consent-phrase', language] as const,
  languages: (teamId: string, avatarId?: string) => [...studioKeys.team(teamId), 'languages', avatarId ?? null] as const,
};
