// Templates and batches in /api/v1, with the team's key: a template created and listed in cursor pages, a video of
// it (the same video for the same Idempotency-Key), a batch (the same batch for the same key) whose videos' events
// carry the batch and row, its results as CSV, and another team's template not found.
import { and, eq } from 'drizzle-orm';
import { csvRecords } from '@kagami/shared/validation';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';

let t: TestApp;
let key = '';
let otherKey = '';
let teamId = '';
let presenter = '';
beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  const owner = await onboardedUser(t.app, 'v1-templates@example.com', 'V1 Templates');
  teamId = owner.teamId;
  await subscribe(t, owner.token, 'price_api_starter_month_usd');
  key = (await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/api-key`, token: owner.token })).body.api_key;
  const other = await onboardedUser(t.app, 'v1-templates-other@example.com', 'Other');
  otherKey = (await call(t.app, { method: 'POST', url: `/api/teams/${other.teamId}/api-key`, token: other.token })).body.api_key;
  presenter = await readyLoopAvatar(t, teamId, 'Presenter', 'color=c=0x336699:size=320x240:rate=25:duration=2');
  await t.database.db
    .insert(webhookEndpoints)
    .values({ teamId, url: 'https://hooks.example.com/v1', events: ['video.ready', 'batch.completed'] });
}, 60_000);
afterAll(() => t.close());

const v1 = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, apiKey = key) =>
  call(t.app, { method: method as 'GET', url: `/api/v1${url}`, headers: { 'x-api-key': apiKey, ...headers }, body });

test('a template, a video of it and a batch through the public API, each creation idempotent', async () => {
  const body = {
    name: 'Launch',
    language: 'en',
    aspect_ratio: '1:1',
    scenes: [
      {
        avatar_id: presenter,
        script: 'Hello {{first_name}}.',
        background: { type: 'color', value: '#FFFFFF' },
        placement: { position: 'corner', scale: 0.3 },
      },
    ],
  };
  const created = await v1('POST', '/templates', body, { 'idempotency-key': 'template-1' });
  expect(created).toMatchObject({ status: 201, body: { name: 'Launch', variables: ['first_name'] } });
  expect((await v1('POST', '/templates', body, { 'idempotency-key': 'template-1' })).body.id).toBe(created.body.id);
  await v1('POST', '/templates', { ...body, name: 'Second' });
  const first = await v1('GET', '/templates?limit=1');
  expect(first.body.data).toHaveLength(1);
  const second = await v1('GET', `/templates?limit=1&cursor=${first.body.next_cursor}`);
  expect(second.body.data[0].id).toBe(created.body.id);

  // Another team's key finds nothing of it.
  expect((await v1('GET', `/templates/${created.body.id}`, undefined, {}, otherKey)).status).toBe(404);
  expect((await v1('POST', `/templates/${created.body.id}/videos`, { variables: { first_name: 'Eve' } }, {}, otherKey)).status).toBe(404);

  const video = await v1(
    'POST',
    `/templates/${created.body.id}/videos`,
    { title: 'For Ada', variables: { first_name: 'Ada' } },
    { 'idempotency-key': 'video-1' },
  );
  expect(video).toMatchObject({
    status: 202,
    body: { title: 'For Ada', template: { id: created.body.id, variables: { first_name: 'Ada' } } },
  });
  const replay = await v1(
    'POST',
    `/templates/${created.body.id}/videos`,
    { title: 'For Ada', variables: { first_name: 'Ada' } },
    { 'idempotency-key': 'video-1' },
  );
  expect(replay.body.id).toBe(video.body.id);
  const missing = await v1('POST', `/templates/${created.body.id}/videos`, { title: 'Nobody' });
  expect(missing).toMatchObject({ status: 422, body: { code: 'template_variable_missing', variables: ['first_name'] } });

  const rows = { rows: [{ variables: { first_name: 'Grace' } }, { variables: { first_name: 'Alan' }, title: 'For Alan' }] };
  const batch = await v1('POST', `/templates/${created.body.id}/batches`, rows, { 'idempotency-key': 'batch-1' });
  expect(batch).toMatchObject({ status: 202, body: { status: 'in_progress', counts: { total: 2 } } });
  expect((await v1('POST', `/templates/${created.body.id}/batches`, rows, { 'idempotency-key': 'batch-1' })).body.id).toBe(batch.body.id);
  const done = await eventually(
    () => v1('GET', `/batches/${batch.body.id}`),
    (r) => r.body.status !== 'in_progress',
    180_000,
  );
  expect(done.body).toMatchObject({
    status: 'completed',
    counts: { ready: 2 },
    rows: [
      { row: 1, title: 'Launch (Grace)' },
      { row: 2, title: 'For Alan' },
    ],
  });
  expect((await v1('GET', '/batches')).body.data.map((each: { id: string }) => each.id)).toEqual([batch.body.id]);
  // Each video's event names its batch and row.
  const events = await eventually(
    () =>
      t.database.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.teamId, teamId), eq(webhookDeliveries.event, 'video.ready'))),
    (found) => found.length >= 3,
  );
  const ofBatch = events
    .map((event) => (event.payload as { data: { batch_id: string | null; row: number | null } }).data)
    .filter((data) => data.batch_id);
  expect(ofBatch.map((data) => [data.batch_id, data.row]).sort()).toEqual([
    [batch.body.id, 1],
    [batch.body.id, 2],
  ]);
  const results = await t.app.inject({ url: `/api/v1/batches/${batch.body.id}/results.csv`, headers: { 'x-api-key': key } });
  expect(results.statusCode).toBe(200);
  expect(csvRecords(results.body).records.map((record) => [record.row, record.status, Boolean(record.download_link)])).toEqual([
    ['1', 'ready', true],
    ['2', 'ready', true],
  ]);
  expect((await v1('POST', `/batches/${batch.body.id}/cancel`)).body.code).toBe('batch_not_in_progress');
}, 300_000);
