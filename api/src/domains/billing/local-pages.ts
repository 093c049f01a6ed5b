import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatPrice } from '@kagami/shared/api';
import type { AppContext } from '../../context';
import { checkoutSessions, invoices, subscriptions, users } from '../../db/schema';
import { escapeHtml as escape } from '../../lib/html';
import { completeCheckout, isValidCardNumber } from './checkout';
import { userOfPortalToken } from './local-provider';
import { planOf, priceOf, PRICES, type Price } from './plans';
import { recordSubscription } from './subscriptions';

// The built-in payment provider's checkout and billing portal: plain server-rendered pages of the API, in
// the user's language, that drive the same state changes as Stripe's webhooks do.

type Language = 'en' | 'ja';
const TEXT = {
  en: {
    checkout: 'Checkout',
    testMode: 'Test payment: no card is charged. Use a test card number such as 4242 4242 4242 4242.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    pay: 'Pay',
    cancel: 'Cancel and go back',
    invalidCard: 'The card number is not valid.',
    invalidExpiry: 'The expiry date is not valid or has passed.',
    invalidCvc: 'The security code must be 3 or 4 digits.',
    used: 'This checkout is already complete.',
    portal: 'Billing',
    plan: 'Current plan',
    none: 'Free (no paid plan)',
    renews: 'Renews on',
    ends: 'Ends on',
    cancelAtEnd: 'Cancel at the end of the period',
    resume: 'Keep the plan',
    change: 'Change plan',
    invoices: 'Invoices',
    noInvoices: 'No invoices yet.',
    back: 'Back to Kagami',
    expired: 'This billing link has expired. Open Billing in Kagami again.',
    perMonth: '/ month',
    perYear: '/ year',
  },
  ja: {
    checkout: 'お支払い',
    testMode: 'テスト決済です。カードへの請求は行われません。4242 4242 4242 4242 などのテスト用カード番号をお使いください。',
    cardNumber: 'カード番号',
    expiry: '有効期限（MM/YY）',
    cvc: 'セキュリティコード',
    pay: '支払う',
    cancel: 'キャンセルして戻る',
    invalidCard: 'カード番号が正しくありません。',
    invalidExpiry: '有効期限が正しくないか、期限切れです。',
    invalidCvc: 'セキュリティコードは3桁または4桁の数字です。',
    used: 'このお支払いはすでに完了しています。',
    portal: 'お支払い管理',
    plan: '現在のプラン',
    none: 'Free（有料プランなし）',
    renews: '更新日',
    ends: '終了日',
    cancelAtEnd: '期間の終わりに解約する',
    resume: 'プランを継続する',
    change: 'プランを変更',
    invoices: '請求書',
    noInvoices: '請求書はまだありません。',
    back: 'Kagami に戻る',
    expired: 'このリンクは期限切れです。Kagami から「お支払い管理」を開き直してください。',
    perMonth: '/ 月',
    perYear: '/ 年',
  },
} as const;
type Text = Record<keyof (typeof TEXT)['en'], string>;

const priceText = (price: Price, language: Language) => formatPrice(price.unitAmount, price.currency, language);

const priceLine = (price: Price, text: Text, language: Language) =>
  `${escape(planOf(price.alias)!.name)} · ${priceText(price, language)} ${price.interval === 'year' ? text.perYear : text.perMonth}`;

const day = (date: Date, language: Language) => date.toLocaleDateString(language === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'long' });

