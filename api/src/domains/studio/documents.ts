// The team's documents: PDFs whose pages become slides. A finished upload of purpose `document` (checked by content when
// it finishes) is taken in at once, keeping the upload's id; a job renders its pages once, each to a picture, a
// thumbnail and its text, kept in storage and in document_pages.
import { join } from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { type AppContext } from '../app-context';
import { documentPages, documents, uploads } from '../../db/schema';
import { renderDocumentPages } from '../../engine';
import { QUEUES } from '../../jobs/queue';
import { errors } from '../../lib/errors';
import { memberTeamOf, signedIn } from '../auth/guard';
import { documented, json, deleted } from '../../routing/operations';
import { teamParams, uuid } from '../../routing/params';
import { Document, DocumentSummary } from './answers';
import { adoptUpload } from './uploads';
import { assetUrl } from './serialize';

type Row = typeof documents.$inferSelect;
type PageRow = typeof documentPages.$inferSelect;

/** Where a document's files are kept: the PDF in avatar_input, each page's picture and thumbnail in avatar_output. */
const pageFiles = (id: string, page: number) => ({ image: `document-${id}-${page}.png`, thumbnail: `document-${id}-${page}-thumb.jpg` });

/**
 * Takes a finished, checked upload of a document into the team's documents (the upload is used up) and asks for its
 * pages to be rendered.
 */
export async function startDocument(ctx: AppContext, upload: typeof uploads.$inferSelect, pageCount: number) {
  const file = await adoptUpload(ctx, upload, `document-${upload.id}`, '.pdf');
  await ctx.db.insert(documents).values({
    id: upload.id,
    teamId: upload.teamId,
    createdBy: upload.userId,
    name: upload.fileName.slice(0, 255),
    file,
    pageCount,
  });
  await ctx.jobs.send(QUEUES.document, { documentId: upload.id });
}

/** The document job: every page rendered and stored, then recorded with the document marked ready (once). */
export async function documentJob(ctx: AppContext, { documentId }: { documentId: string }) {
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (!document || document.status !== 'in_progress') return;
  const pages = await ctx.assets.withLocal({ pdf: ['avatar_input', document.file] } as const, ({ pdf }) =>
    ctx.assets.workspace(async (folder) => {
      const rendered = await renderDocumentPages(pdf, folder, (page) => pageFiles(documentId, page));
      for (const page of rendered) {
        await ctx.assets.store('avatar_output', page.image, join(folder, page.image));
        await ctx.assets.store('avatar_output', page.thumbnail, join(folder, page.thumbnail));
      }
      return rendered;
    }),
  );
  const recorded = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documents)
      .set({ status: 'ready', pageCount: pages.length })
      .where(and(eq(documents.id, documentId), eq(documents.status, 'in_progress')))
      .returning({ id: documents.id });
    if (!updated) return false;
    // A retried job's earlier rows give way to this attempt's.
    await tx.delete(documentPages).where(eq(documentPages.documentId, documentId));
    await tx.insert(documentPages).values(pages.map((page) => ({ documentId, teamId: document.teamId, ...page })));
    return true;
  });
  // Deleted while it was rendered: its pages go too.
  if (!recorded) await removePageFiles(ctx, documentId, pages.length);
}

/** A document's job failed for good: it says why; only one still being rendered changes. */
export async function documentFailed(ctx: AppContext, documentId: string, reason: string) {
  await ctx.db
    .update(documents)
    .set({ status: 'failed', reason })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'in_progress')));
}

const removePageFiles = (ctx: AppContext, id: string, pageCount: number) =>
  ctx.assets.remove('avatar_output', ...Array.from({ length: pageCount }, (_, index) => Object.values(pageFiles(id, index + 1))).flat());
/** A document's files: the PDF and every page's picture and thumbnail (made or not yet). */
const removeDocumentFiles = (ctx: AppContext, row: Row) =>
  Promise.all([ctx.assets.remove('avatar_input', row.file), removePageFiles(ctx, row.id, row.pageCount)]);

