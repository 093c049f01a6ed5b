// `kagami template list` and `kagami batch create`: the team's templates, and a batch of videos made from one with the
// rows of a CSV file, followed to its end with its results printed as CSV.
import { readFile } from 'node:fs/promises';
import { KagamiApiError, unwrap, type KagamiClient } from './client';
import { table, type Io } from './commands';

export async function listTemplates(client: KagamiClient, io: Io, json: boolean) {
  const templates = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(client.GET('/api/v1/templates', { params: { query: { limit: 100, cursor } } }));
    templates.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  if (json) return io.out(JSON.stringify(templates, null, 2));
  if (!templates.length) return io.out('No templates yet. Save a video as a template in the app, or with POST /api/v1/templates.');
  io.out(
    table(
      ['ID', 'SCENES', 'NAME', 'VARIABLES'],
      templates.map((template) => [template.id, String(template.scene_count), template.name, template.variables.join(', ')]),
    ),
  );
}

type BatchProblem = { row: number; column: string | null; problem: string };

/** Starts a batch of the template from a CSV file's rows; with `wait`, follows it and prints its results as CSV. */
export async function createBatch(
  client: KagamiClient,
  input: { template: string; csvFile: string; wait: boolean },
  io: Io,
  pollMs: number,
) {
  const csv = await readFile(input.csvFile, 'utf8');
  let batch;
  try {
    batch = await unwrap(client.POST('/api/v1/templates/{id}/batches', { params: { path: { id: input.template } }, body: { csv } }));
  } catch (error) {
    if (error instanceof KagamiApiError && error.code === 'batch_rows_invalid') {
      const rows = (error.body?.rows ?? []) as BatchProblem[];
      for (const { row, column, problem } of rows) io.err(`  row ${row}${column ? `, ${column}` : ''}: ${problem.replace(/_/g, ' ')}`);
    }
    throw error;
  }
  if (!('id' in batch)) throw new KagamiApiError(500, 'unexpected_answer', 'The API answered a check, not a batch.');
  if (!input.wait) {
    io.err(
      `Batch ${batch.id} started: ${batch.counts.total} videos. Follow it with: kagami batch create … --wait, or GET /api/v1/batches/${batch.id}`,
    );
    io.out(batch.id);
    return 0;
  }
  for (;;) {
    const now = await unwrap(client.GET('/api/v1/batches/{id}', { params: { path: { id: batch.id } } }));
    const { total, ready, failed, in_progress, queued, cancelled } = now.counts;
    io.progress(
      `Batch ${now.id}: ${ready} of ${total} ready, ${failed} failed, ${in_progress} rendering, ${queued} waiting${cancelled ? `, ${cancelled} cancelled` : ''}`,
    );
    if (now.status !== 'in_progress') {
      io.err(`Batch ${now.id} ${now.status.replace(/_/g, ' ')}: ${ready} ready, ${failed} failed.`);
      const results = await unwrap(client.GET('/api/v1/batches/{id}/results.csv', { params: { path: { id: now.id } }, parseAs: 'text' }));
      io.out(
        String(results)
          .replace(/^\uFEFF/, '')
          .trimEnd(),
      );
      return failed ? 1 : 0;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
