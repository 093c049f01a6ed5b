// Batches: one template, a row of values per video. The rows are checked together before anything starts (every
// problem named by row and column, the minutes estimated against what the plan has left, nothing charged); then a
// batch job starts as many rows as the plan renders at once, each reserved as it starts, follows their videos, and
// ends the batch once (announcing `batch.completed`). A batch can be cancelled (rows not started never start) and
// its failed rows retried.
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import * as v from 'valibot';
import { readFile } from 'node:fs/promises';
import {
  BATCH_COLUMNS,
  BATCH_ROWS_MAX,
  encodeMessage,
  csvRecords,
  estimateSpeechSeconds,
  NAME_MAX_LENGTH,
  nameField,
  uploadIdField,
  webhookUrlField,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { avatars, batches, batchRows, templates, uploads, videos, voices, BATCH_ROW_STATUSES } from '../../db/schema';
import { csvFile } from '../../lib/csv';
import { validationMessage } from '../../lib/messages';
import { AppError, atField, errors, fail } from '../../lib/errors';
import { readyUpload } from '../studio/uploads';
import { QUEUES } from '../../jobs/queue';
import { time } from '../../routing/operations';
import { uuid } from '../../routing/params';
import { parallelVideosOf, videoSecondsLeftOf } from '../billing/quota';
import { isBuiltinVoiceId } from '../../engine';
import { emitEvent } from '../webhooks/service';
import type { Creator } from '../studio/service';
import { createTemplateVideo, filledInput, problemsOf, teamTemplate, variablesField, type TemplateOf } from './templates';

/** How often a running batch looks at its videos and starts the next rows. */
const BATCH_POLL_SECONDS = 2;

type BatchRow = typeof batches.$inferSelect;
/** Said of a batch with no rows or more than it can make. */
const ROWS_COUNT = encodeMessage('batchRowsCount', { max: BATCH_ROWS_MAX });
type TemplateRow = typeof templates.$inferSelect;

const batchRowInput = v.object({
  variables: v.optional(variablesField, {}),
  title: v.optional(nameField),
  avatar_id: v.optional(v.string()),
  voice_id: v.optional(v.string()),
  callback_url: v.optional(v.string()),
});
export type BatchRowInput = v.InferOutput<typeof batchRowInput>;

/** What starts a batch (or only checks it, with `dry_run`): its rows, or a CSV whose columns are mapped to variables. */
export const BatchBody = v.object({
  rows: v.optional(
    v.pipe(
      v.array(batchRowInput),
      v.minLength(1, ROWS_COUNT),
      v.maxLength(BATCH_ROWS_MAX, ROWS_COUNT),
      v.description('A video per row: its values, and optionally its title, avatar, voice and callback URL.'),
    ),
  ),
  csv: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(5 * 1024 * 1024),
      v.description(
        'The rows as CSV (UTF-8, comma or semicolon, quoted fields): a header, then a video per line. Columns named as variables (or mapped by `columns`) give their values; `title`, `avatar_id`, `voice_id` and `callback_url` are the video’s.',
      ),
    ),
  ),
  upload_id: v.optional(
    v.pipe(
      uploadIdField,
      v.description('A finished upload of purpose `batch_csv`: the rows as a CSV file, read as `csv` is (and then removed).'),
    ),
  ),
  columns: v.optional(
    v.pipe(
      v.record(v.string(), v.string()),
      v.description('A CSV column’s variable (or `title`, `avatar_id`, …), by the column’s name; unmapped columns keep their own name.'),
    ),
  ),
  dry_run: v.optional(
    v.pipe(v.boolean(), v.description('Only check the rows and estimate their minutes: nothing starts, nothing is charged.')),
    false,
  ),
});
export type BatchInput = v.InferOutput<typeof BatchBody>;

const RowProblem = v.object({
  row: v.number(),
  column: v.nullable(v.string()),
  problem: v.pipe(
    v.picklist(['missing_value', 'unknown_column', 'not_found', 'not_ready', 'invalid', 'over_quota']),
    v.description('`over_quota` is a warning: the row would start and fail with `quota_exceeded`.'),
  ),
});
/** What a check of a batch's rows finds (`dry_run`). */
export const BatchCheck = v.pipe(
  v.object({
    rows: v.number(),
    estimate_seconds: v.pipe(v.number(), v.description('The estimated speaking time of all the rows’ videos.')),
    seconds_left: v.pipe(v.number(), v.description('The video seconds the plan has left this period.')),
    problems: v.array(RowProblem),
  }),
  v.title('BatchCheck'),
);

