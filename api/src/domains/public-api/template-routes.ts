// The public API's templates and batches (/api/v1/templates, /api/v1/batches): the same as the app's
// (domains/templates), behind the team's key, in cursor pages, every creation with an Idempotency-Key; videos
// and batches are charged to the API plan.
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { nameField, webhookUrlField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { batches, templates } from '../../db/schema';
import { checkDestination } from '../webhooks/destination';
import type { Creator } from '../studio/service';
import {
  Batch,
  BatchBody,
  BatchCheck,
  batchJson,
  sendBatchResults,
  BatchSummary,
  cancelBatch,
  batchSummaries,
  retryBatch,
  startBatch,
  teamBatch,
} from '../templates/batches';
import {
  createTemplate,
  createTemplateVideo,
  deleteTemplate,
  saveTemplate,
  Template,
  TemplateCreateBody,
  teamTemplate,
  templateJson,
  templateVideoEntries,
} from '../templates/templates';
import { apiTeam } from './auth';
import { keyset, pageOf, type PageQuery } from './cursor';
import { idempotent } from './idempotency';
import type { Operation } from './operations';
import * as R from './responses';
import { CHARGED, DELETED, publicRouteKit, SENDS_BODY, VIDEO_REFUSALS } from './route-kit';
import { baseUrlOf, signedUrl, videoJson } from './serialize';
import { file } from '../../routing/operations';
import type { App } from '../../routing/typed';

type ItemRequest = FastifyRequest & { params: { id: string } };

const TemplateVideoBody = v.object({
  title: v.optional(nameField),
  ...templateVideoEntries,
  /** Also deliver this video's `video.ready` / `video.failed` here. */
  callback_url: v.optional(webhookUrlField),
});

const pageSchema = <T extends v.GenericSchema>(item: T) => v.object({ data: v.array(item), next_cursor: v.nullable(v.string()) });
const TemplatePage = pageSchema(Template);
const BatchPage = pageSchema(BatchSummary);

export function templateApiRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const { route, refusing, listed, item, creating } = publicRouteKit(ctx);
  const byKey: Creator = { userId: null, name: null, source: 'api' };
  const teamId = (request: FastifyRequest) => apiTeam(request).id;
  const tag = 'Templates' as const;

  /** A cursor page of the team's templates or batches, newest first. */
  const page = async (table: typeof templates | typeof batches, request: FastifyRequest, query: PageQuery) => {
    const at = keyset(table.createdAt, table.id, query);
    const rows = await db
      .select({ row: table, at: at.exactTime })
      .from(table as typeof templates)
      .where(and(eq(table.teamId, teamId(request)), at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit);
    return pageOf(
      rows.map((found) => ({ ...found, id: found.row.id })),
      query,
      (found) => found.row,
    );
  };

  const listTemplatesOp: Operation = {
    id: 'listTemplates',
    tag,
    summary: 'List templates',
    description: "The team's templates, newest first, a page at a time, each with its variables.",
  };
  app.get('/api/v1/templates', listed(listTemplatesOp, TemplatePage), async (request) => {
    const found = await page(templates, request, request.query);
    return { ...found, data: found.data.map((row) => templateJson(row as typeof templates.$inferSelect)) };
  });

  const createTemplateOp: Operation = {
    id: 'createTemplate',
    tag,
    summary: 'Create a template',
    description:
      'Saves a video body (`scenes`, or one scene’s fields) whose scripts and text elements hold `{{variable}}` or `{{variable|default}}`, or one of the team’s videos (`from_video_id`), as a template. The answer lists its `variables`.',
    refusals: { 404: ['not_found'], 422: ['template_audio_unsupported'] },
    example: {
      name: 'Welcome',
      language: 'en',
      scenes: [
        {
          avatar_id: '7b2f0c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e',
          script: 'Hi {{first_name|there}}, thanks for joining {{company}}.',
          elements: [{ type: 'text', role: 'title', text: 'Welcome, {{first_name}}' }],
        },
      ],
    },
  };
  app.post('/api/v1/templates', creating(createTemplateOp, TemplateCreateBody, { 201: Template }), async (request, reply) =>
    idempotent(db, teamId(request), request, reply, async () => ({
      status: 201,
      body: await createTemplate(ctx, teamId(request), null, request.body),
    })),
  );

  const getTemplateOp: Operation = {
    id: 'getTemplate',
    tag,
    summary: 'Get a template',
    description: 'The template with its body and variables.',
  };
  app.get('/api/v1/templates/:id', item(getTemplateOp, { 200: Template }), async (request) =>
    templateJson(await teamTemplate(ctx, teamId(request), (request as ItemRequest).params.id)),
  );

  const saveTemplateOp: Operation = {
    id: 'saveTemplate',
    tag,
    summary: 'Replace a template',
    description: 'Replaces the template whole: its name and body (send the body back with a new name to rename it).',
    refusals: { 422: ['template_audio_unsupported'], ...SENDS_BODY },
  };
  const saving = item(saveTemplateOp, { 200: Template });
  app.put('/api/v1/templates/:id', { ...saving, schema: { ...saving.schema, body: TemplateCreateBody } }, async (request) =>
    saveTemplate(ctx, teamId(request), (request as ItemRequest).params.id, request.body as v.InferOutput<typeof TemplateCreateBody>),
  );

  const deleteTemplateOp: Operation = {
    id: 'deleteTemplate',
    tag,
    summary: 'Delete a template',
    description: 'The videos and batches made from it stay.',
  };
  app.delete('/api/v1/templates/:id', item(refusing(deleteTemplateOp, SENDS_BODY), DELETED), async (request, reply) => {
    await deleteTemplate(ctx, teamId(request), (request as ItemRequest).params.id);
    return reply.status(204).send();
  });

  const createTemplateVideoOp: Operation = {
    id: 'createTemplateVideo',
    tag,
    summary: 'Make a video from a template',
    description:
      'Fills the template in with `variables` (and the `avatar_id`, `voice_id` or `backgrounds` chosen) and starts the video, answered as `POST /api/v1/videos` answers; the video records the template and values.',
    refusals: { ...VIDEO_REFUSALS, 422: ['template_variable_missing', 'template_variable_unknown', ...VIDEO_REFUSALS[422]!] },
    example: { title: 'Welcome, Ada', variables: { first_name: 'Ada', company: 'Acme' } },
  };
  const templateVideo = creating(createTemplateVideoOp, TemplateVideoBody, { 202: R.Video });
  app.post(
    '/api/v1/templates/:id/videos',
    { ...templateVideo, schema: { ...templateVideo.schema, params: v.object({ id: v.pipe(v.string(), v.uuid('validation.invalid')) }) } },
    async (request, reply) => {
      const body = request.body as v.InferOutput<typeof TemplateVideoBody>;
      if (body.callback_url) await checkDestination(body.callback_url, ctx.config.webhooks);
      const template = await teamTemplate(ctx, teamId(request), (request as ItemRequest).params.id);
      return idempotent(db, teamId(request), request, reply, async () => {
        const video = await createTemplateVideo(ctx, byKey, teamId(request), template, { ...body, name: body.title });
        return { status: 202, body: videoJson(ctx, baseUrlOf(request), video) };
      });
    },
  );

  const createBatchOp: Operation = {
    id: 'createBatch',
    tag,
    summary: 'Start a batch',
    description:
      'A video of the template per row (`rows`, or `csv` with `columns` mapping its columns to variables). Every row is checked first: with `dry_run` the check is the answer (nothing starts, nothing is charged); otherwise an invalid row refuses the batch whole (422 `batch_rows_invalid` with `rows`, each `{row, column, problem}`). The batch makes as many videos at once as the API plan allows, each reserved as it starts; `batch.completed` is sent once when it ends, and each video’s `video.ready` / `video.failed` carries `batch_id` and `row`.',
    refusals: { 402: CHARGED, 404: ['not_found'], 422: ['batch_rows_invalid', 'upload_not_ready'] },
    example: {
      rows: [
        { variables: { first_name: 'Ada', company: 'Acme' } },
        { variables: { first_name: 'Grace', company: 'Globex' }, title: 'For Grace' },
      ],
    },
  };
  const batchCreation = creating(createBatchOp, BatchBody, { 200: BatchCheck, 202: Batch });
  app.post(
    '/api/v1/templates/:id/batches',
    {
      ...batchCreation,
      bodyLimit: 8 * 1024 * 1024,
      schema: { ...batchCreation.schema, params: v.object({ id: v.pipe(v.string(), v.uuid('validation.invalid')) }) },
    },
    async (request, reply) =>
      idempotent(db, teamId(request), request, reply, async () => {
        const started = await startBatch(
          ctx,
          byKey,
          teamId(request),
          (request as ItemRequest).params.id,
          request.body as v.InferOutput<typeof BatchBody>,
        );
        return 'checked' in started ? { status: 200, body: started.checked } : { status: 202, body: started.batch };
      }),
  );

  const listBatchesOp: Operation = {
    id: 'listBatches',
    tag,
    summary: 'List batches',
    description: "The team's batches, newest first, a page at a time, with their counts.",
  };
  app.get('/api/v1/batches', listed(listBatchesOp, BatchPage), async (request) => {
    const found = await page(batches, request, request.query);
    return { ...found, data: await batchSummaries(ctx, found.data as unknown as (typeof batches.$inferSelect)[]) };
  });

  const getBatchOp: Operation = {
    id: 'getBatch',
    tag,
    summary: 'Get a batch',
    description: 'Its `status`, `counts` and `rows` in row order, each with its `status` and `video_id` once started.',
  };
  app.get('/api/v1/batches/:id', item(getBatchOp, { 200: Batch }), async (request) =>
    batchJson(ctx, await teamBatch(ctx, teamId(request), (request as ItemRequest).params.id)),
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
    const operation: Operation = { id: `${verb}Batch`, tag, summary, description, refusals: { 409: [refusal], ...SENDS_BODY } };
    app.post(`/api/v1/batches/:id/${verb}`, item(operation, { 200: Batch }), async (request) =>
      act(ctx, teamId(request), (request as ItemRequest).params.id),
    );
  }

  const resultsOp: Operation = {
    id: 'exportBatchResults',
    tag,
    summary: 'Download a batch’s results',
    description:
      'A CSV line per row: row, title, video id, status, reason, share link (empty: the app shares videos) and download link (signed, valid for a few minutes).',
  };
  const results = route(
    refusing(resultsOp, { 400: ['validation_failed'], 404: ['not_found'] }),
    { params: v.object({ id: v.pipe(v.string(), v.uuid('validation.invalid')) }) },
    {},
  );
  app.get(
    '/api/v1/batches/:id/results.csv',
    { ...results, schema: { ...results.schema, response: { ...results.schema.response, 200: file('The results, as CSV.', 'text/csv') } } },
    async (request, reply) => {
      const batch = await teamBatch(ctx, teamId(request), (request as ItemRequest).params.id);
      return sendBatchResults(ctx, reply, batch, async (video) => ({
        share: null,
        download: signedUrl(ctx, baseUrlOf(request), 'video_output', video.output),
      }));
    },
  );
}
