// Templates and batches in the app's API: a template's variables listed; a video of it says its values (script,
// captions and title frame) and records them; refusals for missing and unknown values and another team's template; a
// video saved as a template; batches of rows started as the plan allows, cancelled (the rest never started nor
// charged), refused whole for a bad row, a row past the quota failing alone, `batch.completed` once, and a CSV in and out.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { csvRecords } from '@kagami/shared/validation';
import { batchRows, usage, videos, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { LocalEngine } from '../src/engine/local/local-engine';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, uploadFile, type TestApp } from './helper';
import { frameAt } from './media/frames';

let t: TestApp;
const owner = { token: '', teamId: '' };
let presenter = '';
beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  Object.assign(owner, await onboardedUser(t.app, 'templates@example.com', 'Templates'));
  // Creator: two videos of a batch at once.
  await subscribe(t, owner.token, 'price_creator_month_usd');
  presenter = await readyLoopAvatar(t, owner.teamId, 'Presenter', 'color=c=0x336699:size=320x240:rate=25:duration=2');
}, 60_000);
afterAll(() => t.close());
/** What a test leaves to undo when it ends, passed or not. */
const afterThisTest: (() => void)[] = [];
afterEach(() => afterThisTest.splice(0).forEach((undo) => undo()));

const team = (path: string) => `/api/teams/${owner.teamId}${path}`;
const post = (url: string, body: unknown, token = owner.token) => call(t.app, { method: 'POST', url, token, body });
const get = (url: string, token = owner.token) => call(t.app, { url, token });
const finished = (id: string) =>
  eventually(
    () => get(team(`/videos/${id}`)),
    (r) => r.body.status !== 'in_progress',
    120_000,
  );

const welcome = () => ({
  name: 'Welcome',
  language: 'en',
  aspect_ratio: '1:1',
  resolution: '720p',
  scenes: [
    {
      avatar_id: presenter,
      script: 'Hi {{first_name}}, thanks for joining {{company}}.',
      background: { type: 'color', value: '#FFFFFF' },
      placement: { position: 'corner', scale: 0.3 },
      elements: [{ type: 'text', role: 'title', text: 'Welcome, {{first_name|friend}}', entrance: 'none' }],
    },
  ],
});