function page(reply: FastifyReply, language: Language, title: string, body: string, formTargets: string[] = [], status = 200) {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))].join(' ');
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kagami — ${escape(title)}</title><style>
body{font-family:system-ui,"Noto Sans JP",sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#1a202c}
h1{color:#0b6e66;font-size:1.6rem}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input,select{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #a0aec0;border-radius:6px}
button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#0b6e66;color:#fff;cursor:pointer}
.error{color:#9b2c2c;background:#fff5f5;padding:.6rem;border-radius:6px}.muted{color:#4a5568}table{width:100%;border-collapse:collapse}
td,th{text-align:left;padding:.3rem;border-bottom:1px solid #e2e8f0}
</style></head><body>${body}</body></html>`);
}

async function languageOf(ctx: AppContext, userId: string): Promise<Language> {
  const [user] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return user?.language === 'ja' ? 'ja' : 'en';
}

/** Month and year in the future (the end of the month counts). */
function isValidExpiry(input: string, now = new Date()) {
  const match = input.trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return month >= 1 && month <= 12 && new Date(Date.UTC(year, month, 1)) > now;
}

const withParam = (url: string, name: string, value: string) => {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
};

export function localBillingPages(app: FastifyInstance, ctx: AppContext, key: Buffer) {
  const { db } = ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const openSession = async (id: string) => {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    return session ?? null;
  };

  const checkoutPage = (
    reply: FastifyReply,
    session: typeof checkoutSessions.$inferSelect,
    language: Language,
    error?: string,
    values: Record<string, string> = {},
  ) => {
    const text = TEXT[language];
    const price = priceOf(session.priceId)!;
    const field = (name: string, label: string, autocomplete: string) =>
      `<label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" required value="${escape(values[name] ?? '')}">`;
    return page(
      reply,
      language,
      text.checkout,
      `<h1>${text.checkout}</h1><p><strong>${priceLine(price, text, language)}</strong></p><p class="muted">${text.testMode}</p>
${error ? `<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/api/billing/checkout/${escape(session.id)}">
${field('card_number', text.cardNumber, 'cc-number')}${field('expiry', text.expiry, 'cc-exp')}${field('cvc', text.cvc, 'cc-csc')}
<button type="submit">${text.pay} ${priceText(price, language)}</button></form>
<p><a href="/api/billing/checkout/${escape(session.id)}/cancel">${text.cancel}</a></p>`,
      [session.successUrl],
      error ? 400 : 200,
    );
  };

  app.get('/api/billing/checkout/:id', async (request, reply) => {
    const session = await openSession((request.params as { id: string }).id);
    if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
    const language = await languageOf(ctx, session.userId);
    if (session.status !== 'open') return page(reply, language, TEXT[language].checkout, `<p>${TEXT[language].used}</p>`, [], 409);
    return checkoutPage(reply, session, language);
  });

  app.post('/api/billing/checkout/:id', async (request, reply) => {
    const session = await openSession((request.params as { id: string }).id);
    if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
    const language = await languageOf(ctx, session.userId);
    const text = TEXT[language];
    if (session.status !== 'open') return page(reply, language, text.checkout, `<p>${text.used}</p>`, [], 409);
    const form = (request.body ?? {}) as Record<string, string>;
    const error = !isValidCardNumber(form.card_number ?? '')
      ? text.invalidCard
      : !isValidExpiry(form.expiry ?? '')
        ? text.invalidExpiry
        : !/^\d{3,4}$/.test((form.cvc ?? '').trim())
          ? text.invalidCvc
          : null;
    if (error) return checkoutPage(reply, session, language, error, { card_number: form.card_number ?? '', expiry: form.expiry ?? '' });
    const [claimed] = await db
      .update(checkoutSessions)
      .set({ status: 'complete' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
      .returning();
    if (!claimed) return page(reply, language, text.checkout, `<p>${text.used}</p>`, [], 409);
    await completeCheckout(db, {
      userId: session.userId,
      price: priceOf(session.priceId)!,
      providerSubscriptionId: `sub_local_${session.id.slice(9)}`,
    });
    return reply.redirect(withParam(session.successUrl, 'session_id', session.id), 303);
  });

  app.get('/api/billing/checkout/:id/cancel', async (request, reply) => {
    const session = await openSession((request.params as { id: string }).id);
    if (!session) return reply.status(404).send({ code: 'not_found', message: 'Checkout not found.' });
    return reply.redirect(session.cancelUrl, 303);
  });

  // ---- billing portal ----

  const portalUser = (token: string) => userOfPortalToken(key, token);
  const returnUrlOf = (query: unknown) => {
    const url = (query as { return_url?: string }).return_url ?? '';
    return /^https?:\/\//.test(url) && ctx.config.corsOrigins.includes(new URL(url).origin) ? url : ctx.config.publicAppUrl;
  };

  app.get('/api/billing/portal/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const userId = portalUser(token);
    if (!userId) return page(reply, 'en', TEXT.en.portal, `<p class="error" role="alert">${TEXT.en.expired}</p>`, [], 401);
    const language = await languageOf(ctx, userId);
    const text = TEXT[language];
    const back = returnUrlOf(request.query);
    const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const query = `?return_url=${encodeURIComponent(back)}`;
    const plans = held
      .filter((row) => row.status !== 'canceled' && row.currentPeriodEnd > new Date())
      .map((row) => {
        const price = priceOf(row.priceId)!;
        const others = PRICES.filter(
          (p) => p.currency === price.currency && planOf(p.alias)!.productType === row.productType && p.id !== price.id,
        );
        const action = row.cancelAtPeriodEnd
          ? `<form method="post" action="/api/billing/portal/${token}/resume${query}"><input type="hidden" name="product_type" value="${row.productType}"><button>${text.resume}</button></form>`
          : `<form method="post" action="/api/billing/portal/${token}/cancel${query}"><input type="hidden" name="product_type" value="${row.productType}"><button>${text.cancelAtEnd}</button></form>`;
        return `<section><h2>${text.plan}</h2><p><strong>${priceLine(price, text, language)}</strong><br>
${row.cancelAtPeriodEnd ? text.ends : text.renews}: ${day(row.currentPeriodEnd, language)}</p>${action}
<form method="post" action="/api/billing/portal/${token}/change${query}"><label for="price-${row.productType}">${text.change}</label>
<select id="price-${row.productType}" name="price_id">${others.map((p) => `<option value="${p.id}">${priceLine(p, text, language)}</option>`).join('')}</select>
<button>${text.change}</button></form></section>`;
      });
    const paid = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(24);
    const rows = paid
      .map((invoice) => {
        const price = priceOf(invoice.priceId);
        return `<tr><td>${day(invoice.createdAt, language)}</td><td>${price ? priceLine(price, text, language) : escape(invoice.priceId)}</td><td>${invoice.status}</td></tr>`;
      })
      .join('');
    return page(
      reply,
      language,
      text.portal,
      `<h1>${text.portal}</h1>${plans.join('') || `<p>${text.plan}: ${text.none}</p>`}
<h2>${text.invoices}</h2>${rows ? `<table>${rows}</table>` : `<p class="muted">${text.noInvoices}</p>`}
<p><a href="${escape(back)}">${text.back}</a></p>`,
    );
  });

  const portalAction = (name: string, change: (row: typeof subscriptions.$inferSelect, form: Record<string, string>) => Promise<void>) =>
    app.post(`/api/billing/portal/:token/${name}`, async (request, reply) => {
      const { token } = request.params as { token: string };
      const userId = portalUser(token);
      if (!userId) return page(reply, 'en', TEXT.en.portal, `<p class="error" role="alert">${TEXT.en.expired}</p>`, [], 401);
      const form = (request.body ?? {}) as Record<string, string>;
      const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const price = form.price_id ? priceOf(form.price_id) : undefined;
      const productType = price ? planOf(price.alias)!.productType : form.product_type;
      const row = held.find((r) => r.productType === productType && r.status !== 'canceled');
      if (row) await change(row, form);
      return reply.redirect(`/api/billing/portal/${token}?return_url=${encodeURIComponent(returnUrlOf(request.query))}`, 303);
    });

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
  portalAction('cancel', (row) => update(row, { cancelAtPeriodEnd: true }));
  portalAction('resume', (row) => update(row, { cancelAtPeriodEnd: false }));
  // A change takes effect at once, as a new period: the new plan is charged and its allowance starts.
  portalAction('change', async (row, form) => {
    const price = priceOf(form.price_id ?? '');
    const current = priceOf(row.priceId)!;
    if (!price || price.currency !== current.currency || price.id === current.id) return;
    await completeCheckout(db, { userId: row.userId, price, providerSubscriptionId: row.providerSubscriptionId });
  });
}