const counted = ['ready', 'failed', 'in_progress', 'queued', 'cancelled'] as const;
const summaryEntries = {
  id: v.string(),
  name: v.string(),
  template_id: v.nullable(v.string()),
  status: v.picklist(['in_progress', 'completed', 'completed_with_errors', 'cancelled']),
  counts: v.object({ total: v.number(), ...Object.fromEntries(counted.map((status) => [status, v.number()])) } as Record<
    'total' | (typeof counted)[number],
    v.NumberSchema<undefined>
  >),
  created_at: time,
  ended_at: v.nullable(time),
};
/** A batch in a list: its counts, not its rows. */
export const BatchSummary = v.pipe(v.object(summaryEntries), v.title('BatchSummary'));
/** A batch on the wire, in both APIs: its counts and its rows in row order. */
export const Batch = v.pipe(
  v.object({
    ...summaryEntries,
    rows: v.array(
      v.object({
        row: v.number(),
        title: v.string(),
        status: v.picklist(BATCH_ROW_STATUSES),
        video_id: v.nullable(v.string()),
        reason: v.nullable(v.string()),
        variables: v.record(v.string(), v.string()),
      }),
    ),
  }),
  v.title('Batch'),
);

/** A batch's CSV: given as text, or as an upload (read, then removed once the batch is started). */
async function csvOf(ctx: AppContext, teamId: string, input: BatchInput) {
  if (!input.upload_id) return input.csv;
  const upload = await atField('upload_id', () => readyUpload(ctx, teamId, input.upload_id!, ['batch_csv']));
  const text = await ctx.uploadArea.withLocal(upload.id, (file) => readFile(file, 'utf8'));
  if (!input.dry_run) {
    await ctx.db.delete(uploads).where(eq(uploads.id, upload.id));
    await ctx.uploadArea.remove(upload.id);
  }
  return text;
}

/** The rows a batch was given: its `rows`, or its CSV's lines with their columns mapped. */
function rowsOf(input: BatchInput): BatchRowInput[] {
  if (input.rows) return input.rows;
  if (!input.csv) throw fail(400, 'validation_failed', { fields: { rows: validationMessage('validation.required') } });
  const { columns, records } = csvRecords(input.csv);
  const mapped = columns.map((column) => input.columns?.[column] ?? column);
  const rows = records.map((record) => {
    const row: BatchRowInput = { variables: {} };
    columns.forEach((column, index) => {
      const name = mapped[index]!;
      const value = record[column]!.trim();
      if ((BATCH_COLUMNS as readonly string[]).includes(name)) {
        if (value) (row as Record<string, unknown>)[name] = value;
      } else if (name) row.variables[name] = value;
    });
    return row;
  });
  if (!rows.length || rows.length > BATCH_ROWS_MAX) {
    throw fail(400, 'validation_failed', { fields: { [input.upload_id ? 'upload_id' : 'csv']: validationMessage(ROWS_COUNT) } });
  }
  return rows;
}

/** A row's estimated speaking time: its filled-in scripts' (a row whose values are missing counts nothing). */
function estimateOf(template: TemplateOf, row: BatchRowInput) {
  try {
    const input = filledInput(template, { variables: row.variables });
    const scenes: { script?: string; language?: typeof input.language; speed?: number }[] = input.scenes ?? [{ script: input.script }];
    return scenes.reduce(
      (total, scene) =>
        total + (scene.script ? estimateSpeechSeconds(scene.script, scene.language ?? input.language, scene.speed ?? input.speed ?? 1) : 0),
      0,
    );
  } catch {
    return 0;
  }
}

