// A document with the media in a bucket (s3rver): the PDF and its rendered pages are objects in the bucket, nothing of
// them stays in the data folder, a page is downloaded by its presigned link, and deleting the document removes them.
import { rmSync } from 'node:fs';
import { createS3Storage } from '../../src/storage/s3-storage';
import type { ObjectStorage } from '../../src/storage/object-storage';
import { build, call, eventually, onboardedUser, uploadFile, type TestApp } from '../helper';
import { lineOf, pdfOf } from '../media/documents';
import { keysIn, mediaIn, s3Env, startS3, type TestS3 } from './s3-server';

let s3: TestS3;
let bucket: ObjectStorage;
let t: TestApp;
let owner: { token: string; teamId: string };

beforeAll(async () => {
  s3 = await startS3();
  bucket = createS3Storage(s3.options);
  t = await build(s3Env(s3));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await onboardedUser(t.app, 's3-documents@example.com');
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(t.config.dataDir, { recursive: true, force: true });
});

test('a document rendered from the bucket into the bucket, downloaded by presigned link, and removed from it with the document', async () => {
  const id = await uploadFile(t.app, owner.token, owner.teamId, await pdfOf(2), 'document');
  const url = `/api/teams/${owner.teamId}/documents/${id}`;
  const ready = await eventually(
    () => call(t.app, { url, token: owner.token }),
    (answer) => answer.body.status !== 'in_progress',
    30_000,
  );
  expect(ready.body).toMatchObject({ status: 'ready', page_count: 2 });
  expect(ready.body.pages[1].text).toContain(lineOf(2));

  const keys = (await keysIn(bucket)).filter((key) => key.includes(id)).sort();
  expect(keys).toEqual([
    `avatar_input/document-${id}.pdf`,
    `avatar_output/document-${id}-1-thumb.jpg`,
    `avatar_output/document-${id}-1.png`,
    `avatar_output/document-${id}-2-thumb.jpg`,
    `avatar_output/document-${id}-2.png`,
  ]);
  expect(mediaIn(t.config.dataDir)).toEqual([]);

  const signed = await call(t.app, { url: ready.body.pages[0].image, token: owner.token });
  const presigned = await t.app.inject({ url: signed.headers.location as string });
  expect(presigned.statusCode).toBe(302);
  const answer = await fetch(presigned.headers.location as string);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('image/png');
  expect(
    Buffer.from(await answer.arrayBuffer())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');

  expect((await call(t.app, { method: 'DELETE', url, token: owner.token })).status).toBe(204);
  expect((await keysIn(bucket)).filter((key) => key.includes(id))).toEqual([]);
});
