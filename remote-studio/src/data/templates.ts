// The team's templates (GET, POST /api/teams/{teamId}/templates; GET, PUT, DELETE …/templates/{id}) and the video
// made from one (POST …/templates/{id}/videos): fetchers, types, queries and mutations.
import { api, type AppSchema } from '@kagami/shared/api';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { useSessionActions } from '@kagami/shared/session';
import { studioKeys } from './keys';
import { useTeamId } from './queries';
import type { Video } from './types';

/**
 * A template of the team: its variables' names as written (`first_name`, in the order they first occur), each one's
 * default and where it occurs, and the video body it makes (camelCased like every answer; sent back as it came).
 */
export type Template = AppSchema<'Template'>;
export type TemplateVariable = Template['variableDetails'][number];

/** What a template is saved from: one of the team's videos, or a video's creation body (without its name). */
export type TemplateInput = { name: string; fromVideoId: string } | ({ name: string } & Record<string, unknown>);

/** One video of a template: its values by variable name as written (`first_name`), and optionally its name. */
export type TemplateVideoInput = { name?: string; variables: Record<string, string>; avatarId?: string; voiceId?: string };

const templatesPath = (teamId: string) => `/api/teams/${teamId}/templates`;

export const templatesApi = {
  list: (teamId: string) => api.get<{ data: Template[] }>(templatesPath(teamId)).then((answer) => answer.data),
  get: (teamId: string, id: string) => api.get<Template>(`${templatesPath(teamId)}/${id}`),
  create: (teamId: string, input: TemplateInput) => api.post<Template>(templatesPath(teamId), input),
  /** Replaces the template whole: its name and body. */
  save: (teamId: string, id: string, input: TemplateInput) => api.put<Template>(`${templatesPath(teamId)}/${id}`, input),
  remove: (teamId: string, id: string) => api.delete<Record<string, never>>(`${templatesPath(teamId)}/${id}`),
  /**
   * Starts a video of the template. The values' keys are variable names (`first_name`): snake_case already, they
   * travel as written.
   */
  makeVideo: (teamId: string, id: string, input: TemplateVideoInput) => api.post<Video>(`${templatesPath(teamId)}/${id}/videos`, input),
  /** One scene composed as a still (JPEG) by the layout preview, as the editor shows its scenes. */
  still: (teamId: string, input: Record<string, unknown>, signal?: AbortSignal) =>
    api.blob('POST', `/api/teams/${teamId}/layout-preview`, input, signal),
};

/** The template's body with a new name: what a rename (PUT) or a duplicate (POST) sends. */
export const renamed = (template: Template, name: string): TemplateInput => ({ ...template.body, name });

export function useTemplates() {
  const teamId = useTeamId();
  return useQuery({ queryKey: studioKeys.templateList(teamId), queryFn: () => templatesApi.list(teamId), enabled: Boolean(teamId) });
}

export function useTemplate(id: string) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.template(teamId, id),
    queryFn: () => templatesApi.get(teamId, id),
    enabled: Boolean(teamId && id),
  });
}

/** Saves a new template (from a video or a body); every template list and item is fetched again. */
export function useCreateTemplate() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => templatesApi.create(teamId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.templates(teamId) }),
  });
}

/** Replaces a template (a rename sends its body back with the new name). */
export function useSaveTemplate() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TemplateInput }) => templatesApi.save(teamId, id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(studioKeys.template(teamId, saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: studioKeys.templateList(teamId) });
    },
  });
}

export function useDeleteTemplate() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => templatesApi.remove(teamId, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: studioKeys.template(teamId, id) });
      return queryClient.invalidateQueries({ queryKey: studioKeys.templateList(teamId) });
    },
  });
}

/** Starts a video of the template; the video lists and the quota are fetched again. */
export function useMakeTemplateVideo(templateId: string) {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const session = useSessionActions();
  return useMutation({
    mutationFn: (input: TemplateVideoInput) => templatesApi.makeVideo(teamId, templateId, input),
    onSuccess: () => {
      void session.refreshQuota();
      return queryClient.invalidateQueries({ queryKey: studioKeys.kind(teamId, 'video') });
    },
  });
}