test('a template lists its variables; its videos say their values, record them, and look their own', async () => {
  const created = await post(team('/templates'), welcome());
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    name: 'Welcome',
    variables: ['first_name', 'company'],
    variable_details: [
      { name: 'first_name', default: 'friend', occurs_in: ['scenes.0.script', 'scenes.0.elements.0.text'] },
      { name: 'company', default: null, occurs_in: ['scenes.0.script'] },
    ],
    scene_count: 1,
  });
  const id = created.body.id as string;
  expect((await get(team('/templates'))).body.data.map((each: { id: string }) => each.id)).toContain(id);

  // Refusals: a value missing (no default), a name the template does not have, another team's template.
  const missing = await post(team(`/templates/${id}/videos`), { variables: { first_name: 'Ada' } });
  expect(missing).toMatchObject({ status: 422, body: { code: 'template_variable_missing', variables: ['company'] } });
  expect(missing.body.fields['variables.company'].key).toBe('errors.template_variable_missing');
  const unknown = await post(team(`/templates/${id}/videos`), { variables: { first_name: 'Ada', company: 'Acme', city: 'Kyoto' } });
  expect(unknown).toMatchObject({ status: 422, body: { code: 'template_variable_unknown', variables: ['city'] } });
  const other = await onboardedUser(t.app, 'templates-other@example.com', 'Other');
  expect((await get(`/api/teams/${owner.teamId}/templates/${id}`, other.token)).status).toBe(404);
  expect((await get(`/api/teams/${other.teamId}/templates/${id}`, other.token)).status).toBe(404);
  expect((await post(`/api/teams/${other.teamId}/templates/${id}/videos`, { variables: {} }, other.token)).status).toBe(404);

  const make = async (first_name: string, company: string) => {
    const made = await post(team(`/templates/${id}/videos`), { name: `For ${first_name}`, variables: { first_name, company } });
    expect(made.status).toBe(202);
    const ready = await finished(made.body.id);
    expect(ready.body.status).toBe('ready');
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, made.body.id));
    const file = join(t.config.dataDir, 'video_output', row!.output!);
    return { body: ready.body, vtt: readFileSync(join(t.config.dataDir, 'video_output', `${row!.captions}.vtt`), 'utf8'), file };
  };
  const ada = await make('Ada', 'Acme');
  expect(ada.body.scenes[0].script).toBe('Hi Ada, thanks for joining Acme.');
  expect(ada.body.scenes[0].elements[0].text).toBe('Welcome, Ada');
  expect(ada.body.template).toEqual({ id, variables: { first_name: 'Ada', company: 'Acme' } });
  expect(ada.vtt).toMatch(/Ada/);
  expect(ada.vtt).toMatch(/Acme/);
  expect(ada.vtt).not.toMatch(/[{}]/);
  const grace = await make('Grace', 'Globex');
  expect(grace.vtt).toMatch(/Grace/);
  // The title is drawn with each video's name: the title's pixels differ, the rest of the white frame does not.
  const size = { width: 720, height: 720 };
  const [a, g] = [await frameAt(ada.file, 0.5, size), await frameAt(grace.file, 0.5, size)];
  const differing = (from: number, to: number) => {
    let count = 0;
    for (let y = from; y < to; y++)
      for (let x = 0; x < 480; x++) {
        const at = (y * size.width + x) * 3;
        if (Math.abs(a.data[at]! - g.data[at]!) + Math.abs(a.data[at + 1]! - g.data[at + 1]!) > 60) count++;
      }
    return count;
  };
  expect(differing(0, 300)).toBeGreaterThan(200);
  expect(differing(380, 460)).toBe(0);

  // A video saved as a template: its scenes and words, the values as they were filled in.
  const saved = await post(team('/templates'), { name: 'Ada again', from_video_id: ada.body.id });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({
    variables: [],
    body: { aspect_ratio: '1:1', scenes: [{ script: 'Hi Ada, thanks for joining Acme.' }] },
  });
  // Renamed (replaced whole), then deleted; the videos made of it stay.
  const renamed = await call(t.app, {
    method: 'PUT',
    url: team(`/templates/${saved.body.id}`),
    token: owner.token,
    body: { ...saved.body.body, name: 'Ada, renamed' },
  });
  expect(renamed).toMatchObject({ status: 200, body: { name: 'Ada, renamed' } });
  expect((await call(t.app, { method: 'DELETE', url: team(`/templates/${id}`), token: owner.token })).status).toBe(204);
  expect((await get(team(`/videos/${ada.body.id}`))).body.template).toEqual({
    id: null,
    variables: { first_name: 'Ada', company: 'Acme' },
  });
}, 240_000);

/**
 * A second generation worker, a process of its own on the test's PostgreSQL database (src/worker.ts, as deployed),
 * resolved once it is ready. (The embedded database cannot be shared: on PGlite the batch runs on one worker.)
 */
async function secondWorker(): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../src/worker.ts')], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.dataDir, WATERMARK: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    worker.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Kagami worker ready') && ready());
    worker.on('exit', (code) => failed(new Error(`the second worker exited (${code})`)));
  });
  worker.stdout!.resume();
  return worker;
}

/** Segment jobs of these videos that ran at the same time as another. */
async function overlapping(videoIds: string[]) {
  const { rows } = await t.database.db.execute(
    sql`select started_on as started, completed_on as completed from pgboss.job where name = 'video-segment' and data->>'videoId' in ${sql.raw(`('${videoIds.join("','")}')`)}`,
  );
  const runs = rows as { started: string; completed: string }[];
  return runs.some((a) =>
    runs.some((b) => a !== b && new Date(a.started) < new Date(b.completed) && new Date(b.started) < new Date(a.completed)),
  );
}

