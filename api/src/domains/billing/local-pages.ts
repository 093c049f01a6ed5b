// The built-in provider's checkout and billing portal (plan, change, cancel, invoices): server-rendered pages of the
// API in the user's language that make the same changes Stripe's webhooks do; their look is in local-page-layout.ts.
import { and, desc, eq, gte, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatPrice } from '@kagami/shared/api';
import { type AppContext } from '../app-context';
import { checkoutSessions, invoices, subscriptions, usage, users } from '../../db/schema';
import { html } from '../../lib/html';
import { completeCheckout, isValidCardNumber } from './checkout';
import { invoiceFileName, invoiceNumber, invoicePdf } from './invoice-pdf';
import { browserLanguage, formatDay, languageAskedFor, languageOf, sendPage, type Language } from './local-page-layout';
import { userOfPortalToken } from './local-provider';
import { planOf, priceOf, PRICES, type Price } from './plans';
import { apiPlanOf, appPlanOf, recordSubscription, usageWindowOf } from './subscriptions';
import { documented, file, redirect, page, type AppOperation } from '../../routing/operations';
import { ALREADY_PAID, PORTAL_EXPIRED } from './answers';
import type { App } from '../../routing/typed';

const EN = {
  checkout: 'Checkout',
  testMode: 'Test payment: no card is charged. Use a test card number such as 4242 4242 4242 4242.',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'Security code',
  pay: (amount: string) => `Pay ${amount}`,
  cancel: 'Cancel and go back',
  invalidCard: 'The card number is not valid.',
  invalidExpiry: 'The expiry date is not valid or has passed.',
  invalidCvc: 'The security code must be 3 or 4 digits.',
  used: 'This checkout is already complete.',
  carriesOver: 'What you have used this month carries over to the new plan.',
  portal: 'Billing',
  plan: 'Current plan',
  none: 'Free (no paid plan)',
  renews: 'Renews on',
  ends: 'Ends on',
  cancelAtEnd: 'Cancel at the end of the period',
  resume: 'Keep the plan',
  change: 'Change plan',
  newPlan: 'New plan',
  invoices: 'Invoices',
  noInvoices: 'No invoices yet.',
  date: 'Date',
  planColumn: 'Plan',
  amount: 'Amount',
  paid: 'Paid',
  failed: 'Failed',
  downloadPdf: 'Download PDF',
  back: 'Back to Kagami',
  expired: 'This billing link has expired. Open Billing in Kagami again.',
  perMonth: '/ month',
  perYear: '/ year',
  month: 'Monthly',
  year: 'Yearly',
};
type Text = typeof EN;
const JA: Text = {
  checkout: 'お支払い',
  testMode: 'テスト決済です。カードへの請求は行われません。4242 4242 4242 4242 などのテスト用カード番号をお使いください。',
  cardNumber: 'カード番号',
  expiry: '有効期限（MM/YY）',
  cvc: 'セキュリティコード',
  pay: (amount) => `${amount}を支払う`,
  cancel: 'キャンセルして戻る',
  invalidCard: 'カード番号が正しくありません。',
  invalidExpiry: '有効期限が正しくないか、期限切れです。',
  invalidCvc: 'セキュリティコードは3桁または4桁の数字です。',
  used: 'このお支払いはすでに完了しています。',
  carriesOver: '今月すでに使った分は新しいプランに引き継がれます。',
  portal: 'お支払い管理',
  plan: '現在のプラン',
  none: 'Free（有料プランなし）',
  renews: '更新日',
  ends: '終了日',
  cancelAtEnd: '期間の終わりに解約する',
  resume: 'プランを継続する',
  change: 'プランを変更',
  newPlan: '新しいプラン',
  invoices: '請求書',
  noInvoices: '請求書はまだありません。',
  date: '日付',
  planColumn: 'プラン',
  amount: '金額',
  paid: '支払い済み',
  failed: '失敗',
  downloadPdf: 'PDFをダウンロード',
  back: 'Kagami に戻る',
  expired: 'このリンクは期限切れです。Kagami から「お支払い管理」を開き直してください。',
  perMonth: '/ 月',
  perYear: '/ 年',
  month: '月額',
  year: '年額',
};
const TEXT: Record<Language, Text> = { en: EN, ja: JA };