export const pageJson = (row: PageRow) => ({
  page: row.page,
  thumbnail: assetUrl('avatar_output', row.thumbnail),
  image: assetUrl('avatar_output', row.image),
  text: row.text,
  width: row.width,
  height: row.height,
});

/**
 * The team's document of that id, with its pages once rendered; an upload of a document still arriving reads as in
 * progress, and one refused by its check as failed with the reason. Anything else, or another team's, is not found.
 */
export async function teamDocument(ctx: AppContext, teamId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.teamId, teamId)));
  if (row) {
    const pages =
      row.status === 'ready'
        ? await ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id)).orderBy(asc(documentPages.page))
        : [];
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      reason: row.reason,
      page_count: row.pageCount,
      pages: pages.map(pageJson),
      created_at: row.createdAt.toISOString(),
    };
  }
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.teamId, teamId), eq(uploads.purpose, 'document')));
  if (!upload) throw errors.notFound('Document');
  return {
    id: upload.id,
    name: upload.fileName,
    status: upload.status === 'rejected' ? ('failed' as const) : ('in_progress' as const),
    reason: upload.reason,
    page_count: 0,
    pages: [],
    created_at: upload.createdAt.toISOString(),
  };
}

/** The team's documents, newest first, without their pages (each document's own read has them). */
export async function listDocuments(ctx: AppContext, teamId: string) {
  const rows = await ctx.db.select().from(documents).where(eq(documents.teamId, teamId)).orderBy(desc(documents.createdAt));
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      reason: row.reason,
      page_count: row.pageCount,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function deleteDocument(ctx: AppContext, teamId: string, id: string) {
  const [removed] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.teamId, teamId)))
    .returning();
  if (!removed) throw errors.notFound('Document');
  await removeDocumentFiles(ctx, removed);
}

/** What the teams' documents keep in storage, for when their rows go with the teams: the function removes the files. */
export async function teamDocumentFiles(ctx: AppContext, teamIds: string[]) {
  const rows = teamIds.length ? await ctx.db.select().from(documents).where(inArray(documents.teamId, teamIds)) : [];
  return async () => {
    await Promise.all(rows.map((row) => removeDocumentFiles(ctx, row)));
  };
}

/** A document's id: the upload's it was made from. */
const documentParams = v.object({ teamId: uuid, uploadId: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'validation.invalid')) });

/** The app's routes: any member of the team reads and deletes its documents. */
export const documentRoutes = signedIn((app, ctx) => {
  app.get(
    '/api/teams/:teamId/documents',
    {
      schema: {
        ...documented({
          id: 'listDocuments',
          tag: 'Documents',
          summary: 'List documents',
          description: "The team's PDFs whose pages are slides, newest first (each one's pages are in its own read).",
          answers: { 200: json("The team's documents.", v.object({ data: v.array(DocumentSummary) })) },
        }),
        params: teamParams,
      },
    },
    async (request) => listDocuments(ctx, await memberTeamOf(ctx, request)),
  );
  app.get(
    '/api/teams/:teamId/documents/:uploadId',
    {
      schema: {
        ...documented({
          id: 'getDocument',
          tag: 'Documents',
          summary: 'Get a document',
          description:
            'A PDF uploaded with purpose `document` (by its upload’s id): while its pages are rendered, then each page’s picture (1920 pixels wide), thumbnail and text.',
          answers: { 200: json('The document and, once ready, its pages.', Document) },
        }),
        params: documentParams,
      },
    },
    async (request) => teamDocument(ctx, await memberTeamOf(ctx, request), request.params.uploadId),
  );
  app.delete(
    '/api/teams/:teamId/documents/:uploadId',
    {
      schema: {
        ...documented({
          id: 'deleteDocument',
          tag: 'Documents',
          summary: 'Delete a document',
          description: 'Removes the document with its PDF and every page’s files.',
          answers: deleted,
        }),
        params: documentParams,
      },
    },
    async (request, reply) => {
      await deleteDocument(ctx, await memberTeamOf(ctx, request), request.params.uploadId);
      return reply.status(204).send();
    },
  );
});
