// The app's routes for templates and batches: any member of the team saves, lists, renames and deletes its templates,
// makes a video of one, and starts, follows, cancels and retries batches (and downloads their results).
import * as v from 'valibot';
import { nameField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { currentUser, memberTeamOf, type TeamRequest, signedIn } from '../auth/guard';
import { deleted, documented, file, json } from '../../routing/operations';
import { teamItemParams, teamParams } from '../../routing/params';
import { Video } from '../studio/answers';
import { videoJson } from '../studio/serialize';
import { VIDEO_REFUSALS } from '../studio/video-creation';
import { signedUrl } from '../public-api/serialize';
import { shareUrlOf } from '../shares/routes';
import type { Creator } from '../studio/service';
import {
  Batch,
  BatchBody,
  BatchCheck,
  batchJson,
  sendBatchResults,
  cancelBatch,
  listBatches,
  BatchSummary,
  retryBatch,
  startBatch,
  teamBatch,
} from './batches';
import {
  createTemplate,
  createTemplateVideo,
  deleteTemplate,
  listTemplates,
  saveTemplate,
  Template,
  TemplateCreateBody,
  teamTemplate,
  templateJson,
  templateVideoEntries,
} from './templates';

export const TEMPLATE_REFUSALS = { 404: ['not_found'], 422: ['template_audio_unsupported'] };
const TEMPLATE_VIDEO_REFUSALS = {
  ...VIDEO_REFUSALS,
  422: ['template_variable_missing', 'template_variable_unknown', ...VIDEO_REFUSALS[422]],
};

const TemplateVideoBody = v.object({ name: v.optional(nameField), ...templateVideoEntries });
const ResultsQuery = v.object({
  share: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.description('`true`: each ready video gets a public share page (if it has none) and its link is in the CSV.'),
    ),
  ),
});