test('a batch: rows checked first, started two at a time on two workers, each its own values in row order, announced once', async () => {
  // On PostgreSQL a second worker joins once this process is rendering the first row, which waits (up to 20 s) until
  // that worker renders another: two workers at once, whichever is faster.
  const twoWorkers = Boolean(t.database.url);
  let engaged = () => {};
  const rendering = new Promise<void>((resolve) => (engaged = resolve));
  const render = LocalEngine.prototype.renderSegment;
  let held = false;
  const spy = jest.spyOn(LocalEngine.prototype, 'renderSegment').mockImplementation(async function (this: LocalEngine, input, range) {
    if (twoWorkers && !held) {
      held = true;
      engaged();
      await eventually(
        () => t.database.db.execute(sql`select count(*)::int as active from pgboss.job where name = 'video-segment' and state = 'active'`),
        (r) => (r.rows[0] as { active: number }).active >= 2,
        20_000,
      ).catch(() => undefined);
    }
    return render.call(this, input, range);
  });
  let worker: ChildProcess | null = null;
  afterThisTest.push(
    () => spy.mockRestore(),
    () => worker?.kill('SIGTERM'),
  );
  const template = (await post(team('/templates'), { ...welcome(), name: 'Outreach' })).body;
  await t.database.db
    .insert(webhookEndpoints)
    .values({ teamId: owner.teamId, url: 'https://hooks.example.com/kagami', events: ['batch.completed'] });
  const names = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger'];
  const rows = names.map((first_name, index) => ({ variables: { first_name, company: `Co ${index + 1}` } }));

  // A bad row refuses the whole batch, naming it; nothing starts.
  const bad = await post(team(`/templates/${template.id}/batches`), {
    rows: [...rows.slice(0, 2), { variables: { first_name: 'Nobody' }, avatar_id: '00000000-0000-4000-8000-000000000000' }],
  });
  expect(bad).toMatchObject({ status: 422, body: { code: 'batch_rows_invalid' } });
  expect(bad.body.rows).toEqual([
    { row: 3, column: 'company', problem: 'missing_value' },
    { row: 3, column: 'avatar_id', problem: 'not_found' },
  ]);
  expect((await get(team('/batches'))).body.data).toEqual([]);

  // No rows, or a CSV of a header alone: said at the field, translated.
  const none = await post(team(`/templates/${template.id}/batches`), { rows: [] });
  expect(none).toMatchObject({ status: 400, body: { fields: { rows: { key: 'validation.batchRowsCount', params: { max: '1000' } } } } });
  const headerOnly = await post(team(`/templates/${template.id}/batches`), { csv: 'first_name,company\n' });
  expect(headerOnly.body.fields.csv.message).toBe('A batch has from 1 to 1000 rows.');

  // A check starts nothing and estimates the rows against what is left.
  const check = await post(team(`/templates/${template.id}/batches`), { rows, dry_run: true });
  expect(check).toMatchObject({ status: 200, body: { rows: 5, problems: [] } });
  expect(check.body.estimate_seconds).toBeGreaterThan(5);

  const started = await post(team(`/templates/${template.id}/batches`), { rows });
  expect(started).toMatchObject({ status: 202, body: { status: 'in_progress', counts: { total: 5 } } });
  if (twoWorkers) {
    await rendering;
    worker = await secondWorker();
  }
  const seen: number[] = [];
  const done = await eventually(
    async () => {
      const r = await get(team(`/batches/${started.body.id}`));
      seen.push(r.body.counts.in_progress);
      return r;
    },
    (r) => r.body.status !== 'in_progress',
    240_000,
  );
  expect(done.body).toMatchObject({ status: 'completed', counts: { total: 5, ready: 5, failed: 0 } });
  // The plan renders two at once: never more than two in progress.
  expect(Math.max(...seen)).toBeLessThanOrEqual(2);
  const made = await t.database.db
    .select()
    .from(videos)
    .where(
      inArray(
        videos.id,
        done.body.rows.map((row: { video_id: string }) => row.video_id),
      ),
    );
  const scripts = done.body.rows.map((row: { video_id: string }) => made.find((video) => video.id === row.video_id)!.scenes![0]!.script);
  expect(scripts).toEqual(names.map((name, index) => `Hi ${name}, thanks for joining Co ${index + 1}.`));
  expect(made.every((video) => video.batchId === started.body.id)).toBe(true);
  // Two workers rendered at once (on PostgreSQL, where a second worker process can share the database).
  if (worker) expect(await overlapping(made.map((video) => video.id))).toBe(true);
  expect(done.body.rows.map((row: { row: number; title: string }) => [row.row, row.title])).toEqual(
    names.map((name, index) => [index + 1, `Outreach (${name})`]),
  );
  // Each video once in History, with its batch.
  const history = await get(team('/history?type=app&page=1&page_size=50'));
  const fromBatch = history.body.items.filter((item: { batch: { id: string } | null }) => item.batch?.id === started.body.id);
  expect(fromBatch).toHaveLength(5);
  // Announced once, after the last row, with the batch.
  const announced = await eventually(
    () =>
      t.database.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.teamId, owner.teamId), eq(webhookDeliveries.event, 'batch.completed'))),
    (found) => found.length > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const again = await t.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.teamId, owner.teamId), eq(webhookDeliveries.event, 'batch.completed')));
  expect(again).toHaveLength(1);
  expect(announced[0]!.payload).toMatchObject({
    type: 'batch.completed',
    data: { id: started.body.id, status: 'completed', counts: { ready: 5 } },
  });

  // The results, as CSV, open back: a line per row with its video and links.
  const results = await t.app.inject({
    url: team(`/batches/${started.body.id}/results.csv?share=true`),
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(results.statusCode).toBe(200);
  const { columns, records } = csvRecords(results.body);
  expect(columns).toEqual(['row', 'title', 'video_id', 'status', 'reason', 'share_link', 'download_link']);
  expect(records.map((record) => [record.row, record.status])).toEqual(names.map((_, index) => [String(index + 1), 'ready']));
  expect(records.every((record) => record.share_link!.includes('/share/') && record.download_link!.includes('/assets/signed/'))).toBe(true);
}, 300_000);

