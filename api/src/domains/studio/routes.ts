import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { contentLanguageField, nameField, SCRIPT_MAX_CHARS, scriptField, speedField, videoLookEntries } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { currentUser, requireUser } from '../auth/guard';
import * as studio from './service';
import { voiceIdField } from './voice-library';
import { pageNumberQuery, type Page } from '../../routing/pages';

const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));
const teamParams = v.object({ teamId: uuid });
const itemParams = v.object({ teamId: uuid, id: uuid });
const pageQuery = pageNumberQuery(12);
const uploadId = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(64));

/** Avatars, voices and videos of a team: every route checks that the caller belongs to it. */
export function studioRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = { preHandler: requireUser(ctx) };
  const ids = (request: { params: unknown }) => request.params as { teamId: string; id: string };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).user;

  const resources = [
    {
      path: 'avatars',
      body: v.object({
        name: nameField,
        language: contentLanguageField,
        upload_id: uploadId,
        consent_text: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(2000)),
        consent_upload_id: v.optional(uploadId),
      }),
      create: studio.createAvatar,
      list: studio.listAvatars,
      get: studio.getAvatar,
    },
    {
      path: 'voices',
      body: v.object({ name: nameField, language: contentLanguageField, upload_id: uploadId }),
      create: studio.createVoice,
      list: studio.listVoices,
      get: studio.getVoice,
    },
    {
      path: 'videos',
      body: v.object({
        name: nameField,
        avatar_id: uuid,
        language: contentLanguageField,
        script: v.optional(scriptField),
        audio_upload_id: v.optional(uploadId),
        voice_id: v.optional(voiceIdField),
        subtitles: v.optional(v.boolean('validation.invalid'), false),
        speed: v.optional(speedField, 1),
        ...videoLookEntries,
      }),
      create: studio.createVideo,
      list: studio.listVideos,
      get: studio.getVideo,
    },
  ] as const;

  for (const resource of resources) {
    app.get(`/api/teams/:teamId/${resource.path}`, { ...auth, schema: { params: teamParams, querystring: pageQuery } }, async (request) =>
      resource.list(ctx, me(request).id, ids(request).teamId, request.query as Page),
    );
    app.post(
      `/api/teams/:teamId/${resource.path}`,
      { ...auth, schema: { params: teamParams, body: resource.body } },
      async (request, reply) => {
        reply.status(202);
        return resource.create(ctx, me(request), ids(request).teamId, request.body as never);
      },
    );
    app.get(`/api/teams/:teamId/${resource.path}/:id`, { ...auth, schema: { params: itemParams } }, async (request) =>
      resource.get(ctx, me(request).id, ids(request).teamId, ids(request).id),
    );
  }

  app.get(
    '/api/teams/:teamId/languages',
    { ...auth, schema: { params: teamParams, querystring: v.object({ avatar_id: v.optional(uuid) }) } },
    async (request) => studio.languagesFor(ctx, me(request).id, ids(request).teamId, (request.query as { avatar_id?: string }).avatar_id),
  );

  app.post(
    '/api/teams/:teamId/voice-preview',
    {
      ...auth,
      schema: {
        params: teamParams,
        body: v.object({
          voice_id: v.optional(voiceIdField),
          subtitles: v.optional(v.boolean('validation.invalid'), false),
          speed: v.optional(speedField, 1),
          avatar_id: v.optional(uuid),
          language: contentLanguageField,
          text: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(SCRIPT_MAX_CHARS)),
        }),
      },
    },
    async (request, reply) => {
      const wav = await studio.previewVoice(ctx, me(request).id, ids(request).teamId, request.body as never);
      return reply.type('audio/wav').header('Cache-Control', 'no-store').send(wav);
    },
  );

  app.delete(
    '/api/teams/:teamId/avatars/:id',
    {
      ...auth,
      schema: { params: itemParams, querystring: v.object({ with_default_voice: v.optional(v.picklist(['true', 'false']), 'false') }) },
    },
    async (request, reply) => {
      const { with_default_voice } = request.query as { with_default_voice: 'true' | 'false' };
      await studio.deleteAvatar(ctx, me(request).id, ids(request).teamId, ids(request).id, with_default_voice === 'true');
      return reply.status(204).send();
    },
  );
  app.delete('/api/teams/:teamId/voices/:id', { ...auth, schema: { params: itemParams } }, async (request, reply) => {
    await studio.deleteVoice(ctx, me(request).id, ids(request).teamId, ids(request).id);
    return reply.status(204).send();
  });
  app.delete('/api/teams/:teamId/videos/:id', { ...auth, schema: { params: itemParams } }, async (request, reply) => {
    await studio.deleteVideo(ctx, me(request).id, ids(request).teamId, ids(request).id);
    return reply.status(204).send();
  });
}
