// The docker-compose deployment, checked in Chromium against its published ports (pnpm test:compose).
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { COMPOSE_API } from '../compose.config';
import { probe } from '../tests/media';
import { stretched } from '../stretch';
import { signInWithToken } from '../tests/support';
import { allHealthy, avatarFrom, compose, containers, docker, READY, signUp, sql } from './support';

const startedAt = (id: string) => docker('inspect', '-f', '{{.Id}} {{.State.StartedAt}}', id);

test.describe.serial('Kagami deployed with docker-compose', () => {
  let page: Page;
  let user: { token: string; headers: Record<string, string>; teamId: string };
  let avatarId: string;

  test.beforeAll(async ({ browser }) => {
    await allHealthy();
    // Long waits on a spinning page: with reduced motion nothing repaints, leaving the CPU to the workers.
    page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
  });
  test.afterAll(() => page.close());

  test('1. sign up, an avatar from a face clip and a video from a script, rendered by a worker and downloaded through the shell', async ({
    request,
  }) => {
    // An avatar and then a video, each given READY by a worker on a busy two-core machine: more than one test's time.
    test.setTimeout(2 * READY.timeout + 60_000);
    user = await signUp(request, `compose-${Date.now()}@example.com`);
    await signInWithToken(page, user.token, '/avatars/new');
    avatarId = await avatarFrom(page, 'Compose Yuki', 'face-clip.mp4');

    await page.goto(`/videos/new/${avatarId}`);
    await page.getByLabel('Video name').fill('Compose welcome');
    await page.getByRole('textbox', { name: 'Script' }).fill('Welcome to Kagami, running in containers.');
    await page.getByRole('button', { name: 'Generate video' }).click();
    const processing = page.getByTestId('video-processing');
    await expect(processing.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
    const videoId = new URL(page.url()).searchParams.get('video')!;
    const workerLogs = compose('logs', '--no-color', 'worker');
    expect(workerLogs).toContain(`video-render finished for ${videoId}`);
    expect(compose('logs', '--no-color', 'api')).not.toContain(`video-render started for ${videoId}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Compose welcome' }).click();
    const saved = test.info().outputPath('compose-welcome.mp4');
    await (await download).saveAs(saved);
    expect(probe(saved).streams).toEqual(expect.arrayContaining(['video', 'audio']));
  });

  test("2. remote-studio's version switches to tag b and back to a by recreating only its container", async () => {
    const [shell] = containers('shell');
    const shellBefore = startedAt(shell!);
    await page.goto('/avatars');
    // Ops read a remote's version beside its manifest; users never see it.
    const config = (await (await page.request.get('/runtime-config.json')).json()) as { remotes: Record<string, string> };
    const studioVersion = async () =>
      ((await (await page.request.get(new URL('version.json', config.remotes.remote_studio).toString())).json()) as { version: string })
        .version;
    expect(await studioVersion()).toBe('a');

    for (const tag of ['b', 'a']) {
      execFileSync('docker-compose', ['up', '-d', '--no-deps', 'remote-studio'], {
        cwd: '..',
        env: { ...process.env, REMOTE_STUDIO_TAG: tag },
        stdio: 'ignore',
      });
      await allHealthy();
      expect(await studioVersion()).toBe(tag);
      await page.reload();
      await expect(page.getByRole('article', { name: 'Compose Yuki' })).toBeVisible();
      expect(startedAt(containers('shell')[0]!)).toBe(shellBefore);
    }
  });

  test('3. with remote-billing stopped, the rest works and billing shows the fallback; Retry recovers once it is back', async () => {
    compose('stop', 'remote-billing');
    await page.goto('/subscription');
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toContainText('Temporarily unavailable', { timeout: 30_000 });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Avatars' }).click();
    await expect(page.getByRole('article', { name: 'Compose Yuki' })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await menu.getByRole('link', { name: 'History' }).click();
    await expect(fallback).toBeVisible({ timeout: 30_000 });

    compose('start', 'remote-billing');
    await allHealthy();
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  });

  test('4. a worker killed mid-render: the other worker finishes the video once, and it is charged once', async ({ request }) => {
    const script = Array.from({ length: 8 }, () => 'Kagami renders this sentence while a worker is stopped without warning.').join(' ');
    const created = await request.post(`${COMPOSE_API}/api/teams/${user.teamId}/videos`, {
      headers: user.headers,
      data: { name: 'Survivor', avatar_id: avatarId, language: 'en', script, subtitles: false },
    });
    expect(created.status()).toBe(202);
    const videoId = ((await created.json()) as { id: string }).id;

    let victim = '';
    await expect
      .poll(
        () => {
          victim = containers('worker').find((id) => docker('logs', id).includes(`video-render started for ${videoId}`)) ?? '';
          return victim;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .not.toBe('');
    await page.waitForTimeout(2000);
    docker('kill', '-s', 'KILL', victim);

    await expect
      .poll(
        async () => {
          const video = await request.get(`${COMPOSE_API}/api/teams/${user.teamId}/videos/${videoId}`, { headers: user.headers });
          return ((await video.json()) as { status: string }).status;
        },
        { timeout: stretched(180_000), intervals: [2000] },
      )
      .toBe('ready');
    const survivor = containers('worker').find(
      (id) => id !== victim && docker('logs', id).includes(`video-render finished for ${videoId}`),
    );
    expect(survivor).toBeTruthy();
    expect(sql(`select count(*) from history where name = 'Survivor' and type = 'video_generation'`)).toBe('1');
    // Charged once: one settled row for each of its minutes (video and audio).
    expect(sql(`select string_agg(metric || ' ' || state, ', ' order by metric) from usage where item_id = '${videoId}'`)).toBe(
      'audio_seconds settled, video_seconds settled',
    );
    compose('up', '-d', '--scale', 'worker=2');
  });

  test('5. down and up again: users, avatars and videos are still there', async () => {
    compose('down');
    compose('up', '-d', '--scale', 'worker=2');
    await allHealthy();
    await signInWithToken(page, user.token, '/avatars');
    await expect(page.getByRole('article', { name: 'Compose Yuki' })).toBeVisible();
    await page.goto('/videos');
    await expect(page.getByTestId('video-row').filter({ hasText: 'Compose welcome' }).getByText('Ready')).toBeVisible();
    await expect(page.getByTestId('video-row').filter({ hasText: 'Survivor' }).getByText('Ready')).toBeVisible();
  });
});
