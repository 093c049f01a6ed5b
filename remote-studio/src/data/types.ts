import type { ContentLanguage } from '@kagami/shared/validation';

/** SPEC §4: every avatar, voice and video is in progress, failed (with a reason) or ready. */
export type ItemStatus = 'in_progress' | 'failed' | 'ready';
export type ItemKind = 'avatar' | 'voice' | 'video';

type Item = {
  id: string;
  name: string;
  language: ContentLanguage;
  status: ItemStatus;
  reason: string | null;
  createdBy: string;
  createdAt: string;
};

export type Avatar = Item & {
  /** An asset path (`/assets/data/...`), resolved to a signed URL before use. */
  preview: string | null;
  defaultVoiceId: string | null;
  consent: { text: string | null; givenBy: string | null; givenAt: string | null };
};

export type Voice = Item & { sample: string | null };

export type Video = Item & {
  avatarId: string | null;
  voiceId: string | null;
  creator: string | null;
  durationSeconds: number | null;
  subtitles: boolean;
  downloadable: boolean;
  download: string | null;
};

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

/** A change pushed by GET /api/teams/{teamId}/events. */
export type StatusEvent = { kind: ItemKind; id: string; status: ItemStatus; reason: string | null };
