// The editor's calls beyond the studio's: the team's documents (slides), a scene's still and the video of several
// scenes; with their queries (the brand kit's are the studio's, data/brand-kit.ts).
import { api, type AppSchema } from '@kagami/shared/api';
import { useQuery } from '@kagami/shared/query';
import { useTeamId } from '../../data/queries';
import type { Video } from '../../data/types';
import type { EditorVideo, SceneDraft } from './scene-model';
import { createBody } from './scene-model';

export type DocumentSummary = AppSchema<'DocumentSummary'>;
export type TeamDocument = AppSchema<'Document'>;

const team = (teamId: string) => `/api/teams/${teamId}`;

export const editorApi = {
  documents: (teamId: string) => api.get<{ data: DocumentSummary[] }>(`${team(teamId)}/documents`).then((answer) => answer.data),
  document: (teamId: string, id: string) => api.get<TeamDocument>(`${team(teamId)}/documents/${id}`),
  /** The scene composed by the API as one still (JPEG), in the video's format and the team's brand. */
  sceneStill: (teamId: string, video: EditorVideo, scene: SceneDraft, signal?: AbortSignal) =>
    api.blob(
      'POST',
      `${team(teamId)}/layout-preview`,
      {
        avatarId: scene.avatarId,
        aspectRatio: video.aspectRatio,
        background: scene.background,
        placement: scene.placement,
        elements: scene.elements,
        language: scene.language,
        brand: video.brand,
      },
      signal,
    ),
  createVideo: (teamId: string, video: EditorVideo) => api.post<Video>(`${team(teamId)}/videos`, createBody(video)),
};

export function useDocuments() {
  const teamId = useTeamId();
  return useQuery({ queryKey: ['studio', teamId, 'documents'], queryFn: () => editorApi.documents(teamId), enabled: Boolean(teamId) });
}

/** A document with its pages; asked again while its pages are still being rendered. */
export function useTeamDocument(id: string | null) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: ['studio', teamId, 'document', id],
    queryFn: () => editorApi.document(teamId, id!),
    enabled: Boolean(teamId && id),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? 1500 : false),
  });
}
