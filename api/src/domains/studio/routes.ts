// The app's routes for a team's avatars, voices and videos: list, create, get and delete each, the languages a video
// can be made in, and a voice preview.
import * as v from 'valibot';
import {
  CONTENT_LANGUAGES,
  contentLanguageField,
  nameField,
  SCRIPT_MAX_CHARS,
  speedField,
  uploadIdField,
  voiceIdField,
} from '@kagami/shared/validation';
import type { AppContext } from '../app-context';
import { currentUser, signedIn } from '../auth/guard';
import type { SessionUser } from '../auth/sessions';
import * as studio from './service';
import { createVideo, VIDEO_REFUSALS } from './video-creation';
import { pageNumberQuery, type Page } from '../../routing/pages';
import { deleted, documented, file, json, pageOf, type AppOperation } from '../../routing/operations';
import { Avatar, Video, Voice } from './answers';
import { AVATAR_OF_VIDEO, avatarOrScenes, videoBodyEntries } from './video-body';
import { teamItemParams, teamParams, uuid } from '../../routing/params';
const pageQuery = pageNumberQuery(12);

/** Avatars, voices and videos of a team: every route checks that the caller belongs to it. */
export const studioRoutes = signedIn((app, ctx) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).user;

  /** A kind of the team's work: list it, start making one from `body`, get one. */
  const resourceRoutes = <Body extends v.GenericSchema>(resource: {
    path: string;
    operations: Record<'list' | 'create' | 'get', AppOperation>;
    body: Body;
    create: (ctx: AppContext, user: SessionUser, teamId: string, input: v.InferOutput<Body>) => Promise<unknown>;
    list: (ctx: AppContext, userId: string, teamId: string, page: Page) => Promise<unknown>;
    get: (ctx: AppContext, userId: string, teamId: string, id: string) => Promise<unknown>;
  }) => {
    app.get(
      `/api/teams/:teamId/${resource.path}`,
      { schema: { ...documented(resource.operations.list), params: teamParams, querystring: pageQuery } },
      async (request) => resource.list(ctx, me(request).id, request.params.teamId, request.query),
    );
    app.post(
      `/api/teams/:teamId/${resource.path}`,
      { schema: { ...documented(resource.operations.create), params: teamParams, body: resource.body } },
      async (request, reply) => {
        reply.status(202);
        return resource.create(ctx, me(request), request.params.teamId, request.body);
      },
    );
    app.get(
      `/api/teams/:teamId/${resource.path}/:id`,
      { schema: { ...documented(resource.operations.get), params: teamItemParams } },
      async (request) => resource.get(ctx, me(request).id, request.params.teamId, request.params.id),
    );
  };

  resourceRoutes({
    path: 'avatars',
    operations: {
      list: {
        id: 'listTeamAvatars',
        tag: 'Avatars',
        summary: 'List avatars',
        description: "The team's avatars, newest first.",
        answers: { 200: json('A page of avatars, newest first.', pageOf(Avatar)) },
      },
      create: {
        id: 'createTeamAvatar',
        tag: 'Avatars',
        summary: 'Create an avatar',
        description: 'Starts making an avatar from a finished upload and the consent of the person filmed.',
        answers: { 202: json('Accepted: the avatar is being made.', Avatar) },
        refusals: {
          400: ['consent_required', 'upload_not_ready', 'unsupported_video_format'],
          402: ['quota_exceeded'],
          422: ['consent_required'],
          503: ['capacity_exhausted'],
        },
      },
      get: {
        id: 'getTeamAvatar',
        tag: 'Avatars',
        summary: 'Get an avatar',
        description: 'One avatar, with its processing stage while in progress.',
        answers: { 200: json('The avatar.', Avatar) },
      },
    } satisfies Record<string, AppOperation>,
    body: v.object({
      name: nameField,
      language: contentLanguageField,
      upload_id: uploadIdField,
      consent_text: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(2000)),
      consent_upload_id: v.optional(uploadIdField),
    }),
    create: studio.createAvatar,
    list: studio.listAvatars,
    get: studio.getAvatar,
  });
  resourceRoutes({
    path: 'voices',
    operations: {
      list: {
        id: 'listTeamVoices',
        tag: 'Voices',
        summary: 'List voice models',
        description: "The team's voice models, newest first.",
        answers: { 200: json('A page of voice models, newest first.', pageOf(Voice)) },
      },
      create: {
        id: 'createTeamVoice',
        tag: 'Voices',
        summary: 'Create a voice model',
        description: 'Starts making a voice model from a finished upload of a recording.',
        answers: { 202: json('Accepted: the voice model is being made.', Voice) },
        refusals: { 400: ['upload_not_ready'], 402: ['quota_exceeded'], 503: ['capacity_exhausted'] },
      },
      get: {
        id: 'getTeamVoice',
        tag: 'Voices',
        summary: 'Get a voice model',
        description: 'One voice model and its sample.',
        answers: { 200: json('The voice model.', Voice) },
      },
    } satisfies Record<string, AppOperation>,
    body: v.object({ name: nameField, language: contentLanguageField, upload_id: uploadIdField }),
    create: studio.createVoice,
    list: studio.listVoices,
    get: studio.getVoice,
  });
  resourceRoutes({
    path: 'videos',
    operations: {
      list: {
        id: 'listTeamVideos',
        tag: 'Videos',
        summary: 'List videos',
        description: "The team's videos, newest first, a page at a time.",
        answers: { 200: json('A page of videos, newest first.', pageOf(Video)) },
      },
      create: {
        id: 'createTeamVideo',
        tag: 'Videos',
        summary: 'Create a video',
        description: 'Starts rendering a talking video of a ready avatar from a script or uploaded audio.',
        answers: { 202: json('Accepted: the video is being made.', Video) },
        refusals: VIDEO_REFUSALS,
      },
      get: {
        id: 'getTeamVideo',
        tag: 'Videos',
        summary: 'Get a video',
        description: 'One video, with its progress while rendering and its links once ready.',
        answers: { 200: json('The video.', Video) },
      },
    } satisfies Record<string, AppOperation>,
    body: v.pipe(
      v.object({ name: nameField, avatar_id: v.optional(v.pipe(uuid, v.description(AVATAR_OF_VIDEO))), ...videoBodyEntries }),
      v.forward(v.partialCheck([['avatar_id'], ['scenes']], avatarOrScenes, 'validation.required'), ['avatar_id']),
    ),
    create: createVideo,
    list: studio.listVideos,
    get: studio.getVideo,
  });

  app.get(
    '/api/teams/:teamId/languages',
    {
      schema: {
        ...documented({
          id: 'listLanguages',
          tag: 'Videos',
          summary: 'List languages',
          description: 'The languages a video can be made in, for an avatar when one is named.',
          answers: {
            200: json('The languages a video can be made in.', v.object({ languages: v.array(v.picklist(CONTENT_LANGUAGES)) })),
          },
        }),
        params: teamParams,
        querystring: v.object({ avatar_id: v.optional(uuid) }),
      },
    },
    async (request) => studio.languagesFor(ctx, me(request).id, request.params.teamId, request.query.avatar_id),
  );

  app.post(
    '/api/teams/:teamId/voice-preview',
    {
      schema: {
        ...documented({
          id: 'previewVoice',
          tag: 'Voices',
          summary: 'Hear a voice',
          description: 'A short text spoken by a voice, with the team’s pronunciations, as audio.',
          answers: { 200: file('The text spoken (WAV).', 'audio/wav') },
          refusals: {
            400: ['text_too_long', 'voice_language_mismatch'],
            409: ['voice_not_ready'],
            422: ['script_refused'],
            503: ['speech_provider_unavailable', 'moderation_unavailable'],
          },
        }),
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
      const wav = await studio.previewVoice(ctx, me(request).id, request.params.teamId, request.body);
      return reply.type('audio/wav').header('Cache-Control', 'no-store').send(wav);
    },
  );

  app.delete(
    '/api/teams/:teamId/avatars/:id',
    {
      schema: {
        ...documented({
          id: 'deleteTeamAvatar',
          tag: 'Avatars',
          summary: 'Delete an avatar',
          description: 'Deletes the avatar, its files and its own voice.',
          answers: deleted,
        }),
        params: teamItemParams,
        querystring: v.object({ with_default_voice: v.optional(v.picklist(['true', 'false']), 'false') }),
      },
    },
    async (request, reply) => {
      const { with_default_voice } = request.query;
      await studio.deleteAvatar(ctx, me(request).id, request.params.teamId, request.params.id, with_default_voice === 'true');
      return reply.status(204).send();
    },
  );
  app.delete(
    '/api/teams/:teamId/voices/:id',
    {
      schema: {
        ...documented({
          id: 'deleteTeamVoice',
          tag: 'Voices',
          summary: 'Delete a voice model',
          description: 'Deletes the voice model and its files.',
          answers: deleted,
          refusals: { 503: ['speech_provider_unavailable'] },
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await studio.deleteVoice(ctx, me(request).id, request.params.teamId, request.params.id);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/api/teams/:teamId/videos/:id',
    {
      schema: {
        ...documented({
          id: 'deleteTeamVideo',
          tag: 'Videos',
          summary: 'Delete a video',
          description: 'Deletes the video and its files.',
          answers: deleted,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await studio.deleteVideo(ctx, me(request).id, request.params.teamId, request.params.id);
      return reply.status(204).send();
    },
  );
});