/** Every problem of the rows, by row (from 1) and column; and their estimate against the plan's seconds left. */
async function checkRows(ctx: AppContext, teamId: string, source: Creator['source'], template: TemplateRow, rows: BatchRowInput[]) {
  const problems: v.InferOutput<typeof RowProblem>[] = [];
  const ids = (field: 'avatar_id' | 'voice_id') => [...new Set(rows.map((row) => row[field]).filter((id): id is string => Boolean(id)))];
  const uuidLike = (id: string) => v.is(uuid, id);
  const avatarIds = ids('avatar_id').filter(uuidLike);
  const voiceIds = ids('voice_id').filter((id) => !isBuiltinVoiceId(id) && uuidLike(id));
  const teamAvatars = avatarIds.length
    ? await ctx.db
        .select({ id: avatars.id, status: avatars.status })
        .from(avatars)
        .where(and(eq(avatars.teamId, teamId), inArray(avatars.id, avatarIds)))
    : [];
  const teamVoices = voiceIds.length
    ? await ctx.db
        .select({ id: voices.id, status: voices.status })
        .from(voices)
        .where(and(eq(voices.teamId, teamId), inArray(voices.id, voiceIds)))
    : [];
  const readiness = (found: { id: string; status: string }[], id: string) => {
    const item = found.find((each) => each.id === id);
    return !item ? 'not_found' : item.status === 'ready' ? null : 'not_ready';
  };
  const secondsLeft = await videoSecondsLeftOf(ctx.db, teamId, source);
  let estimate = 0;
  let reserved = 0;
  rows.forEach((row, index) => {
    const number = index + 1;
    const { missing, unknown } = problemsOf(template, row.variables);
    missing.forEach((column) => problems.push({ row: number, column, problem: 'missing_value' }));
    unknown.forEach((column) => problems.push({ row: number, column, problem: 'unknown_column' }));
    const avatar = row.avatar_id ? readiness(teamAvatars, row.avatar_id) : null;
    if (avatar) problems.push({ row: number, column: 'avatar_id', problem: avatar });
    const voice = row.voice_id && !isBuiltinVoiceId(row.voice_id) ? readiness(teamVoices, row.voice_id) : null;
    if (voice) problems.push({ row: number, column: 'voice_id', problem: voice });
    if (row.callback_url && !v.is(webhookUrlField, row.callback_url))
      problems.push({ row: number, column: 'callback_url', problem: 'invalid' });
    if (row.title && row.title.length > NAME_MAX_LENGTH) problems.push({ row: number, column: 'title', problem: 'invalid' });
    // Rows start in order, each reserving its length: a row that does not fit what is left fails (and takes nothing).
    const seconds = Math.ceil(estimateOf(template, row));
    if (reserved + seconds > secondsLeft) problems.push({ row: number, column: null, problem: 'over_quota' });
    else reserved += seconds;
    estimate += seconds;
  });
  return { rows: rows.length, estimate_seconds: estimate, seconds_left: secondsLeft, problems };
}

/** A row's title: its own, or the template's name with its first value. */
const titleOf = (template: TemplateRow, row: BatchRowInput, number: number) => {
  if (row.title) return row.title;
  const first = Object.values(row.variables).find((value) => value.trim());
  return `${template.name} (${first ?? number})`.slice(0, NAME_MAX_LENGTH);
};

/** Checks a batch's rows (`dry_run`: the check is the answer), or starts it: refused whole if any row is invalid. */
export async function startBatch(ctx: AppContext, creator: Creator, teamId: string, templateId: string, input: BatchInput) {
  const template = await teamTemplate(ctx, teamId, templateId);
  const rows = rowsOf({ ...input, csv: await csvOf(ctx, teamId, input) });
  const check = await checkRows(ctx, teamId, creator.source, template, rows);
  if (input.dry_run) return { checked: check };
  const invalid = check.problems.filter((problem) => problem.problem !== 'over_quota');
  if (invalid.length)
    throw fail(422, 'batch_rows_invalid', { rows: invalid }, { rows: [...new Set(invalid.map((p) => p.row))].join(', ') });
  const batch = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(batches)
      .values({ teamId, createdBy: creator.userId, templateId, name: template.name, body: template.body, source: creator.source })
      .returning();
    const values = rows.map((row, index) => ({
      batchId: created!.id,
      row: index + 1,
      title: titleOf(template, row, index + 1),
      variables: row.variables,
      avatarId: row.avatar_id ?? null,
      voiceId: row.voice_id ?? null,
      callbackUrl: row.callback_url ?? null,
    }));
    for (let at = 0; at < values.length; at += 200) await tx.insert(batchRows).values(values.slice(at, at + 200));
    return created!;
  });
  await ctx.jobs.send(QUEUES.batch, { batchId: batch.id });
  return { batch: await batchJson(ctx, batch) };
}

type Counts = Record<'total' | (typeof counted)[number], number>;

const summaryJson = (batch: BatchRow, counts: Counts) => ({
  id: batch.id,
  name: batch.name,
  template_id: batch.templateId,
  status: batch.status,
  counts,
  created_at: batch.createdAt.toISOString(),
  ended_at: batch.endedAt?.toISOString() ?? null,
});

const noCounts = (): Counts => ({ total: 0, ...Object.fromEntries(counted.map((status) => [status, 0])) }) as Counts;