export const templateRoutes = signedIn((app, ctx: AppContext) => {
  const member = (request: TeamRequest) => memberTeamOf(ctx, request);
  const creatorOf = (request: TeamRequest): Creator => {
    const { user } = currentUser(request);
    return { userId: user.id, name: user.name, source: 'app' };
  };
  const tag = 'Templates' as const;

  app.get(
    '/api/teams/:teamId/templates',
    {
      schema: {
        ...documented({
          id: 'listTeamTemplates',
          tag,
          summary: 'List templates',
          description: "The team's templates, newest first, each with its variables.",
          answers: { 200: json("The team's templates.", v.object({ data: v.array(Template) })) },
        }),
        params: teamParams,
      },
    },
    async (request) => listTemplates(ctx, await member(request)),
  );
  app.post(
    '/api/teams/:teamId/templates',
    {
      schema: {
        ...documented({
          id: 'createTeamTemplate',
          tag,
          summary: 'Save a template',
          description:
            'Saves a video body (its scripts and text elements may hold `{{variable}}` or `{{variable|default}}`), or one of the team’s videos (`from_video_id`), as a template of the team.',
          answers: { 201: json('The template, with its variables.', Template) },
          refusals: TEMPLATE_REFUSALS,
        }),
        params: teamParams,
        body: TemplateCreateBody,
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      reply.status(201);
      return createTemplate(ctx, teamId, currentUser(request).user.id, request.body);
    },
  );
  app.get(
    '/api/teams/:teamId/templates/:id',
    {
      schema: {
        ...documented({
          id: 'getTeamTemplate',
          tag,
          summary: 'Get a template',
          description: 'The template with its body and variables.',
          answers: { 200: json('The template.', Template) },
        }),
        params: teamItemParams,
      },
    },
    async (request) => templateJson(await teamTemplate(ctx, await member(request), request.params.id)),
  );
  app.put(
    '/api/teams/:teamId/templates/:id',
    {
      schema: {
        ...documented({
          id: 'saveTeamTemplate',
          tag,
          summary: 'Replace a template',
          description: 'Replaces the template whole: its name and its body (to rename it, send its body back with the new name).',
          answers: { 200: json('The template, as saved.', Template) },
          refusals: TEMPLATE_REFUSALS,
        }),
        params: teamItemParams,
        body: TemplateCreateBody,
      },
    },
    async (request) => saveTemplate(ctx, await member(request), request.params.id, request.body),
  );
  app.delete(
    '/api/teams/:teamId/templates/:id',
    {
      schema: {
        ...documented({
          id: 'deleteTeamTemplate',
          tag,
          summary: 'Delete a template',
          description: 'Deletes the template; the videos and batches made from it stay.',
          answers: deleted,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await deleteTemplate(ctx, await member(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/teams/:teamId/templates/:id/videos',
    {
      schema: {
        ...documented({
          id: 'createTeamTemplateVideo',
          tag,
          summary: 'Make a video from a template',
          description:
            'Fills the template in with `variables` (and the avatar, voice or backgrounds chosen) and starts the video, which records the template and values.',
          answers: { 202: json('Accepted: the video is being made.', Video) },
          refusals: TEMPLATE_VIDEO_REFUSALS,
        }),
        params: teamItemParams,
        body: TemplateVideoBody,
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      const template = await teamTemplate(ctx, teamId, request.params.id);
      const video = await createTemplateVideo(ctx, creatorOf(request), teamId, template, request.body);
      reply.status(202);
      return videoJson({ ...video, creatorName: currentUser(request).user.name });
    },
  );
  app.post(
    '/api/teams/:teamId/templates/:id/batches',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        ...documented({
          id: 'createTeamBatch',
          tag,
          summary: 'Start a batch',
          description:
            'A video of the template per row (`rows`, or `csv` with its `columns` mapped). Every row is checked first: with `dry_run` the check is the answer (problems by row and column, the estimated seconds against those left; nothing starts or is charged); otherwise any invalid row refuses the batch whole (422 `batch_rows_invalid`, `rows` naming each problem). A started batch makes as many videos at once as the plan allows, each reserved as it starts.',
          answers: {
            200: json('The check of a `dry_run`.', BatchCheck),
            202: json('Accepted: the batch is started.', Batch),
          },
          refusals: { 404: ['not_found'], 422: ['batch_rows_invalid', 'upload_not_ready'] },
        }),
        params: teamItemParams,
        body: BatchBody,
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      const started = await startBatch(ctx, creatorOf(request), teamId, request.params.id, request.body);
      if ('checked' in started) return started.checked;
      reply.status(202);
      return started.batch;
    },
  );
  app.get(
    '/api/teams/:teamId/batches',
    {
      schema: {
        ...documented({
          id: 'listTeamBatches',
          tag,
          summary: 'List batches',
          description: "The team's batches, newest first, with their counts.",
          answers: { 200: json("The team's batches.", v.object({ data: v.array(BatchSummary) })) },
        }),
        params: teamParams,
      },
    },
    async (request) => listBatches(ctx, await member(request)),
  );
  app.get(
    '/api/teams/:teamId/batches/:id',
    {
      schema: {
        ...documented({
          id: 'getTeamBatch',
          tag,
          summary: 'Get a batch',
          description: 'The batch with its counts and its rows in row order (each with its video once started).',
          answers: { 200: json('The batch.', Batch) },
        }),
        params: teamItemParams,
      },
    },
    async (request) => batchJson(ctx, await teamBatch(ctx, await member(request), request.params.id)),
  );
  for (const [verb, act, summary, description, refusal] of [
    [
      'cancel',
      cancelBatch,
      'Cancel a batch',
      'Rows not started are cancelled (never started, never charged); those rendering finish.',
      'batch_not_in_progress',
    ],
    ['retry', retryBatch, 'Retry failed rows', 'Makes the failed rows again, each charged as it starts.', 'batch_nothing_to_retry'],
  ] as const) {
    app.post(
      `/api/teams/:teamId/batches/:id/${verb}`,
      {
        schema: {
          ...documented({
            id: `${verb}TeamBatch`,
            tag,
            summary,
            description,
            answers: { 200: json('The batch.', Batch) },
            refusals: { 409: [refusal] },
          }),
          params: teamItemParams,
        },
      },
      async (request) => act(ctx, await member(request), request.params.id),
    );
  }
  app.get(
    '/api/teams/:teamId/batches/:id/results.csv',
    {
      schema: {
        ...documented({
          id: 'exportTeamBatchResults',
          tag,
          summary: 'Download a batch’s results',
          description:
            'A line per row: row, title, video id, status, reason, share link (with `share=true`) and download link (signed, valid for a few minutes).',
          answers: { 200: file('The results, as CSV.', 'text/csv') },
        }),
        params: teamItemParams,
        querystring: ResultsQuery,
      },
    },
    async (request, reply) => {
      const teamId = await member(request);
      const batch = await teamBatch(ctx, teamId, request.params.id);
      const userId = currentUser(request).user.id;
      return sendBatchResults(ctx, reply, batch, async (video) => ({
        share: request.query.share === 'true' ? await shareUrlOf(ctx, video.id, userId) : null,
        download: signedUrl(ctx, ctx.config.publicApiUrl, 'video_output', video.output),
      }));
    },
  );
});