test('a batch cancelled after two started: the rest never start and take nothing', async () => {
  const template = (await post(team('/templates'), { ...welcome(), name: 'Many' })).body;
  const rows = Array.from({ length: 20 }, (_, index) => ({ variables: { first_name: `Person ${index + 1}`, company: 'Acme' } }));
  const started = await post(team(`/templates/${template.id}/batches`), { rows });
  await eventually(
    () => get(team(`/batches/${started.body.id}`)),
    (r) => r.body.counts.in_progress + r.body.counts.ready >= 2,
  );
  const cancelled = await post(team(`/batches/${started.body.id}/cancel`), {});
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.counts.cancelled).toBe(18);
  const ended = await eventually(
    () => get(team(`/batches/${started.body.id}`)),
    (r) => r.body.status !== 'in_progress' && r.body.ended_at !== null,
    120_000,
  );
  expect(ended.body).toMatchObject({ status: 'cancelled', counts: { total: 20, ready: 2, cancelled: 18, queued: 0 } });
  const madeIds = ended.body.rows
    .filter((row: { video_id: string | null }) => row.video_id)
    .map((row: { video_id: string }) => row.video_id);
  expect(madeIds).toHaveLength(2);
  const charged = await t.database.db
    .select()
    .from(usage)
    .where(and(inArray(usage.itemId, madeIds), eq(usage.metric, 'video_seconds')));
  expect(charged).toHaveLength(2);
  const videosOfBatch = await t.database.db.select().from(videos).where(eq(videos.batchId, started.body.id));
  expect(videosOfBatch).toHaveLength(2);
  expect((await post(team(`/batches/${started.body.id}/cancel`), {})).body.code).toBe('batch_not_in_progress');
}, 240_000);

