// Rendering the built-in checkout and billing portal pages: the page's language (its `?lang=` link, the user's, the
// browser's), dates, and a whole page with its language switch, sent with a strict content security policy.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, trustedHtml, type Html } from '../../lib/html';

// The look the built-in checkout and billing portal share with the app: its logo, the colours of
// shared/src/ui/theme.ts (brand.700 teal, mint, red.600 danger), a centered card, system fonts only.

export type Language = 'en' | 'ja';

export const languageOf = (value: unknown): Language => (value === 'ja' ? 'ja' : 'en');

/** The language a `?lang=en|ja` link asked for, or null. */
export function languageAskedFor(request: FastifyRequest): Language | null {
  const { lang } = (request.query ?? {}) as { lang?: string };
  return lang === 'en' || lang === 'ja' ? lang : null;
}

/** For a page with no user to ask (an expired link): the link's choice, else the browser's first language. */
export const browserLanguage = (request: FastifyRequest): Language =>
  languageAskedFor(request) ?? (/^\s*ja\b/i.test(request.headers['accept-language'] ?? '') ? 'ja' : 'en');

export const formatDay = (date: Date, language: Language) =>
  date.toLocaleDateString(language === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'long' });

const LOGO = trustedHtml(
  `<svg class="mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#0f8b80"/><circle cx="16" cy="13" r="6" fill="#e3f6f1"/><path d="M6 28a10 10 0 0 1 20 0" fill="#e3f6f1"/></svg>`,
);

const STYLE = `
:root{--brand:#0b6e66;--brand-dark:#07524c;--brand-subtle:#e6f7f5;--mint:#e3f6f1;--danger:#d92d20;--danger-subtle:#fff7f6;
--text:#18181b;--muted:#52525b;--border:#e4e4e7;--page:#fafafa;color-scheme:light}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);line-height:1.6;-webkit-text-size-adjust:100%;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Hiragino Sans","Hiragino Kaku Gothic ProN","Yu Gothic UI","Yu Gothic",Meiryo,"Noto Sans JP","Noto Sans CJK JP",sans-serif}
.shell{width:100%;max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;margin-bottom:1rem}
.brand{display:flex;align-items:center;gap:.5rem;color:var(--brand);font-weight:700;font-size:1.25rem;letter-spacing:.01em}
.languages{display:flex;gap:.25rem;font-size:.875rem}
.languages a{padding:.2rem .6rem;border-radius:999px;color:var(--muted);text-decoration:none}
.languages a[aria-current]{background:var(--mint);color:var(--brand);font-weight:600}
.card{background:#fff;border:1px solid var(--border);border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.card+.card{margin-top:1rem}
.card>:last-child{margin-bottom:0}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.3}
h2{margin:0 0 .75rem;font-size:1.1rem}
p{margin:0 0 1rem}
a{color:var(--brand)}
.summary{background:var(--mint);border-radius:8px;padding:.9rem 1rem;font-size:1.15rem;font-weight:700;color:var(--brand)}
.note{border-left:4px solid var(--brand);background:var(--brand-subtle);padding:.6rem .8rem;border-radius:4px;font-size:.9rem}
.muted{color:var(--muted);font-size:.9rem}
.error{color:var(--danger);background:var(--danger-subtle);border-left:4px solid var(--danger);padding:.6rem .8rem;border-radius:4px;font-weight:600}
label{display:block;margin:.9rem 0 .3rem;font-weight:600;font-size:.95rem}
input,select{font:inherit;width:100%;padding:.6rem .75rem;border:1px solid #a1a1aa;border-radius:8px;background:#fff;color:inherit}
input:focus,select:focus{outline:2px solid var(--brand);outline-offset:1px;border-color:var(--brand)}
input[aria-invalid=true]{border-color:var(--danger);outline-color:var(--danger)}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem}
button{font:inherit;font-weight:600;margin-top:1rem;padding:.65rem 1.2rem;border:0;border-radius:8px;background:var(--brand);color:#fff;cursor:pointer}
button:hover{background:var(--brand-dark)}
button:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
button.wide{width:100%}
button.secondary{background:var(--mint);color:var(--brand)}
button.secondary:hover{background:#c2ece6}
.change{margin-top:1.5rem;padding-top:1.25rem;border-top:1px solid var(--border)}
.center{text-align:center;margin:1rem 0 0}
table{width:100%;border-collapse:collapse;font-size:.9rem}
th{text-align:left;font-weight:600;color:var(--muted);background:var(--mint);padding:.45rem .5rem}
td{padding:.55rem .5rem;border-bottom:1px solid var(--border);vertical-align:top;white-space:nowrap}
td:nth-child(2){white-space:normal;word-break:keep-all;width:100%}
.detail{display:block;color:var(--muted);font-size:.8rem;margin-top:.2rem}
.status{display:inline-block;padding:0 .5rem;border-radius:999px;font-size:.8rem;font-weight:600;background:var(--mint);color:var(--brand)}
.status.failed{background:var(--danger-subtle);color:var(--danger)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:30rem){.card{padding:1.1rem}thead{display:none}
tr{display:grid;grid-template-columns:1fr auto;gap:0 .75rem;padding:.6rem 0;border-bottom:1px solid var(--border)}
td{border:0;padding:0}td:nth-child(even){text-align:right}}
`;

// The pages run no script; their one style block is allowed by its hash rather than by 'unsafe-inline'.
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
const STYLE_BLOCK = trustedHtml(`<style>${STYLE}</style>`);

const withLanguage = (requestUrl: string, language: Language) => {
  const url = new URL(requestUrl, 'http://page.invalid');
  url.searchParams.set('lang', language);
  return url.pathname + url.search;
};

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ja: '日本語' };

export type Page = {
  language: Language;
  title: string;
  body: Html;
  /** Origins (besides the API's own) that the page's forms lead to. */
  formTargets?: string[];
  status?: number;
};

export function sendPage(request: FastifyRequest, reply: FastifyReply, { language, title, body, formTargets = [], status = 200 }: Page) {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))].join(' ');
  const switcher = (['en', 'ja'] as const).map(
    (option) =>
      html`<a href="${withLanguage(request.url, option)}" lang="${option}" hreflang="${option}"${option === language ? html` aria-current="true"` : ''}>${LANGUAGE_NAMES[option]}</a>`,
  );
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'none'; style-src ${STYLE_SOURCE}; form-action 'self' ${origins}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(
      html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Kagami</title>${STYLE_BLOCK}</head><body><div class="shell">
<header class="top"><div class="brand">${LOGO}<span>Kagami</span></div><nav class="languages" aria-label="Language / 言語">${switcher}</nav></header>
<main>${body}</main></div></body></html>`.markup,
    );
}
