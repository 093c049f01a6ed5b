// The `kagami` CLI against a running server: login with the key, lists, a video made end to end with
// --wait and saved with --out (ffprobe reads it), and the messages of a bad key and bad input.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { probeMedia } from '../src/media/probe';
import { runFfmpeg } from '../src/media/tools';
import { build, call, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';
import { publicApiContract } from './contract';

const KAGAMI = resolve(__dirname, '../../cli/bin/kagami.mjs');
const contract = publicApiContract();
let t: TestApp;
let url = '';
let dir = '';
let key = '';
let avatarId = '';

type Run = { code: number; stdout: string; stderr: string };
const kagami = (...args: string[]) =>
  new Promise<Run>((done) => {
    execFile(
      process.execPath,
      [KAGAMI, ...args],
      { cwd: dir, env: { ...process.env, KAGAMI_CONFIG: join(dir, 'credentials.json'), KAGAMI_POLL_MS: '300', KAGAMI_API_KEY: '' } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

beforeAll(async () => {
  t = await build({ WATERMARK: 'false' }, { onAnswer: contract.onAnswer });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const owner = await onboardedUser(t.app, 'cli@example.com', 'CLI Team');
  key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key;
  await subscribe(t, owner.token, 'price_api_starter_month_usd');
  avatarId = await readyLoopAvatar(t, owner.teamId, 'CLI presenter');
  dir = mkdtempSync(join(tmpdir(), 'kagami-cli-'));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

test('login checks the key and keeps it for its owner only; a wrong key is refused with the reason', async () => {
  const wrong = await kagami('login', '--key', 'kgm_wrong', '--url', url);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain('(api_key_invalid)');

  const login = await kagami('login', '--key', key, '--url', url);
  expect(login).toMatchObject({ code: 0 });
  expect(login.stdout).toContain('Logged in to team "CLI Team"');
  expect(statSync(join(dir, 'credentials.json')).mode & 0o777).toBe(0o600);
});

test('avatars and voices list what the team has', async () => {
  const avatars = await kagami('avatars');
  expect(avatars.code).toBe(0);
  expect(avatars.stdout).toMatch(new RegExp(`${avatarId}\\s+ready\\s+en\\s+CLI presenter`));
  const voices = await kagami('voices', '--json');
  expect(JSON.parse(voices.stdout)).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: 'builtin-ja-haruka', kind: 'builtin', gender: 'female' })]),
  );
});

test('video create --wait --out renders a video and saves a playable mp4; video get shows it', async () => {
  writeFileSync(join(dir, 'hello.txt'), 'Hello from the command line. [pause 1s] Goodbye.');
  const created = await kagami(
    'video',
    'create',
    '--avatar',
    avatarId,
    '--script',
    'hello.txt',
    '--speed',
    '1.25',
    '--wait',
    '--out',
    'hello.mp4',
  );
  expect(created.stderr).toMatch(/Rendering .+ s/);
  expect(created.stderr).toMatch(/is ready \([\d.]+ s\)\. Saved hello\.mp4/);
  expect(created.code).toBe(0);
  const probe = await probeMedia(join(dir, 'hello.mp4'));
  expect(probe?.video?.codec).toBe('h264');
  expect(probe?.audio?.codec).toBe('aac');
  expect(probe?.durationSeconds).toBeGreaterThan(1);

  const id = created.stdout.trim();
  const got = await kagami('video', 'get', id);
  expect(JSON.parse(got.stdout)).toMatchObject({
    id,
    title: 'hello',
    status: 'ready',
    speed: 1.25,
    download_url: expect.stringContaining('/assets/signed/'),
  });
}, 120_000);

test('verify: the saved video is a Kagami video, unchanged; a changed copy and an unsigned file are said to be so', async () => {
  const intact = await kagami('verify', 'hello.mp4');
  expect(intact.stderr).toBe('');
  expect(intact.code).toBe(0);
  expect(intact.stdout).toMatch(
    /hello\.mp4 is a Kagami video, unchanged since it was made: "hello" of team "CLI Team", avatar "CLI presenter"/,
  );
  expect(intact.stdout).toContain('trainedAlgorithmicMedia');
  const bytes = readFileSync(join(dir, 'hello.mp4'));
  bytes[bytes.length - 200] = bytes[bytes.length - 200]! ^ 0xff;
  writeFileSync(join(dir, 'changed.mp4'), bytes);
  const changed = await kagami('verify', 'changed.mp4');
  expect(changed.code).toBe(1);
  expect(changed.stderr).toContain('changed.mp4 is NOT as it was made');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:duration=1', '-pix_fmt', 'yuv420p', join(dir, 'plain.mp4')]);
  const plain = await kagami('verify', 'plain.mp4');
  expect(plain.code).toBe(3);
  expect(plain.stderr).toContain('plain.mp4 carries no Content Credentials');
}, 60_000);

test('a square video over an uploaded picture with burned-in captions: the video, its SRT and its poster saved', async () => {
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x480:duration=1', '-frames:v', '1', join(dir, 'office.png')]);
  writeFileSync(join(dir, 'square.txt'), 'A square video. It has captions.');
  const created = await kagami(
    ...['video', 'create', '--avatar', avatarId, '--script', 'square.txt', '--aspect-ratio', '1:1', '--background', 'office.png'],
    ...['--placement', 'right', '--scale', '0.8', '--subtitles', '--out', 'square.mp4', '--srt', 'square.srt', '--thumbnail', 'square.jpg'],
  );
  expect(created.stderr).toMatch(/Saved square\.mp4/);
  expect(created.code).toBe(0);
  expect((await probeMedia(join(dir, 'square.mp4')))?.video).toMatchObject({ width: 720, height: 720 });
  expect((await probeMedia(join(dir, 'square.jpg')))?.video).toMatchObject({ codec: 'mjpeg', width: 720, height: 720 });
  expect(readFileSync(join(dir, 'square.srt'), 'utf8')).toMatch(
    /^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nA square video\.\n\n2\n.+\nIt has captions\.\n$/,
  );
  const video = JSON.parse((await kagami('video', 'get', created.stdout.trim())).stdout);
  expect(video).toMatchObject({
    aspect_ratio: '1:1',
    resolution: '720p',
    background: { type: 'image', upload_id: expect.any(String) },
    placement: { position: 'right', scale: 0.8 },
    captions: { burn_in: true, srt_url: expect.stringContaining('.srt'), vtt_url: expect.stringContaining('.vtt') },
    thumbnail_url: expect.stringContaining('.jpg'),
  });
  // The picture joined the team's backgrounds: the same id makes the next video without a new upload.
  const again = await fetch(`${url}/api/v1/videos`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Again', avatar_id: avatarId, language: 'en', script: 'Again.', background: video.background }),
  });
  expect(again.status).toBe(202);
}, 120_000);

test('video create --scenes makes a video of several scenes from a JSON list; a file that is no list is refused', async () => {
  const scenes = [
    { script: 'Welcome.', background: { type: 'color', value: '#0F766E' }, placement: { position: 'corner', scale: 0.35 } },
    { script: 'Goodbye.', transition: { type: 'fade', seconds: 0.3 } },
  ];
  writeFileSync(join(dir, 'onboarding.json'), JSON.stringify(scenes));
  const created = await kagami('video', 'create', '--avatar', avatarId, '--scenes', 'onboarding.json', '--wait');
  expect(created.stderr).toMatch(/is ready/);
  expect(created.code).toBe(0);
  const id = created.stdout.trim().split('\n').pop()!;
  const video = JSON.parse((await kagami('video', 'get', id)).stdout);
  expect(video).toMatchObject({ title: 'onboarding', status: 'ready' });
  expect(video.scenes).toHaveLength(2);
  expect(video.scenes[1]).toMatchObject({ transition: { type: 'fade', seconds: 0.3 }, start_seconds: expect.any(Number) });

  writeFileSync(join(dir, 'broken.json'), '{"not": "a list"}');
  const broken = await kagami('video', 'create', '--scenes', 'broken.json');
  expect(broken.code).toBe(2);
  expect(broken.stderr).toContain('The scenes file broken.json holds no list of scenes.');
}, 120_000);

test('brand-kit set changes what it is given (colours, a heading font uploaded) and keeps the rest', async () => {
  const empty = await kagami('brand-kit');
  expect(empty).toMatchObject({ code: 0 });
  expect(empty.stdout).toContain('Colours:      (none)');
  const font = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSerif.ttf');
  copyFileSync(font, join(dir, 'Serif.ttf'));
  const set = await kagami('brand-kit', 'set', '--colors', '#0F766E,#F59E0B', '--heading-font', 'Serif.ttf');
  expect(set.code).toBe(0);
  expect(set.stdout).toContain('Colours:      #0F766E #F59E0B');
  expect(set.stdout).toContain('Heading font: Serif.ttf');
  const colours = await kagami('brand-kit', 'set', '--colors', '#111111', '--json');
  expect(JSON.parse(colours.stdout)).toMatchObject({ colors: ['#111111'], heading_font: { name: 'Serif.ttf' } });
  const notAFont = await kagami('brand-kit', 'set', '--body-font', 'onboarding.json');
  expect(notAFont.code).toBe(1);
  expect(notAFont.stderr).toContain('not_a_font');
});

test('bad input: field errors from the API, a missing option or file explained with the usage', async () => {
  writeFileSync(join(dir, 'short.txt'), 'Hi.');
  const badLanguage = await kagami('video', 'create', '--avatar', avatarId, '--script', 'short.txt', '--language', 'xx');
  expect(badLanguage.code).toBe(1);
  expect(badLanguage.stderr).toContain('(validation_failed)');
  expect(badLanguage.stderr).toContain('language: Invalid value.');

  const unknownAvatar = await kagami('video', 'create', '--avatar', '00000000-0000-4000-8000-000000000000', '--script', 'short.txt');
  expect(unknownAvatar.stderr).toContain('(not_found)');

  const tooFast = await kagami('video', 'create', '--avatar', avatarId, '--script', 'short.txt', '--speed', '3');
  expect(tooFast.stderr).toContain('speed: Enter a value less than or equal to 1.5.');

  const corner = await kagami('video', 'create', '--avatar', avatarId, '--script', 'short.txt', '--placement', 'corner');
  expect(corner.stderr).toContain('(placement_needs_background)');
  const tall = await kagami('video', 'create', '--avatar', avatarId, '--script', 'short.txt', '--aspect-ratio', '2:1');
  expect(tall.stderr).toContain('aspect_ratio:');
  const notANumber = await kagami('video', 'create', '--avatar', avatarId, '--script', 'short.txt', '--speed', 'fast');
  expect(notANumber).toMatchObject({ code: 2, stderr: expect.stringContaining('--speed takes a number from 0.75 to 1.5, not "fast"') });

  const missing = await kagami('video', 'create', '--script', 'short.txt');
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('needs --avatar ID and --script FILE');
  expect((await kagami('video', 'create', '--avatar', avatarId, '--script', 'nope.txt')).stderr).toContain('Cannot read the script file');
});

test('template list shows the variables; batch create --wait follows a CSV batch and prints its results; a bad row is named', async () => {
  const empty = await kagami('template', 'list');
  expect(empty.stdout).toContain('No templates yet');
  const template = await call(t.app, {
    method: 'POST',
    url: '/api/v1/templates',
    headers: { 'x-api-key': key },
    body: { name: 'Greeting', language: 'en', avatar_id: avatarId, script: 'Hi {{first_name}} of {{company|your team}}.' },
  });
  const list = await kagami('template', 'list');
  expect(list.stdout).toMatch(new RegExp(`${template.body.id}\\s+1\\s+Greeting\\s+first_name, company`));

  writeFileSync(join(dir, 'rows.csv'), '\uFEFFfirst_name;company\r\nAda;"Acme; Inc."\r\n山田;\r\n');
  const batch = await kagami('batch', 'create', '--template', template.body.id, '--csv', 'rows.csv', '--wait');
  expect(batch).toMatchObject({ code: 0, stderr: expect.stringContaining('completed: 2 ready, 0 failed') });
  const [header, ...lines] = batch.stdout.trim().split('\n');
  expect(header).toBe('row,title,video_id,status,reason,share_link,download_link');
  expect(lines.map((line) => line.split(',').slice(0, 2).concat(line.split(',')[3]!))).toEqual([
    ['1', 'Greeting (Ada)', 'ready'],
    ['2', 'Greeting (山田)', 'ready'],
  ]);

  writeFileSync(join(dir, 'bad.csv'), 'first_name,city\nGrace,Kyoto\n');
  const bad = await kagami('batch', 'create', '--template', template.body.id, '--csv', 'bad.csv');
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('row 1, city: unknown column');
  expect(bad.stderr).toContain('(batch_rows_invalid)');
  expect((await kagami('batch', 'create', '--csv', 'bad.csv')).stderr).toContain('needs --template ID and --csv FILE');
}, 180_000);

test('every /api/v1 answer above is one the OpenAPI document declares, in its schema', () => {
  console.log(`Contract: ${contract.answers.size} kinds of /api/v1 answer checked, ${contract.violations.length} violations.`);
  expect(contract.violations).toEqual([]);
  expect(contract.answers.size).toBeGreaterThan(0);
});
