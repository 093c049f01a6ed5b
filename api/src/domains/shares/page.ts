// The public pages of a shared video: the watch page (title, player with captions, a download button when allowed,
// Open Graph and Twitter card tags with the poster) and the embed page (the player alone, for an iframe). They show
// the video and nothing else of its team, run no script, and carry their own Content Security Policy.

import { html, trustedHtml } from '../../lib/html';

export type SharedVideo = {
  title: string;
  language: string;
  /** Absolute addresses of the share's own media. */
  page: string;
  video: string;
  poster: string | null;
  captions: string | null;
  download: string | null;
  width: number;
  height: number;
  durationSeconds: number | null;
};

/** The watch page may show only its own media and its style; the embed page may be framed by any site. */
export const sharePagePolicy = (embed: boolean) =>
  [
    "default-src 'none'",
    "media-src 'self'",
    "img-src 'self'",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${embed ? '*' : "'none'"}`,
  ].join('; ');

const STYLE = trustedHtml(`
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #0f1115; color: #f3f4f6; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 1.4rem; margin: 16px 0 8px; }
  video { width: 100%; max-height: 80vh; background: #000; border-radius: 8px; display: block; }
  a.download { display: inline-block; margin-top: 12px; padding: 10px 18px; border-radius: 6px; background: #4f46e5; color: #fff; text-decoration: none; font-weight: 600; }
  footer { margin-top: 24px; font-size: 0.85rem; color: #9ca3af; }`);

function player(video: SharedVideo, label: string) {
  return html`<video controls playsinline preload="metadata" width="${video.width}" height="${video.height}" aria-label="${label}"${
    video.poster ? html` poster="${video.poster}"` : ''
  }><source src="${video.video}" type="video/mp4">${
    video.captions ? html`<track kind="captions" src="${video.captions}" srclang="${video.language}" label="Captions" default>` : ''
  }</video>`;
}

const metaTags = (attribute: 'property' | 'name', tags: ReadonlyArray<readonly [string, string]>) =>
  tags.map(([key, content]) => html`<meta ${trustedHtml(attribute)}="${key}" content="${content}">\n`);

export function watchPage(video: SharedVideo, words: { download: string; madeWith: string }) {
  const og = metaTags('property', [
    ['og:type', 'video.other'],
    ['og:title', video.title],
    ['og:url', video.page],
    ['og:video', video.video],
    ['og:video:type', 'video/mp4'],
    ['og:video:width', String(video.width)],
    ['og:video:height', String(video.height)],
    ...(video.poster ? [['og:image', video.poster] as const] : []),
  ]);
  const twitter = metaTags('name', [
    ['twitter:card', video.poster ? 'summary_large_image' : 'summary'],
    ['twitter:title', video.title],
    ...(video.poster ? [['twitter:image', video.poster] as const] : []),
  ]);
  return html`<!doctype html>
<html lang="${video.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${video.title}</title>
${og}${twitter}<style>${STYLE}</style>
</head>
<body>
<main>
${player(video, video.title)}
<h1>${video.title}</h1>
${video.download ? html`<a class="download" href="${video.download}" download>${words.download}</a>` : ''}
<footer>${words.madeWith}</footer>
</main>
</body>
</html>
`.markup;
}

const EMBED_STYLE = trustedHtml(
  'html, body { margin: 0; height: 100%; background: #000; } video { width: 100%; height: 100%; object-fit: contain; display: block; }',
);

export function embedPage(video: SharedVideo) {
  return html`<!doctype html>
<html lang="${video.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${video.title}</title>
<style>${EMBED_STYLE}</style>
</head>
<body>
${player(video, video.title)}
</body>
</html>
`.markup;
}

/** The answer for a link that was revoked, or never was. */
export const gonePage = (message: string) => html`<!doctype html><meta charset="utf-8"><title>404</title><p>${message}</p>`.markup;
