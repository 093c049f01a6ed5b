// A PDF's pages as pictures a slide is made from: each page rendered once (pdf.js on @napi-rs/canvas, no network, no
// fonts fetched: the standard fonts and character maps are read from pdfjs-dist's own folders), with a small
// thumbnail for the scene list and the page's text, offered as a scene's starting script.
import { open, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DOCUMENT } from '@kagami/shared/validation';
import * as canvas from '@napi-rs/canvas';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Why a file is not a document Kagami takes: not a PDF at all, one pdf.js cannot open (broken, or locked by a password), or too long. */
export type DocumentRejection = 'not_a_pdf' | 'pdf_unreadable' | 'pdf_too_many_pages';

/** One rendered page: its number (from 1), its files' names in the folder, its text, and the picture's size in pixels. */
export type DocumentPage = { page: number; image: string; thumbnail: string; text: string; width: number; height: number };

/** The page picture's width (a 1080p slide) and the thumbnail's; a page taller than wide is held to `MAX_ASPECT` times its width. */
export const PAGE_WIDTH = 1920;
export const THUMBNAIL_WIDTH = 320;
const MAX_ASPECT = 4;

const pdfjsFolder = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js reads these as URLs or, in Node, as paths: each must end with a slash. */
const STANDARD_FONTS = `${join(pdfjsFolder, 'standard_fonts')}/`;
const CMAPS = `${join(pdfjsFolder, 'cmaps')}/`;

let loaded: Promise<PdfJs> | undefined;
/**
 * pdf.js, loaded once: the canvas package's drawing types are put where pdf.js looks for them (it draws with the
 * browser's names), and its worker runs in this thread (a document is rendered by a job, one page after another).
 */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const globals = globalThis as Record<string, unknown>;
    globals.DOMMatrix ??= canvas.DOMMatrix;
    globals.Path2D ??= canvas.Path2D;
    globals.ImageData ??= canvas.ImageData;
    const pdf = await import('pdfjs-dist/legacy/build/pdf.mjs');
    globals.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdf;
  })();
  return loaded;
}

async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const { getDocument } = await pdfjs();
  return getDocument({
    data,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
}

/** Whether the file starts as a PDF does: `%PDF-` in its first kilobyte (where readers look for it). */
async function hasPdfHeader(file: string) {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/** Checks a document by its content: a PDF that pdf.js opens, with 1 to `DOCUMENT.maxPages` pages (then its page count). */
export async function checkDocument(file: string): Promise<{ rejection: DocumentRejection } | { pages: number }> {
  if (!(await hasPdfHeader(file))) return { rejection: 'not_a_pdf' };
  let document: PdfDocument;
  try {
    document = await openPdf(new Uint8Array(await readFile(file)));
  } catch {
    // Broken beyond repair, or locked by a password.
    return { rejection: 'pdf_unreadable' };
  }
  try {
    const pages = document.numPages;
    if (pages < 1) return { rejection: 'pdf_unreadable' };
    if (pages > DOCUMENT.maxPages) return { rejection: 'pdf_too_many_pages' };
    return { pages };
  } finally {
    await document.destroy();
  }
}

/** A page's text as lines: pdf.js's runs joined, a line ended where pdf.js says one ends, blank lines dropped. */
function linesOf(items: readonly unknown[]) {
  let text = '';
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('str' in item)) continue;
    const run = item as { str: string; hasEOL?: boolean };
    text += run.str + (run.hasEOL ? '\n' : '');
  }
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Renders every page of the PDF into `folder`: `names(page)` gives each page's picture (PNG, `width` wide, its
 * proportions kept) and thumbnail (JPEG, `thumbnailWidth` wide) file names. Pages are drawn on white.
 */
export async function renderDocumentPages(
  file: string,
  folder: string,
  names: (page: number) => { image: string; thumbnail: string },
  options: { width?: number; thumbnailWidth?: number } = {},
): Promise<DocumentPage[]> {
  const width = options.width ?? PAGE_WIDTH;
  const thumbnailWidth = options.thumbnailWidth ?? THUMBNAIL_WIDTH;
  const document = await openPdf(new Uint8Array(await readFile(file)));
  try {
    const pages: DocumentPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(width / natural.width, (width * MAX_ASPECT) / natural.height);
      const viewport = page.getViewport({ scale });
      const pixels = { width: Math.max(1, Math.round(viewport.width)), height: Math.max(1, Math.round(viewport.height)) };
      const surface = canvas.createCanvas(pixels.width, pixels.height);
      const context = surface.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, pixels.width, pixels.height);
      await page.render({
        canvas: surface as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
        background: '#ffffff',
      }).promise;
      const text = linesOf((await page.getTextContent()).items);
      page.cleanup();

      const small = canvas.createCanvas(thumbnailWidth, Math.max(1, Math.round((pixels.height * thumbnailWidth) / pixels.width)));
      small.getContext('2d').drawImage(surface, 0, 0, small.width, small.height);
      const { image, thumbnail } = names(number);
      await writeFile(join(folder, image), await surface.encode('png'));
      await writeFile(join(folder, thumbnail), await small.encode('jpeg', 82));
      pages.push({ page: number, image, thumbnail, text, ...pixels });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
