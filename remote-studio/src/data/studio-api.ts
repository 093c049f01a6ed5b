import { api } from '@kagami/shared/api';
import type {
  AspectRatio,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  ContentLanguage,
  PlacementPosition,
  Resolution,
  UploadPurpose,
} from '@kagami/shared/validation';
import type { Avatar, Background, ConsentPhrase, Page, Pronunciation, Share, Video, VoiceLibraryAnswer, Voice } from './types';
import type { VideoDraft, VideoDraftSummary } from './types';

/** How a new video looks, as the create call and the layout preview take it. */
export type LookInput = {
  aspectRatio: AspectRatio;
  resolution: Resolution;
  background: { type: 'color'; value: string } | { type: 'image' | 'video'; uploadId: string } | null;
  placement: { position: PlacementPosition; scale: number };
  captions: { burnIn: boolean; style: CaptionLook };
};
/** Burned-in captions: their size, place, text colour, and the box behind the words (null: an outline instead). */
export type CaptionLook = {
  size: (typeof CAPTION_SIZES)[number];
  position: (typeof CAPTION_POSITIONS)[number];
  color: string;
  boxColor: string | null;
};

/** What a draft is saved as: its name and the editor's state. */
export type VideoDraftInput = { name: string; body: Record<string, unknown> };

export const PAGE_SIZE = 12;
/** The most a picker offers (the API's page size limit). */
export const PICKER_SIZE = 100;

const team = (teamId: string) => `/api/teams/${teamId}`;

/** The studio's calls (designed by the API issue; SPEC §7 shows them as "not shown"). */
export const studioApi = {
  avatars: (teamId: string, page: number, pageSize = PAGE_SIZE) => api.get<Page<Avatar>>(`${team(teamId)}/avatars`, { page, pageSize }),
  avatar: (teamId: string, id: string) => api.get<Avatar>(`${team(teamId)}/avatars/${id}`),
  createAvatar: (
    teamId: string,
    input: { name: string; language: ContentLanguage; uploadId: string; consentText: string; consentUploadId?: string },
  ) => api.post<Avatar>(`${team(teamId)}/avatars`, input),
  /** The phrase the consent clip reads (a new one-time code each time), and whether this Kagami asks for the clip. */
  consentPhrase: (teamId: string, language: ContentLanguage) =>
    api.get<ConsentPhrase>(`${team(teamId)}/avatars/consent-phrase`, { language }),
  deleteAvatar: (teamId: string, id: string, withDefaultVoice: boolean) =>
    api.delete<Record<string, never>>(`${team(teamId)}/avatars/${id}?with_default_voice=${withDefaultVoice}`),

  voices: (teamId: string, page: number, pageSize = PAGE_SIZE) => api.get<Page<Voice>>(`${team(teamId)}/voices`, { page, pageSize }),
  voice: (teamId: string, id: string) => api.get<Voice>(`${team(teamId)}/voices/${id}`),
  createVoice: (teamId: string, input: { name: string; language: ContentLanguage; uploadId: string }) =>
    api.post<Voice>(`${team(teamId)}/voices`, input),
  deleteVoice: (teamId: string, id: string) => api.delete<Record<string, never>>(`${team(teamId)}/voices/${id}`),

  /** The built-in voices (GET /api/voices/builtin), every language's. */
  /** The team's pronunciation list: how its videos say a word. */
  pronunciations: (teamId: string) =>
    api.get<{ data: Pronunciation[] }>(`${team(teamId)}/pronunciations`).then((answer) => answer.data),
  savePronunciation: (teamId: string, input: { word: string; sayAs: string }) =>
    api.post<Pronunciation>(`${team(teamId)}/pronunciations`, input),
  deletePronunciation: (teamId: string, id: string) => api.delete<Record<string, never>>(`${team(teamId)}/pronunciations/${id}`),

  voiceLibrary: () => api.get<VoiceLibraryAnswer>('/api/voices/builtin'),

  videos: (teamId: string, page: number) => api.get<Page<Video>>(`${team(teamId)}/videos`, { page, pageSize: PAGE_SIZE }),
  video: (teamId: string, id: string) => api.get<Video>(`${team(teamId)}/videos/${id}`),
  createVideo: (
    teamId: string,
    input: {
      name: string;
      avatarId: string;
      language: ContentLanguage;
      script?: string;
      audioUploadId?: string;
      voiceId?: string;
      subtitles: boolean;
      speed?: number;
    } & LookInput,
  ) => api.post<Video>(`${team(teamId)}/videos`, input),
  /** The layout before rendering: one frame composed from the avatar's preview and the chosen look (JPEG). */
  layoutPreview: (teamId: string, input: { avatarId: string } & LookInput, signal?: AbortSignal) =>
    api.blob('POST', `${team(teamId)}/layout-preview`, input, signal),
  share: (teamId: string, videoId: string) => api.get<Share>(`${team(teamId)}/videos/${videoId}/share`),
  setShare: (teamId: string, videoId: string, allowDownload: boolean) =>
    api.put<Share>(`${team(teamId)}/videos/${videoId}/share`, { allowDownload }),
  unshare: (teamId: string, videoId: string) => api.delete<Record<string, never>>(`${team(teamId)}/videos/${videoId}/share`),
  backgrounds: (teamId: string) => api.get<{ data: Background[] }>(`${team(teamId)}/backgrounds`).then((answer) => answer.data),
  addBackground: (teamId: string, uploadId: string) => api.post<Background>(`${team(teamId)}/backgrounds`, { uploadId }),
  deleteBackground: (teamId: string, id: string) => api.delete<Record<string, never>>(`${team(teamId)}/backgrounds/${id}`),
  /** The video editor's drafts: its whole state (an object of at most 256 KB; 100 drafts a team) saved under a name. */
  videoDrafts: (teamId: string) =>
    api.get<{ data: VideoDraftSummary[] }>(`${team(teamId)}/video-drafts`).then((answer) => answer.data),
  videoDraft: (teamId: string, id: string) => api.get<VideoDraft>(`${team(teamId)}/video-drafts/${id}`),
  createVideoDraft: (teamId: string, input: VideoDraftInput) => api.post<VideoDraft>(`${team(teamId)}/video-drafts`, input),
  saveVideoDraft: (teamId: string, id: string, input: VideoDraftInput) =>
    api.put<VideoDraft>(`${team(teamId)}/video-drafts/${id}`, input),
  deleteVideoDraft: (teamId: string, id: string) => api.delete<Record<string, never>>(`${team(teamId)}/video-drafts/${id}`),
  /** Whether the plan has room for an upload of this size and length, asked before its first byte (a 4xx says why not). */
  checkUpload: (teamId: string, input: { purpose: UploadPurpose; sizeBytes: number; durationSeconds?: number }) =>
    api.post<{ allowed: true }>(`${team(teamId)}/uploads/check`, input),
  deleteVideo: (teamId: string, id: string) => api.delete<Record<string, never>>(`${team(teamId)}/videos/${id}`),

  languages: (teamId: string, avatarId?: string) => api.get<{ languages: ContentLanguage[] }>(`${team(teamId)}/languages`, { avatarId }),
  /** A short utterance in the chosen voice (or the avatar's default voice), as WAV. */
  voicePreview: (
    teamId: string,
    input: { voiceId?: string; avatarId?: string; language: ContentLanguage; text: string; speed?: number },
    signal?: AbortSignal,
  ) => api.blob('POST', `${team(teamId)}/voice-preview`, input, signal),
};
