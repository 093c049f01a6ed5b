// Drawing an invoice as an A4 PDF in English or Japanese (mark, customer, number, date, status, plan and total), with
// its number and file name.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatPrice, type Currency, type Interval } from '@kagami/shared/api';
import { formatDay, type Language } from './local-page-layout';

// Noto Sans JP has Latin and Japanese: one family serves both languages. pdfkit embeds only the glyphs used.
const FONTS = dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
const REGULAR = join(FONTS, '400Regular', 'NotoSansJP_400Regular.ttf');
const BOLD = join(FONTS, '700Bold', 'NotoSansJP_700Bold.ttf');

const TEAL = '#0b6e66';
const MARK = '#0f8b80';
const MINT = '#e3f6f1';
const DANGER = '#d92d20';
const TEXT = '#18181b';
const MUTED = '#52525b';
const BORDER = '#e4e4e7';
const MARGIN = 56;

const LABELS = {
  en: {
    title: 'Invoice',
    number: 'Invoice no.',
    date: 'Date',
    status: 'Status',
    billedTo: 'Billed to',
    description: 'Description',
    amount: 'Amount',
    total: 'Total',
    plan: (name: string) => `Kagami ${name} plan`,
    month: 'Monthly',
    year: 'Yearly',
    paid: 'Paid',
    failed: 'Payment failed',
    testPayment: "A test payment through Kagami's built-in payment provider: no card was charged.",
  },
  ja: {
    title: '請求書',
    number: '請求書番号',
    date: '発行日',
    status: '状態',
    billedTo: '請求先',
    description: '内容',
    amount: '金額',
    total: '合計',
    plan: (name: string) => `Kagami ${name} プラン`,
    month: '月額',
    year: '年額',
    paid: '支払い済み',
    failed: '支払い失敗',
    testPayment: 'Kagami の内蔵決済によるテスト決済です。カードへの請求は行われていません。',
  },
};

export type InvoiceDocument = {
  id: string;
  createdAt: Date;
  amount: number;
  currency: Currency;
  status: 'paid' | 'failed';
  planName: string;
  /** Null for a price no longer in the catalogue. */
  interval: Interval | null;
  customer: { name: string | null; email: string };
  /** Made by the built-in provider (no provider invoice behind it). */
  testPayment: boolean;
};

/** A stable, readable number: the issue day (UTC) and the start of the invoice's id. */
export const invoiceNumber = (invoice: { id: string; createdAt: Date }) =>
  `KGM-${invoice.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}-${invoice.id.slice(0, 8).toUpperCase()}`;

export async function invoicePdf(invoice: InvoiceDocument, language: Language): Promise<Buffer> {
  const text = LABELS[language];
  const number = invoiceNumber(invoice);
  const amount = formatPrice(invoice.amount, invoice.currency, language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: { Title: `Kagami ${text.title} ${number}`, Author: 'Kagami' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const [regular, bold] = await Promise.all([readFile(REGULAR), readFile(BOLD)]);
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;

  // The app's mark (shell/public/favicon.svg) and wordmark; the title on the right.
  doc
    .save()
    .translate(left, MARGIN)
    .scale(36 / 32);
  doc.roundedRect(0, 0, 32, 32, 7).fill(MARK);
  doc.circle(16, 13, 6).fill(MINT);
  doc.path('M6 28a10 10 0 0 1 20 0').fill(MINT);
  doc.restore();
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(TEAL)
    .text('Kagami', left + 46, 58, { lineBreak: false });
  doc.font('bold').fontSize(24).fillColor(TEXT).text(text.title, left, 58, { width, align: 'right' });
  doc.moveTo(left, 112).lineTo(right, 112).lineWidth(1).strokeColor(BORDER).stroke();

  const label = (value: string, x: number, y: number, w: number) =>
    doc.font('regular').fontSize(9).fillColor(MUTED).text(value, x, y, { width: w });
  const value = (content: string, x: number, y: number, w: number, color = TEXT) =>
    doc.font('bold').fontSize(11).fillColor(color).text(content, x, y, { width: w });

  label(text.billedTo, left, 132, 260);
  if (invoice.customer.name) value(invoice.customer.name, left, 146, 260);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(TEXT)
    .text(invoice.customer.email, left, invoice.customer.name ? doc.y + 2 : 146, { width: 260 });

  const column = right - 200;
  const facts: [string, string, string?][] = [
    [text.number, number],
    [text.date, formatDay(invoice.createdAt, language)],
    [text.status, invoice.status === 'paid' ? text.paid : text.failed, invoice.status === 'paid' ? TEAL : DANGER],
  ];
  facts.forEach(([name, content, color], index) => {
    label(name, column, 132 + index * 36, 200);
    value(content, column, 144 + index * 36, 200, color);
  });

  // One line for the plan and the total, on the app's mint.
  const tableTop = 260;
  doc.rect(left, tableTop, width, 26).fill(MINT);
  doc.font('bold').fontSize(10).fillColor(TEAL);
  doc.text(text.description, left + 10, tableTop + 7, { width: width - 170 });
  doc.text(text.amount, right - 160, tableTop + 7, { width: 150, align: 'right' });
  const line = [text.plan(invoice.planName), invoice.interval && text[invoice.interval]].filter(Boolean).join(' · ');
  doc.font('regular').fontSize(11).fillColor(TEXT);
  doc.text(line, left + 10, tableTop + 38, { width: width - 170 });
  doc.text(amount, right - 160, tableTop + 38, { width: 150, align: 'right' });
  doc
    .moveTo(left, tableTop + 64)
    .lineTo(right, tableTop + 64)
    .strokeColor(BORDER)
    .stroke();
  doc.font('bold').fontSize(13).fillColor(TEXT);
  doc.text(text.total, left + 10, tableTop + 76, { width: width - 170 });
  doc.text(amount, right - 160, tableTop + 76, { width: 150, align: 'right' });

  if (invoice.testPayment)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(text.testPayment, left, tableTop + 130, { width });
  doc.end();
  return done;
}

export const invoiceFileName = (invoice: { id: string; createdAt: Date }) => `kagami-invoice-${invoiceNumber(invoice)}.pdf`;
