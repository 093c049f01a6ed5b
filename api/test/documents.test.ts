// Documents: a PDF uploaded with purpose `document` is checked by its content, rendered once page by page (a picture,
// a thumbnail, the page's text) by a job, and read back by members of its team only.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import * as tus from 'tus-js-client';
import { checkDocumentUpload } from '../src/domains/uploads/limits';
import { BLOCKS, lineOf, PAGE, pdfOf } from './media/documents';
import { build, call, eventually, onboardedUser, type TestApp } from './helper';

let t: TestApp;
let endpoint: string;
let owner: { token: string; teamId: string };
let outsider: { token: string; teamId: string };

beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/uploads`;
  owner = await onboardedUser(t.app, 'documents@example.com');
  outsider = await onboardedUser(t.app, 'documents-other@example.com');
});
afterAll(() => t.close());

function send(file: Buffer, purpose = 'document', as = owner): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint,
      retryDelays: [],
      headers: { Authorization: `Bearer ${as.token}` },
      metadata: { team_id: as.teamId, purpose, filename: 'deck.pdf', filetype: 'application/pdf' },
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: reject,
    });
    upload.start();
  });
}
/** The code a finished upload was refused with (422), read from tus's error. */
async function refusal(file: Buffer) {
  const error = (await send(file).then(
    () => null,
    (e: unknown) => e,
  )) as tus.DetailedError | null;
  expect(error?.originalResponse?.getStatus()).toBe(422);
  return JSON.parse(error!.originalResponse!.getBody()).code as string;
}

type Page = { page: number; image: string; thumbnail: string; text: string; width: number; height: number };
type DocumentAnswer = { id: string; status: string; page_count: number; pages: Page[]; reason: string | null };
const documentOf = async (id: string, as = owner) => call(t.app, { url: `/api/teams/${as.teamId}/documents/${id}`, token: as.token });

/** A stored file's bytes, fetched as a member's browser does: the asset route's redirect, then the signed link. */
async function fetchAsset(path: string, token = owner.token) {
  const asked = await t.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
  if (asked.statusCode !== 302) return { status: asked.statusCode, body: Buffer.alloc(0) };
  const signed = await t.app.inject({ url: asked.headers.location as string });
  return { status: signed.statusCode, body: signed.rawPayload };
}

async function pixelsOf(png: Buffer) {
  const image = await loadImage(png);
  const surface = createCanvas(image.width, image.height);
  const context = surface.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) => {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}
const near = (actual: number[], expected: readonly number[]) => actual.every((value, i) => Math.abs(value - expected[i]!) <= 24);

test('a three-page PDF is rendered to page pictures, thumbnails and text; only its team reads it, and deleting it removes its files', async () => {
  const id = await send(await pdfOf(3));
  const ready = await eventually(
    async () => (await documentOf(id)).body as DocumentAnswer,
    (answer) => answer.status !== 'in_progress',
    30_000,
  );
  expect(ready).toMatchObject({ id, status: 'ready', page_count: 3, reason: null });
  expect(ready.pages.map((page) => page.page)).toEqual([1, 2, 3]);
  ready.pages.forEach((page, index) => {
    expect(page.text).toContain(lineOf(index + 1));
    // 1920 wide for a 1080p slide, the page's 16:9 kept.
    expect([page.width, page.height]).toEqual([1920, 1080]);
  });

  // Each page's block is where it was drawn (points scaled to pixels by 3), on white.
  for (const [index, page] of ready.pages.entries()) {
    const picture = await fetchAsset(page.image!);
    expect(picture.status).toBe(200);
    const pixels = await pixelsOf(picture.body);
    expect([pixels.width, pixels.height]).toEqual([1920, 1080]);
    const block = BLOCKS[index]!;
    const scale = pixels.width / PAGE[0];
    const centre = [(block.x + block.width / 2) * scale, (block.y + block.height / 2) * scale] as const;
    expect(near(pixels.at(...centre), block.color)).toBe(true);
    // Just outside the block, and where the other pages' blocks are: white.
    expect(near(pixels.at((block.x - 10) * scale, centre[1]), [255, 255, 255])).toBe(true);
    for (const other of BLOCKS.filter((b) => b !== block)) {
      expect(near(pixels.at((other.x + other.width / 2) * scale, (other.y + other.height / 2) * scale), [255, 255, 255])).toBe(true);
    }
    const thumbnail = await fetchAsset(page.thumbnail!);
    expect(thumbnail.status).toBe(200);
    const small = await pixelsOf(thumbnail.body);
    expect([small.width, small.height]).toEqual([320, 180]);
    expect(near(small.at(centre[0] / 6, centre[1] / 6), block.color)).toBe(true);
  }

  // The team's list names it with its page count; another team's list does not.
  const listed = await call(t.app, { url: `/api/teams/${owner.teamId}/documents`, token: owner.token });
  expect(listed.body.data).toContainEqual(expect.objectContaining({ id, status: 'ready', page_count: 3 }));
  const theirs = await call(t.app, { url: `/api/teams/${outsider.teamId}/documents`, token: outsider.token });
  expect(theirs.body.data.map((document: { id: string }) => document.id)).not.toContain(id);

  // Another team's member finds neither the document nor its files.
  expect((await documentOf(id, outsider)).status).toBe(404);
  expect((await call(t.app, { url: `/api/teams/${owner.teamId}/documents/${id}`, token: outsider.token })).status).toBe(404);
  expect((await fetchAsset(ready.pages[0]!.image, outsider.token)).status).toBe(404);
  expect((await fetchAsset(ready.pages[0]!.thumbnail, outsider.token)).status).toBe(404);
  expect((await documentOf('no-such-upload')).status).toBe(404);

  // The upload was taken in: its id names the document, and deleting it removes the PDF and every page's files.
  const stored = () => readdirSync(join(t.config.dataDir, 'avatar_output')).filter((file) => file.includes(id));
  expect(stored()).toHaveLength(6);
  expect(existsSync(join(t.config.dataDir, 'avatar_input', `document-${id}.pdf`))).toBe(true);
  expect(
    (await call(t.app, { method: 'DELETE', url: `/api/teams/${outsider.teamId}/documents/${id}`, token: outsider.token })).status,
  ).toBe(404);
  expect((await call(t.app, { method: 'DELETE', url: `/api/teams/${owner.teamId}/documents/${id}`, token: owner.token })).status).toBe(204);
  expect(stored()).toHaveLength(0);
  expect(existsSync(join(t.config.dataDir, 'avatar_input', `document-${id}.pdf`))).toBe(false);
  expect((await documentOf(id)).status).toBe(404);
});

test('a document is checked by its content: a picture named .pdf, a broken or locked PDF and one of 101 pages are refused', async () => {
  const png = await createCanvas(64, 64).encode('png');
  expect(await refusal(Buffer.from(png))).toBe('not_a_pdf');
  expect(await refusal(Buffer.from('%PDF-1.7\nthis is not really a PDF at all\n%%EOF\n'))).toBe('pdf_unreadable');
  expect(await refusal(await pdfOf(1, { userPassword: 'secret', ownerPassword: 'secret' }))).toBe('pdf_unreadable');
  expect(await refusal(await pdfOf(101))).toBe('pdf_too_many_pages');
  // A hundred pages are taken (asked of the check alone: rendering them is the first test's matter).
  const folder = mkdtempSync(join(tmpdir(), 'kagami-documents-'));
  try {
    writeFileSync(join(folder, 'hundred.pdf'), await pdfOf(100));
    expect(await checkDocumentUpload(join(folder, 'hundred.pdf'), 1024)).toEqual({ pages: 100 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the upload check and the upload itself refuse a document over 50 MB, in its own words', async () => {
  const checked = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/uploads/check`,
    token: owner.token,
    body: { purpose: 'document', size_bytes: 50 * 1024 ** 2 + 1 },
  });
  expect(checked.status).toBe(413);
  expect(checked.body).toMatchObject({ code: 'document_too_large', max_bytes: 50 * 1024 ** 2 });
  expect(checked.body.message).toBe('The document is larger than 50 MB.');
  const allowed = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/uploads/check`,
    token: owner.token,
    body: { purpose: 'document', size_bytes: 1024 },
  });
  expect(allowed).toMatchObject({ status: 200, body: { allowed: true } });
});
