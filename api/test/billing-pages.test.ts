// The built-in checkout and billing portal as pages: in the user's language or the one the switch asks for,
// with the app's logo, under their own CSP; each invoice as a PDF, for the portal link's user only.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { invoices, usage } from '../src/db/schema';
import { loadSigningKey } from '../src/domains/assets/signing';
import { portalToken } from '../src/domains/billing/local-provider';
import { build, call, signUp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false' });
});
afterAll(() => t.close());

const APP = 'http://localhost:8080';

async function person(email: string, language: 'en' | 'ja', name: string) {
  const token = await signUp(t.app, email, { language });
  await call(t.app, {
    method: 'PUT',
    url: '/api/users/update-profile',
    token,
    body: { name, company_name: '', number_of_employees: '1', role: 'OTHER' },
  });
  const { id } = (await call(t.app, { url: '/api/profile', token })).body as { id: string };
  return { token, id, email };
}
type Person = Awaited<ReturnType<typeof person>>;

async function checkoutPath(user: Person, priceId: string) {
  const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: user.token, body });
  const { customer_id } = (await post('/api/stripe/customer-session', { email: user.email, user_id: user.id })).body;
  const session = await post('/api/stripe/create-checkout-session', {
    price_id: priceId,
    customer_id,
    success_url: `${APP}/subscription?checkout=success`,
    cancel_url: `${APP}/subscription?checkout=cancel`,
  });
  return new URL(session.body.url).pathname;
}

const pay = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function portalPath(user: Person) {
  const portal = await call(t.app, {
    method: 'POST',
    url: '/api/stripe/billing-portal-session',
    token: user.token,
    body: { return_url: `${APP}/billing` },
  });
  const url = new URL(portal.body.url);
  return { path: url.pathname, query: url.search };
}

async function pdfText(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
}

test('checkout: in the user’s Japanese with the logo, in English through the switch; its one style block is allowed by hash', async () => {
  const user = await person('checkout-ja@example.com', 'ja', '青木 空');
  const path = await checkoutPath(user, 'price_creator_month_jpy');

  const ja = await t.app.inject({ url: path });
  expect(ja.statusCode).toBe(200);
  expect(ja.body).toContain('<html lang="ja">');
  expect(ja.body).toContain('<svg class="mark"');
  for (const label of ['お支払い', 'カード番号', '有効期限（MM/YY）', 'セキュリティコード', '￥4,400を支払う', 'キャンセルして戻る']) {
    expect(ja.body).toContain(label);
  }
  expect(ja.body).not.toContain('Card number');
  expect(ja.body).toContain(`<a href="${path}?lang=en" lang="en" hreflang="en">English</a>`);
  expect(ja.body).toContain(`<a href="${path}?lang=ja" lang="ja" hreflang="ja" aria-current="true">日本語</a>`);
  // Nothing used yet: nothing to carry over.
  expect(ja.body).not.toContain('引き継がれます');

  const csp = String(ja.headers['content-security-policy']);
  const style = ja.body.match(/<style>([\s\S]*?)<\/style>/)![1]!;
  expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  expect(csp).toContain("script-src 'none'");
  expect(csp).not.toContain('unsafe-inline');

  const en = await t.app.inject({ url: `${path}?lang=en` });
  expect(en.body).toContain('<html lang="en">');
  for (const label of ['Checkout', 'Card number', 'Expiry (MM/YY)', 'Security code', 'Pay ¥4,400']) expect(en.body).toContain(label);
  expect(en.body).toContain(`action="${path}?lang=en"`);
});

test('checkout: a bad card is refused in the page’s language, next to the field it is about', async () => {
  const user = await person('bad-card@example.com', 'ja', 'Mio');
  const path = await checkoutPath(user, 'price_studio_month_jpy');

  const ja = await pay(path, { ...GOOD_CARD, card_number: '4242 4242 4242 4241' });
  expect(ja.statusCode).toBe(400);
  expect(ja.body).toContain('<p class="error" role="alert" id="card-error">カード番号が正しくありません。</p>');
  expect(ja.body).toMatch(/id="card_number"[^>]*aria-invalid="true" aria-describedby="card-error"/);

  const en = await pay(`${path}?lang=en`, { ...GOOD_CARD, cvc: '1' });
  expect(en.statusCode).toBe(400);
  expect(en.body).toContain('<p class="error" role="alert" id="card-error">The security code must be 3 or 4 digits.</p>');
  expect(en.body).toMatch(/id="cvc"[^>]*aria-invalid="true"/);
  expect(en.body).toContain('value="4242 4242 4242 4242"');
});