export async function batchJson(ctx: AppContext, batch: BatchRow) {
  const rows = await ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id)).orderBy(asc(batchRows.row));
  const counts = noCounts();
  for (const row of rows) {
    counts.total++;
    counts[row.status]++;
  }
  return {
    ...summaryJson(batch, counts),
    rows: rows.map((row) => ({
      row: row.row,
      title: row.title,
      status: row.status,
      video_id: row.videoId,
      reason: row.reason,
      variables: row.variables,
    })),
  };
}

/** Batches as lists show them: each with its counts (one query for all of them). */
export async function batchSummaries(ctx: AppContext, list: BatchRow[]) {
  const tallies = list.length
    ? await ctx.db
        .select({ batchId: batchRows.batchId, status: batchRows.status, total: count() })
        .from(batchRows)
        .where(
          inArray(
            batchRows.batchId,
            list.map((batch) => batch.id),
          ),
        )
        .groupBy(batchRows.batchId, batchRows.status)
    : [];
  return list.map((batch) => {
    const counts = noCounts();
    for (const tally of tallies.filter((each) => each.batchId === batch.id)) {
      counts[tally.status] = Number(tally.total);
      counts.total += Number(tally.total);
    }
    return summaryJson(batch, counts);
  });
}

/** The team's batches, newest first, each with its counts. */
export async function listBatches(ctx: AppContext, teamId: string) {
  const list = await ctx.db.select().from(batches).where(eq(batches.teamId, teamId)).orderBy(desc(batches.createdAt), desc(batches.id));
  return { data: await batchSummaries(ctx, list) };
}

/** The team's batch `id`; another team's is not found. */
export async function teamBatch(ctx: AppContext, teamId: string, id: string) {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.teamId, teamId)));
  if (!batch) throw errors.notFound('Batch');
  return batch;
}

/** Rows not started never start (nor are charged); those rendering finish. */
export async function cancelBatch(ctx: AppContext, teamId: string, id: string) {
  const batch = await teamBatch(ctx, teamId, id);
  if (batch.status !== 'in_progress') throw fail(409, 'batch_not_in_progress');
  await ctx.db.transaction(async (tx) => {
    await tx.update(batches).set({ status: 'cancelled' }).where(eq(batches.id, id));
    await tx
      .update(batchRows)
      .set({ status: 'cancelled' })
      .where(and(eq(batchRows.batchId, id), eq(batchRows.status, 'queued')));
  });
  await advanceBatch(ctx, { batchId: id });
  return batchJson(ctx, await teamBatch(ctx, teamId, id));
}

/** The failed rows made again (each charged again as it starts); the batch runs until they end. */
export async function retryBatch(ctx: AppContext, teamId: string, id: string) {
  await teamBatch(ctx, teamId, id);
  const retried = await ctx.db
    .update(batchRows)
    .set({ status: 'queued', videoId: null, reason: null })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.status, 'failed')))
    .returning({ row: batchRows.row });
  if (!retried.length) throw fail(409, 'batch_nothing_to_retry');
  await ctx.db.update(batches).set({ status: 'in_progress', endedAt: null }).where(eq(batches.id, id));
  await ctx.jobs.send(QUEUES.batch, { batchId: id });
  return batchJson(ctx, await teamBatch(ctx, teamId, id));
}

/** The batch's creator as its videos are made: the member who started it, or the team's key. */
const creatorOf = (batch: BatchRow): Creator => ({ userId: batch.createdBy, name: null, source: batch.source });

/** A row's video ended: the row with it. */
async function followVideos(ctx: AppContext, batchId: string) {
  const running = await ctx.db
    .select({ row: batchRows.row, videoId: batchRows.videoId, status: videos.status, reason: videos.reason })
    .from(batchRows)
    .leftJoin(videos, eq(videos.id, batchRows.videoId))
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'in_progress')));
  for (const row of running) {
    if (row.status === 'in_progress') continue;
    const status = row.status === 'ready' ? 'ready' : 'failed';
    // A video deleted while it rendered leaves its row failed.
    const reason = row.status === 'ready' ? null : (row.reason ?? 'video_deleted');
    await ctx.db
      .update(batchRows)
      .set({ status, reason })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.row, row.row)));
  }
}