const priceText = (price: Price, language: Language) => formatPrice(price.unitAmount, price.currency, language);

const priceLine = (price: Price, text: Text, language: Language) =>
  `${planOf(price.alias)!.name} · ${priceText(price, language)} ${price.interval === 'year' ? text.perYear : text.perMonth}`;

const summary = (price: Price, text: Text, language: Language) => html`<p class="summary">${priceLine(price, text, language)}</p>`;

/** Month and year in the future (the end of the month counts). */
function isValidExpiry(input: string, now = new Date()) {
  const match = input.trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return month >= 1 && month <= 12 && new Date(Date.UTC(year, month, 1)) > now;
}

type CardField = 'card_number' | 'expiry' | 'cvc';
type CardError = { field: CardField; message: string };

function cardErrorOf(form: Record<string, string>, text: Text): CardError | null {
  if (!isValidCardNumber(form.card_number ?? '')) return { field: 'card_number', message: text.invalidCard };
  if (!isValidExpiry(form.expiry ?? '')) return { field: 'expiry', message: text.invalidExpiry };
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return { field: 'cvc', message: text.invalidCvc };
  return null;
}

const withParam = (url: string, name: string, value: string) => {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function localBillingPages(app: App, ctx: AppContext, key: Buffer) {
  const { db } = ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const openSession = async (id: string) => {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    return session ?? null;
  };

  const languageFor = async (request: FastifyRequest, userId: string): Promise<Language> => {
    const asked = languageAskedFor(request);
    if (asked) return asked;
    const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return languageOf(user?.language);
  };

  /** Whether buying `price` would carry usage over (subscriptions.ts, usageSince): something used in the current window. */
  const carriesUsageOver = async (userId: string, price: Price) => {
    const productType = planOf(price.alias)!.productType;
    const current = productType === 'app' ? await appPlanOf(db, userId) : await apiPlanOf(db, userId);
    if (!current || current.price?.id === price.id) return false;
    const [used] = await db
      .select({ id: usage.id })
      .from(usage)
      .where(
        and(
          eq(usage.userId, userId),
          eq(usage.productType, productType),
          ne(usage.state, 'refunded'),
          gte(usage.createdAt, usageWindowOf(current).start),
        ),
      )
      .limit(1);
    return Boolean(used);
  };

  const alreadyPaid = (request: FastifyRequest, reply: FastifyReply, language: Language) =>
    sendPage(request, reply, {
      language,
      title: TEXT[language].checkout,
      body: html`<div class="card"><h1>${TEXT[language].checkout}</h1><p>${TEXT[language].used}</p></div>`,
      status: 409,
    });

  const checkoutPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: typeof checkoutSessions.$inferSelect,
    language: Language,
    error?: CardError,
    values: Record<string, string> = {},
  ) => {
    const text = TEXT[language];
    const price = priceOf(session.priceId)!;
    const field = (name: CardField, label: string, autocomplete: string, placeholder: string) => {
      const invalid = error?.field === name ? html` aria-invalid="true" aria-describedby="card-error"` : '';
      return html`<div><label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" inputmode="numeric" placeholder="${placeholder}" required value="${values[name] ?? ''}"${invalid}></div>`;
    };
    const carryOver = (await carriesUsageOver(session.userId, price)) ? html`<p class="note">${text.carriesOver}</p>` : '';
    return sendPage(request, reply, {
      language,
      title: text.checkout,
      body: html`<div class="card"><h1>${text.checkout}</h1>
${summary(price, text, language)}
${carryOver}<p class="muted">${text.testMode}</p>
${error ? html`<p class="error" role="alert" id="card-error">${error.message}</p>` : ''}
<form method="post" action="/api/billing/checkout/${session.id}?lang=${language}">
${field('card_number', text.cardNumber, 'cc-number', '4242 4242 4242 4242')}
<div class="pair">${field('expiry', text.expiry, 'cc-exp', 'MM/YY')}${field('cvc', text.cvc, 'cc-csc', '123')}</div>
<button type="submit" class="wide">${text.pay(priceText(price, language))}</button></form>
<p class="center"><a href="/api/billing/checkout/${session.id}/cancel">${text.cancel}</a></p></div>`,
      formTargets: [session.successUrl],
      status: error ? 400 : 200,
    });
  };

  app.get<{ Params: { id: string } }>(
    '/api/billing/checkout/:id',
    {
      schema: documented({
        id: 'showCheckoutPage',
        tag: 'Billing',
        summary: 'Built-in checkout page',
        description: 'The checkout page of the built-in billing (HTML), used without a payment provider.',
        answers: { 200: page('The checkout page.'), ...ALREADY_PAID },
      }),
    },
    async (request, reply) => {
      const session = await openSession(request.params.id);
      if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
      const language = await languageFor(request, session.userId);
      if (session.status !== 'open') return alreadyPaid(request, reply, language);
      return checkoutPage(request, reply, session, language);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/billing/checkout/:id',
    {
      schema: documented({
        id: 'payCheckout',
        tag: 'Billing',
        summary: 'Pay on the built-in checkout',
        description: 'Completes the built-in checkout and leads back to the app.',
        answers: {
          303: redirect('Paid: to the success address.'),
          400: page('The checkout page again, saying what is wrong with the card.'),
          ...ALREADY_PAID,
        },
      }),
    },
    async (request, reply) => {
      const session = await openSession(request.params.id);
      if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
      const language = await languageFor(request, session.userId);
      if (session.status !== 'open') return alreadyPaid(request, reply, language);
      const form = (request.body ?? {}) as Record<string, string>;
      const error = cardErrorOf(form, TEXT[language]);
      if (error)
        return checkoutPage(request, reply, session, language, error, { card_number: form.card_number ?? '', expiry: form.expiry ?? '' });
      const [claimed] = await db
        .update(checkoutSessions)
        .set({ status: 'complete' })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
        .returning();
      if (!claimed) return alreadyPaid(request, reply, language);
      await completeCheckout(db, {
        userId: session.userId,
        price: priceOf(session.priceId)!,
        providerSubscriptionId: `sub_local_${session.id.slice(9)}`,
      });
      return reply.redirect(withParam(session.successUrl, 'session_id', session.id), 303);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/billing/checkout/:id/cancel',
    {
      schema: documented({
        id: 'cancelCheckout',
        tag: 'Billing',
        summary: 'Leave the built-in checkout',
        description: 'Nothing is charged; leads back to the app.',
        answers: { 303: redirect('To the cancel address.') },
      }),
    },
    async (request, reply) => {
      const session = await openSession(request.params.id);
      if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
      return reply.redirect(session.cancelUrl, 303);
    },
  );

  // ---- billing portal ----

  const portalUser = (token: string) => userOfPortalToken(key, token);
  const returnUrlOf = (query: unknown) => {
    const url = (query as { return_url?: string }).return_url ?? '';
    return /^https?:\/\//.test(url) && ctx.config.corsOrigins.includes(new URL(url).origin) ? url : ctx.config.publicAppUrl;
  };
  /** A forged or expired portal link: the same refusal from every portal route. */
  const expiredLink = (request: FastifyRequest, reply: FastifyReply) => {
    const language = browserLanguage(request);
    const text = TEXT[language];
    return sendPage(request, reply, {
      language,
      title: text.portal,
      body: html`<div class="card"><h1>${text.portal}</h1><p class="error" role="alert">${text.expired}</p></div>`,
      status: 401,
    });
  };

  app.get<{ Params: { token: string } }>(
    '/api/billing/portal/:token',
    {
      schema: documented({
        id: 'showBillingPortal',
        tag: 'Billing',
        summary: 'Built-in billing portal',
        description: 'The built-in billing portal (HTML): plan, change, cancel, invoices.',
        answers: { 200: page('The billing portal.'), ...PORTAL_EXPIRED },
      }),
    },
    async (request, reply) => {
      const { token } = request.params;
      const userId = portalUser(token);
      if (!userId) return expiredLink(request, reply);
      const language = await languageFor(request, userId);
      const text = TEXT[language];
      const back = returnUrlOf(request.query);
      const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const query = `?return_url=${encodeURIComponent(back)}&lang=${language}`;
      const plans = held
        .filter((row) => row.status !== 'canceled' && row.currentPeriodEnd > new Date())
        .map((row) => {
          const price = priceOf(row.priceId)!;
          const others = PRICES.filter(
            (p) => p.currency === price.currency && planOf(p.alias)!.productType === row.productType && p.id !== price.id,
          );
          const [action, label] = row.cancelAtPeriodEnd ? ['resume', text.resume] : ['cancel', text.cancelAtEnd];
          const change = others.length
            ? html`<form class="change" method="post" action="/api/billing/portal/${token}/change${query}"><h2>${text.change}</h2><p class="note">${text.carriesOver}</p>
<label for="price-${row.productType}">${text.newPlan}</label>
<select id="price-${row.productType}" name="price_id">${others.map((p) => html`<option value="${p.id}">${priceLine(p, text, language)}</option>`)}</select>
<button>${text.change}</button></form>`
            : '';
          return html`<section class="card"><h2>${text.plan}</h2>
${summary(price, text, language)}
<p>${row.cancelAtPeriodEnd ? text.ends : text.renews}: ${formatDay(row.currentPeriodEnd, language)}</p>
<form method="post" action="/api/billing/portal/${token}/${action}${query}"><input type="hidden" name="product_type" value="${row.productType}"><button class="secondary">${label}</button></form>
${change}</section>`;
        });
      const paid = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(24);
      const rows = paid.map((invoice) => {
        const price = priceOf(invoice.priceId);
        const plan = price ? `${planOf(price.alias)!.name} · ${text[price.interval]}` : invoice.priceId;
        const number = invoiceNumber(invoice);
        return html`<tr><td>${formatDay(invoice.createdAt, language)}<span class="detail">${number}</span></td><td>${plan}</td>
<td>${formatPrice(invoice.amount, invoice.currency, language)}<span class="detail"><span class="status ${invoice.status}">${text[invoice.status]}</span></span></td>
<td><a href="/api/billing/portal/${token}/invoices/${invoice.id}.pdf?lang=${language}">${text.downloadPdf}<span class="visually-hidden"> ${number}</span></a></td></tr>`;
      });
      const table = html`<table aria-labelledby="invoices"><thead><tr><th>${text.date}</th><th>${text.planColumn}</th><th>${text.amount}</th><th><span class="visually-hidden">PDF</span></th></tr></thead><tbody>${rows}</tbody></table>`;
      return sendPage(request, reply, {
        language,
        title: text.portal,
        body: html`<h1>${text.portal}</h1>${plans.length ? plans : html`<section class="card"><h2>${text.plan}</h2><p>${text.none}</p></section>`}
<section class="card"><h2 id="invoices">${text.invoices}</h2>${rows.length ? table : html`<p class="muted">${text.noInvoices}</p>`}</section>
<p class="center"><a href="${back}">${text.back}</a></p>`,
      });
    },
  );

  app.get<{ Params: { token: string; invoiceId: string } }>(
    '/api/billing/portal/:token/invoices/:invoiceId.pdf',
    {
      schema: documented({
        id: 'getInvoicePdf',
        tag: 'Billing',
        summary: 'Download an invoice',
        description: 'An invoice of the portal’s user (PDF).',
        answers: { 200: file('The invoice (PDF).', 'application/pdf'), ...PORTAL_EXPIRED },
      }),
    },
    async (request, reply) => {
      const { token, invoiceId } = request.params;
      const userId = portalUser(token);
      if (!userId) return expiredLink(request, reply);
      const [found] = UUID.test(invoiceId)
        ? await db
            .select({ invoice: invoices, user: users })
            .from(invoices)
            .innerJoin(users, eq(users.id, invoices.userId))
            .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
        : [];
      if (!found) return reply.status(404).send({ code: 'not_found', message: 'Invoice not found.' });
      const { invoice, user } = found;
      const price = priceOf(invoice.priceId);
      const pdf = await invoicePdf(
        {
          ...invoice,
          planName: price ? planOf(price.alias)!.name : invoice.priceId,
          interval: price?.interval ?? null,
          customer: { name: user.name, email: user.email },
          testPayment: invoice.providerInvoiceId === null,
        },
        languageAskedFor(request) ?? languageOf(user.language),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  const portalAction = (
    name: string,
    operation: AppOperation,
    change: (row: typeof subscriptions.$inferSelect, form: Record<string, string>) => Promise<void>,
  ) =>
    app.post<{ Params: { token: string } }>(
      `/api/billing/portal/:token/${name}`,
      { schema: documented(operation) },
      async (request, reply) => {
        const { token } = request.params;
        const userId = portalUser(token);
        if (!userId) return expiredLink(request, reply);
        const form = (request.body ?? {}) as Record<string, string>;
        const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
        const price = form.price_id ? priceOf(form.price_id) : undefined;
        const productType = price ? planOf(price.alias)!.productType : form.product_type;
        const row = held.find((r) => r.productType === productType && r.status !== 'canceled');
        if (row) await change(row, form);
        const language = languageAskedFor(request);
        return reply.redirect(
          `/api/billing/portal/${token}?return_url=${encodeURIComponent(returnUrlOf(request.query))}${language ? `&lang=${language}` : ''}`,
          303,
        );
      },
    );

  const update = (row: typeof subscriptions.$inferSelect, values: Partial<Parameters<typeof recordSubscription>[1]>) =>
    recordSubscription(db, {
      userId: row.userId,
      priceId: row.priceId,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      providerSubscriptionId: row.providerSubscriptionId,
      ...values,
    });
  portalAction(
    'cancel',
    {
      id: 'cancelInPortal',
      tag: 'Billing',
      summary: 'Cancel in the portal',
      description: 'The subscription ends at the end of its period.',
      answers: { 303: redirect('Cancelled at the period end: back to the portal.'), ...PORTAL_EXPIRED },
    },
    (row) => update(row, { cancelAtPeriodEnd: true }),
  );
  portalAction(
    'resume',
    {
      id: 'resumeInPortal',
      tag: 'Billing',
      summary: 'Resume in the portal',
      description: 'A cancelled subscription renews again.',
      answers: { 303: redirect('Resumed: back to the portal.'), ...PORTAL_EXPIRED },
    },
    (row) => update(row, { cancelAtPeriodEnd: false }),
  );
  // A change takes effect at once, as a new period: the new plan is charged and its allowance starts.
  portalAction(
    'change',
    {
      id: 'changePlanInPortal',
      tag: 'Billing',
      summary: 'Change plan in the portal',
      description: 'Moves the subscription to another price.',
      answers: { 303: redirect('Changed: back to the portal.'), ...PORTAL_EXPIRED },
    },
    async (row, form) => {
      const price = priceOf(form.price_id ?? '');
      const current = priceOf(row.priceId)!;
      if (!price || price.currency !== current.currency || price.id === current.id) return;
      await completeCheckout(db, { userId: row.userId, price, providerSubscriptionId: row.providerSubscriptionId });
    },
  );
}