test('usage this period: checkout and the portal’s change of plan say it carries over, in both languages', async () => {
  const user = await person('carry-over@example.com', 'ja', 'Ren');
  await t.database.db
    .insert(usage)
    .values({ userId: user.id, productType: 'app', metric: 'video_seconds', amount: 90, state: 'settled', itemId: crypto.randomUUID() });
  const path = await checkoutPath(user, 'price_creator_month_jpy');
  expect((await t.app.inject({ url: path })).body).toContain('<p class="note">今月すでに使った分は新しいプランに引き継がれます。</p>');
  expect((await t.app.inject({ url: `${path}?lang=en` })).body).toContain(
    '<p class="note">What you have used this month carries over to the new plan.</p>',
  );
  expect((await pay(path, GOOD_CARD)).statusCode).toBe(303);

  const { path: portal, query } = await portalPath(user);
  const ja = await t.app.inject({ url: portal + query });
  expect(ja.body).toMatch(/<form class="change"[\s\S]*今月すでに使った分は新しいプランに引き継がれます。[\s\S]*<\/form>/);
  const en = await t.app.inject({ url: `${portal}${query}&lang=en` });
  expect(en.body).toMatch(/<form class="change"[\s\S]*What you have used this month carries over to the new plan.[\s\S]*<\/form>/);
});

test('the portal lists each invoice with a PDF link; the PDF is that invoice in the user’s language', async () => {
  const user = await person('invoice-ja@example.com', 'ja', '青木 空');
  expect((await pay(await checkoutPath(user, 'price_creator_year_jpy'), GOOD_CARD)).statusCode).toBe(303);
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.userId, user.id));
  const number = `KGM-${invoice!.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}-${invoice!.id.slice(0, 8).toUpperCase()}`;

  const { path, query } = await portalPath(user);
  const page = await t.app.inject({ url: path + query });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<html lang="ja">');
  expect(page.body).toContain('<svg class="mark"');
  for (const label of ['お支払い管理', '請求書', number, '￥44,000', '支払い済み', 'PDFをダウンロード']) expect(page.body).toContain(label);
  const link = `${path}/invoices/${invoice!.id}.pdf?lang=ja`;
  expect(page.body).toContain(`<a href="${link}">PDFをダウンロード`);

  const pdf = await t.app.inject({ url: link });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.headers['content-disposition']).toBe(`attachment; filename="kagami-invoice-${number}.pdf"`);
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  // The Japanese font is embedded as a subset of the glyphs used, not whole (about 5 MB).
  expect(pdf.rawPayload.length).toBeLessThan(100_000);
  const ja = await pdfText(pdf.rawPayload);
  for (const part of ['Kagami', '請求書', number, 'Creator', '年額', '￥44,000', '支払い済み', '青木 空', user.email])
    expect(ja).toContain(part);

  const en = await pdfText((await t.app.inject({ url: link.replace('lang=ja', 'lang=en') })).rawPayload);
  for (const part of ['Invoice', number, 'Kagami Creator plan', 'Yearly', '¥44,000', 'Paid']) expect(en).toContain(part);
});

test('an invoice opens only for its own user; a forged or expired link is refused as the portal refuses it', async () => {
  const owner = await person('invoice-owner@example.com', 'en', 'Owner');
  const stranger = await person('invoice-stranger@example.com', 'en', 'Stranger');
  for (const user of [owner, stranger])
    expect((await pay(await checkoutPath(user, 'price_creator_month_usd'), GOOD_CARD)).statusCode).toBe(303);
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.userId, owner.id));
  const own = await portalPath(owner);
  const theirs = await portalPath(stranger);
  const pdfOf = (portal: string, invoiceId = invoice!.id) => t.app.inject({ url: `${portal}/invoices/${invoiceId}.pdf` });

  expect((await pdfOf(own.path)).statusCode).toBe(200);
  expect((await pdfOf(theirs.path)).statusCode).toBe(404);
  expect((await pdfOf(own.path, 'not-an-id')).statusCode).toBe(404);

  const key = loadSigningKey(t.config.dataDir, t.config.assetSigningSecret);
  const expired = `/api/billing/portal/${portalToken(key, owner.id, Date.now() - 31 * 60_000)}`;
  const forged = own.path.replace(/\.[^.]+$/, '.forged');
  for (const portal of [expired, forged]) {
    const [page, pdf] = [await t.app.inject({ url: portal }), await pdfOf(portal)];
    expect(page.statusCode).toBe(401);
    expect(pdf.statusCode).toBe(401);
    expect(pdf.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pdf.body).toContain('This billing link has expired.');
  }
  // No user to ask: the browser's language, or the switch.
  const japanese = await t.app.inject({ url: `${forged}/invoices/${invoice!.id}.pdf`, headers: { 'accept-language': 'ja,en;q=0.8' } });
  expect(japanese.body).toContain('このリンクは期限切れです。');
  expect((await t.app.inject({ url: `${forged}?lang=ja` })).body).toContain('<html lang="ja">');
});