/** Starts the next rows, as many as the plan renders at once; a row refused (its quota, its avatar) fails alone. */
async function startRows(ctx: AppContext, batch: BatchRow) {
  const parallel = await parallelVideosOf(ctx.db, batch.teamId, batch.source);
  const [{ running }] = (await ctx.db
    .select({ running: count() })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.status, 'in_progress')))) as [{ running: number }];
  const slots = parallel - running;
  if (slots <= 0) return;
  const next = await ctx.db
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.status, 'queued')))
    .orderBy(asc(batchRows.row))
    .limit(slots);
  const template = { id: batch.templateId, name: batch.name, body: batch.body };
  for (const row of next) {
    const at = and(eq(batchRows.batchId, batch.id), eq(batchRows.row, row.row), eq(batchRows.status, 'queued'));
    const [claimed] = await ctx.db.update(batchRows).set({ status: 'in_progress' }).where(at).returning();
    if (!claimed) continue;
    const mine = and(eq(batchRows.batchId, batch.id), eq(batchRows.row, row.row));
    try {
      const video = await createTemplateVideo(
        ctx,
        creatorOf(batch),
        batch.teamId,
        template,
        {
          name: row.title,
          variables: row.variables,
          avatar_id: row.avatarId ?? undefined,
          voice_id: row.voiceId ?? undefined,
          callback_url: row.callbackUrl ?? undefined,
        },
        { id: batch.id, row: row.row },
      );
      await ctx.db.update(batchRows).set({ videoId: video.id }).where(mine);
    } catch (error) {
      // The queue full: the row waits for the next round.
      if (error instanceof AppError && error.status === 503) {
        await ctx.db.update(batchRows).set({ status: 'queued' }).where(mine);
        return;
      }
      const reason = error instanceof AppError ? error.code : 'processing_failed';
      if (!(error instanceof AppError)) ctx.log.error({ err: error, batchId: batch.id, row: row.row }, 'a batch row could not start');
      await ctx.db.update(batchRows).set({ status: 'failed', reason }).where(mine);
    }
  }
}

/**
 * The batch job: follows the rows' videos, starts the next rows, and ends the batch when no row is left to make
 * (announced once: only the run that sets its end announces it); until then it runs again shortly.
 */
export async function advanceBatch(ctx: AppContext, { batchId }: { batchId: string }) {
  const [batch] = await ctx.db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.endedAt) return;
  await followVideos(ctx, batchId);
  if (batch.status === 'in_progress') await startRows(ctx, batch);
  const statuses = await ctx.db
    .select({ status: batchRows.status, total: count() })
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .groupBy(batchRows.status);
  const of = (status: string) => Number(statuses.find((each) => each.status === status)?.total ?? 0);
  if (of('queued') + of('in_progress') > 0) {
    await ctx.jobs.send(QUEUES.batch, { batchId }, { startAfter: BATCH_POLL_SECONDS });
    return;
  }
  const status = batch.status === 'cancelled' ? 'cancelled' : of('failed') ? 'completed_with_errors' : 'completed';
  const [ended] = await ctx.db
    .update(batches)
    .set({ status, endedAt: new Date() })
    .where(and(eq(batches.id, batchId), isNull(batches.endedAt)))
    .returning();
  if (ended) await emitEvent(ctx, ended.teamId, 'batch.completed', await batchJson(ctx, ended));
}

/** A round that failed for good (the database away, say): the next one is sent for later. */
export async function batchRoundFailed(ctx: AppContext, batchId: string) {
  await ctx.jobs.send(QUEUES.batch, { batchId }, { startAfter: 30 });
}

/**
 * Answers the batch's results as a CSV file: a line per row with its video, status, and links (`links` gives each
 * ready video's share page and download, as the API asking gives them).
 */
export async function sendBatchResults(
  ctx: AppContext,
  reply: FastifyReply,
  batch: BatchRow,
  links: (video: typeof videos.$inferSelect & { output: string }) => Promise<{ share: string | null; download: string | null }>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="kagami-batch-${batch.id}.csv"`)
    .send(await batchResultsCsv(ctx, batch, links));
}

async function batchResultsCsv(
  ctx: AppContext,
  batch: BatchRow,
  links: (video: typeof videos.$inferSelect & { output: string }) => Promise<{ share: string | null; download: string | null }>,
) {
  const rows = await ctx.db
    .select({ row: batchRows, video: videos })
    .from(batchRows)
    .leftJoin(videos, eq(videos.id, batchRows.videoId))
    .where(eq(batchRows.batchId, batch.id))
    .orderBy(asc(batchRows.row));
  const lines: (string | number | null)[][] = [];
  for (const { row, video } of rows) {
    const ready = video?.status === 'ready' && video.output ? (video as typeof video & { output: string }) : null;
    const made = ready ? await links(ready) : { share: null, download: null };
    lines.push([row.row, row.title, row.videoId, row.status, row.reason, made.share, made.download]);
  }
  return csvFile(['row', 'title', 'video_id', 'status', 'reason', 'share_link', 'download_link'], lines);
}
