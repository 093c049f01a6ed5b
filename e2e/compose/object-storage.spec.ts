// The object-storage variant (docker-compose.s3.yml, with the test's S3-compatible stand-in): the API and two workers
// keep no media; an avatar from a photo and a video are made through the bucket (uploads included) and downloaded
// through the shell.
import { expect, test } from '@playwright/test';
import { probe } from '../tests/media';
import { signInWithToken } from '../tests/support';
import { allHealthy, avatarFrom, compose, containers, docker, READY, signUp } from './support';

/** The files of the stand-in's bucket, by key (s3rver keeps each object as `<key>._S3rver_object`). */
const bucketKeys = () =>
  compose('exec', '-T', 's3', 'find', '/tmp/objects', '-name', '*._S3rver_object')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^\/tmp\/objects\/[^/]+\//, '').replace(/\._S3rver_object$/, ''));

/** Media files in a container's data folder: any file of a category's folder or of the uploads'. */
const mediaIn = (container: string) =>
  docker('exec', container, 'find', '/data', '-type', 'f')
    .split('\n')
    .filter((path) => /^\/data\/(avatar_input|avatar_output|audio_output|video_output|uploads)\//.test(path));

test('media in a bucket: an avatar and a video are made by the workers, kept as objects, and downloaded; no container keeps media', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * READY.timeout + 60_000);
  await allHealthy();
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
  const user = await signUp(request, `bucket-${Date.now()}@example.com`);
  await signInWithToken(page, user.token, '/avatars/new');
  const avatarId = await avatarFrom(page, 'Bucket Yuki', 'face-photo.jpg');

  await page.goto(`/videos/new/${avatarId}`);
  await page.getByLabel('Video name').fill('Bucket welcome');
  await page.getByRole('textbox', { name: 'Script' }).fill('Kept in a bucket, made on any worker.');
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByTestId('video-processing').getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
  const videoId = new URL(page.url()).searchParams.get('video')!;

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Bucket welcome' }).click();
  const saved = test.info().outputPath('bucket-welcome.mp4');
  await (await download).saveAs(saved);
  expect(probe(saved).streams).toEqual(expect.arrayContaining(['video', 'audio']));

  expect(bucketKeys()).toEqual(
    expect.arrayContaining([`avatar_output/${avatarId}-loop.mp4`, `video_output/${videoId}.mp4`, `video_output/${videoId}.jpg`]),
  );
  for (const container of [...containers('api'), ...containers('worker')]) expect(mediaIn(container)).toEqual([]);
});