test('a row past the quota fails alone; a CSV with a BOM, semicolons, quotes and Japanese is read as spreadsheets write it', async () => {
  const member = await onboardedUser(t.app, 'templates-free@example.com', 'Free');
  const avatar = await readyLoopAvatar(t, member.teamId, 'Free presenter');
  const at = (path: string) => `/api/teams/${member.teamId}${path}`;
  const template = (
    await post(at('/templates'), { ...welcome(), name: 'Free', scenes: [{ ...welcome().scenes[0], avatar_id: avatar }] }, member.token)
  ).body;
  // The free plan has 3 minutes; 20 s are left.
  const [profile] = [(await get('/api/profile', member.token)).body];
  await t.database.db.insert(usage).values({
    userId: profile.id,
    productType: 'app',
    metric: 'video_seconds',
    amount: 160,
    state: 'settled',
    itemId: crypto.randomUUID(),
  });
  const long = 'a very long company name that takes a while to say out loud '.repeat(4).trim();
  const csv = `\uFEFFfirst_name;company\r\nAda;"Acme; Inc."\r\n山田;"${long}"\r\n"Grace ""G"" H";株式会社カガミ\r\n\r\n`;
  const check = await post(at(`/templates/${template.id}/batches`), { csv, dry_run: true }, member.token);
  expect(check.body).toMatchObject({ rows: 3, seconds_left: 20, problems: [{ row: 2, column: null, problem: 'over_quota' }] });
  const started = await post(at(`/templates/${template.id}/batches`), { csv }, member.token);
  expect(started.status).toBe(202);
  const done = await eventually(
    () => get(at(`/batches/${started.body.id}`), member.token),
    (r) => r.body.status !== 'in_progress',
    180_000,
  );
  expect(done.body.status).toBe('completed_with_errors');
  expect(done.body.rows.map((row: { status: string; reason: string | null }) => [row.status, row.reason])).toEqual([
    ['ready', null],
    ['failed', 'quota_exceeded'],
    ['ready', null],
  ]);
  expect(done.body.rows.map((row: { variables: Record<string, string> }) => row.variables)).toEqual([
    { first_name: 'Ada', company: 'Acme; Inc.' },
    { first_name: '山田', company: long },
    { first_name: 'Grace "G" H', company: '株式会社カガミ' },
  ]);
  const [third] = await t.database.db
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, started.body.id), eq(batchRows.row, 3)));
  const video = await get(at(`/videos/${third!.videoId}`), member.token);
  expect(video.body.scenes[0].script).toBe('Hi Grace "G" H, thanks for joining 株式会社カガミ.');
  // The failed row is retried (and fails again, the quota being what it is).
  const retried = await post(at(`/batches/${started.body.id}/retry`), {}, member.token);
  expect(retried).toMatchObject({ status: 200, body: { status: 'in_progress' } });
}, 240_000);

test('a batch of an uploaded CSV: checked by its content, read for a check, taken in when the batch starts', async () => {
  const template = (await post(team('/templates'), { ...welcome(), name: 'Uploaded' })).body;
  const notCsv = uploadFile(t.app, owner.token, owner.teamId, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff, 0xfe]), 'batch_csv');
  await expect(notCsv).rejects.toThrow(/not_a_csv/);
  const csv = Buffer.from('\uFEFFfirst_name;company\r\nAda;Acme\r\nGrace;Globex\r\n');
  const upload = await uploadFile(t.app, owner.token, owner.teamId, csv, 'batch_csv');
  const check = await post(team(`/templates/${template.id}/batches`), { upload_id: upload, dry_run: true });
  expect(check.body).toMatchObject({ rows: 2, problems: [] });
  const started = await post(team(`/templates/${template.id}/batches`), { upload_id: upload });
  expect(started).toMatchObject({ status: 202, body: { counts: { total: 2 } } });
  expect(started.body.rows.map((row: { variables: Record<string, string> }) => row.variables.first_name)).toEqual(['Ada', 'Grace']);
  // Taken in: the same upload starts nothing again.
  const again = await post(team(`/templates/${template.id}/batches`), { upload_id: upload });
  expect(again).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(again.body.fields)).toEqual(['upload_id']);
  await eventually(
    () => get(team(`/batches/${started.body.id}`)),
    (r) => r.body.status !== 'in_progress',
    120_000,
  );
}, 180_000);
