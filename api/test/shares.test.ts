// Share links: a ready video's public page and embed, reachable without a session, showing the video and nothing else
// of its team, counted, with its own security headers; revocable at any time.
import { build, call, eventually, onboardedUser, readyLoopAvatar, type TestApp } from './helper';

let t: TestApp;
const owner = { token: '', teamId: '' };
const outsider = { token: '', teamId: '' };
let videoId = '';

beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  Object.assign(owner, await onboardedUser(t.app, 'sharer@example.com', 'Secret Team Name'));
  Object.assign(outsider, await onboardedUser(t.app, 'share-outsider@example.com', 'Elsewhere'));
  const avatarId = await readyLoopAvatar(t, owner.teamId, 'Presenter');
  const created = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/videos`,
    token: owner.token,
    body: { name: 'Launch <announcement>', avatar_id: avatarId, language: 'en', script: 'We launch today. Welcome.' },
  });
  videoId = created.body.id;
  await eventually(
    () => call(t.app, { url: `/api/teams/${owner.teamId}/videos/${videoId}`, token: owner.token }),
    (r) => r.body.status === 'ready',
  );
}, 120_000);
afterAll(() => t.close());

const shareUrl = `/api/teams/${'{team}'}/videos/{video}/share`;
const shareOf = (who: { token: string; teamId: string }, method: 'GET' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
  call(t.app, { method, url: shareUrl.replace('{team}', who.teamId).replace('{video}', videoId), token: who.token, body });
const pathOf = (url: string) => new URL(url).pathname;

test('a video is shared by a member: a public page with the player, captions and poster, and nothing else of the team', async () => {
  expect((await shareOf(owner)).body).toEqual({ shared: false });
  expect((await shareOf(outsider, 'PUT', {})).status).toBe(404);
  const shared = await shareOf(owner, 'PUT', { allow_download: false });
  expect(shared.body).toMatchObject({ shared: true, allow_download: false, views: 0 });
  const page = await t.app.inject({ url: pathOf(shared.body.url) });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = page.payload;
  expect(html).toContain('<title>Launch &lt;announcement&gt;</title>');
  expect(html).toMatch(/<video controls[^>]+poster="http[^"]+\/poster\.jpg"/);
  expect(html).toMatch(/<track kind="captions" src="http[^"]+\/captions\.vtt"/);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/poster\.jpg">/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
  // Nothing of the team beyond the video: not its name, its members, or the download without the owner's leave.
  expect(html).not.toContain('Secret Team Name');
  expect(html).not.toContain('sharer@example.com');
  expect(html).not.toContain('/download');
  expect(html).not.toContain('<script');
  expect(html).toContain('Made with AI (Kagami). The video carries Content Credentials (C2PA) that say so.');
  // Its own policy: its media only, and no framing.
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['content-security-policy']).toContain("media-src 'self'");
  expect(page.headers['x-frame-options']).toBeDefined();

  const token = pathOf(shared.body.url).split('/').pop();
  const video = await t.app.inject({ url: `/share/${token}/video.mp4`, headers: { range: 'bytes=0-99' } });
  expect(video.statusCode).toBe(206);
  expect(video.rawPayload.length).toBe(100);
  const captions = await t.app.inject({ url: `/share/${token}/captions.vtt` });
  expect(captions.payload).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> /);
  expect((await t.app.inject({ url: `/share/${token}/poster.jpg` })).rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect((await t.app.inject({ url: `/share/${token}/download` })).statusCode).toBe(404);

  // A visit is counted; the Japanese page says its words in Japanese.
  const ja = await t.app.inject({ url: `/share/${token}`, headers: { 'accept-language': 'ja,en;q=0.5' } });
  expect(ja.payload).toContain('AIで作成（Kagami）');
  expect((await shareOf(owner)).body.views).toBe(2);
});

test('the embed page may be framed by any site; the rest of the app may not', async () => {
  const shared = await shareOf(owner, 'PUT', {});
  const embed = await t.app.inject({ url: pathOf(shared.body.embed_url) });
  expect(embed.statusCode).toBe(200);
  expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers['x-frame-options']).toBeUndefined();
  expect(embed.payload).toContain('<video controls');
  expect(shared.body.embed_html).toBe(
    `<iframe src="${shared.body.embed_url}" width="640" height="360" title="Kagami video" allow="fullscreen; picture-in-picture" allowfullscreen style="border:0"></iframe>`,
  );
  const elsewhere = await t.app.inject({ url: '/api/health' });
  expect(elsewhere.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(elsewhere.headers['x-frame-options']).toBeDefined();
});

test('the owner may offer the download; revoking the link makes every address of it a 404, and sharing again makes a new link', async () => {
  const shared = await shareOf(owner, 'PUT', { allow_download: true });
  const token = pathOf(shared.body.url).split('/').pop();
  expect((await t.app.inject({ url: `/share/${token}` })).payload).toMatch(
    /<a class="download" href="http[^"]+\/download" download>Download<\/a>/,
  );
  const download = await t.app.inject({ url: `/share/${token}/download` });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Launch <announcement>.mp4')}`);

  expect((await shareOf(outsider, 'DELETE')).status).toBe(404);
  expect((await shareOf(owner, 'DELETE')).status).toBe(204);
  for (const suffix of ['', '/embed', '/video.mp4', '/poster.jpg', '/captions.vtt', '/download']) {
    expect([suffix, (await t.app.inject({ url: `/share/${token}${suffix}` })).statusCode]).toEqual([suffix, 404]);
  }
  expect((await shareOf(owner)).body).toEqual({ shared: false });
  const again = await shareOf(owner, 'PUT', {});
  expect(again.body.url).not.toBe(shared.body.url);
  expect(again.body.views).toBe(0);
});
