// Test PDFs, made with pdfkit (no fixture file, no network): pages with a coloured block at a known place and a known line.
import PDFDocument from 'pdfkit';

/** A page is 640 x 360 points (16:9); each shows one coloured block and one line of text. */
export const PAGE = [640, 360] as const;
export const BLOCKS = [
  { x: 40, y: 40, width: 120, height: 80, color: [255, 0, 0] },
  { x: 260, y: 120, width: 120, height: 80, color: [0, 160, 0] },
  { x: 480, y: 200, width: 120, height: 80, color: [0, 0, 255] },
] as const;
export const lineOf = (page: number) => `Slide ${page}: quarterly results`;
const hex = (color: readonly number[]) => `#${color.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** A PDF made with pdfkit: `pages` pages, the first three with their block and line. */
export function pdfOf(pages: number, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const document = new PDFDocument({ size: [...PAGE], margin: 0, autoFirstPage: false, ...options });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  for (let index = 0; index < pages; index++) {
    document.addPage({ size: [...PAGE], margin: 0 });
    const block = BLOCKS[index];
    if (block) document.rect(block.x, block.y, block.width, block.height).fill(hex(block.color));
    document
      .fillColor('black')
      .fontSize(18)
      .text(block ? lineOf(index + 1) : `Page ${index + 1}`, 40, 300);
  }
  document.end();
  return done;
}
