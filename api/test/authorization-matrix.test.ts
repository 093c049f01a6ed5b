// The authorization matrix: every route of the API x every kind of caller, run against the live app.
// Each route has a row saying who may use it (its access); the expected status of each caller follows
// from that, and nothing of the team may reach a caller who is refused or belongs elsewhere. A route
// without a row fails the suite, so a new route must say who may call it.
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../src/lib/secrets';
import {
  avatars,
  backgrounds,
  batches,
  templates,
  documents,
  history,
  pronunciations,
  sessions,
  videoDrafts,
  videos,
  voices,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema';
import { build, call, latestMail, onboardedUser, signUp, tusMetadata, type TestApp } from './helper';

const CALLERS = ['anonymous', 'forged', 'expired', 'revoked', 'member', 'owner', 'outsider', 'key', 'otherKey', 'revokedKey'] as const;
type Caller = (typeof CALLERS)[number];

/**
 * public: anyone (the answer is the same for all); user: any signed-in person; member / owner: of the
 * team in the path (others 404, members 403 on owner routes); key: the team's API key (sessions 401,
 * another team's key sees its own team only); link: a signed link is the permission (a forged one is
 * refused for everyone); uploader: the person or key that started the upload.
 */
type Access = 'public' | 'user' | 'member' | 'owner' | 'key' | 'link' | 'uploader';
type Request = { method: string; url: string; body?: unknown; headers?: Record<string, string> };
type Row = {
  route: string;
  access: Access;
  /** The status of a caller who may make the request. */
  ok: number;
  request: () => Promise<Request> | Request;
  /** Exceptions to what the access implies. */
  except?: Partial<Record<Caller, number>>;
  /** Keeps a caller usable after a cell that replaces its credentials. */
  after?: (caller: Caller, answer: { statusCode: number; json: () => Record<string, string> }) => void;
};

let t: TestApp;
const TEAM_NAME = 'Secret Team';
const OWNER_EMAIL = 'matrix-owner@example.com';
const MEMBER_EMAIL = 'matrix-member@example.com';
const team = { id: '', avatarId: '', voiceId: '', videoId: '', endpointId: '', deliveryId: '', invitationId: '' };
const headersOf: Record<Caller, Record<string, string>> = Object.fromEntries(CALLERS.map((c) => [c, {}])) as never;
const ids = { owner: '', member: '', outsider: '', ownerCustomer: '' };
let uploadId = '';
let counter = 0;
const fresh = (label: string) => `matrix-${label}-${(counter += 1)}@example.com`;

async function newKey(token: string, teamId: string) {
  return (await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/api-key`, token })).body.api_key as string;
}
async function joinTeam(email: string) {
  await call(t.app, { method: 'POST', url: `/api/teams/${team.id}/invitations`, token: bearer('owner'), body: { email } });
  const code = (await latestMail(t.app, email)).text.match(/join\?code=([\w-]+)/)![1];
  const token = await signUp(t.app, email);
  expect((await call(t.app, { method: 'POST', url: '/api/teams/join', token, body: { code } })).status).toBe(200);
  return { token, id: (await call(t.app, { url: '/api/profile', token })).body.id as string };
}
const bearer = (caller: Caller) => headersOf[caller].authorization!.slice('Bearer '.length);
async function pendingInvitation() {
  const invited = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${team.id}/invitations`,
    token: bearer('owner'),
    body: { email: fresh('invite') },
  });
  return invited.body.id as string;
}
async function webhookEndpoint() {
  // Those left by earlier cells go first: a team may have at most 10.
  if (team.endpointId)
    await t.database.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.teamId, team.id), ne(webhookEndpoints.id, team.endpointId)));
  const [row] = await t.database.db
    .insert(webhookEndpoints)
    .values({ teamId: team.id, url: 'https://hooks.invalid/kagami', events: ['video.ready'] })
    .returning();
  return row!.id;
}
async function teamItem(table: typeof avatars | typeof voices | typeof videos) {
  const values = { teamId: team.id, name: `${TEAM_NAME} item`, language: 'en', status: 'failed' as const, reason: 'processing_failed' };
  const [row] = await t.database.db
    .insert(table as typeof videos)
    .values(table === avatars ? ({ ...values, source: 'x.mp4', consentText: 'I agree', consentAt: new Date() } as never) : values)
    .returning();
  return row!.id;
}
/** A word of the team's pronunciation list (each delete cell removes its own). */
async function pronunciation() {
  const [row] = await t.database.db
    .insert(pronunciations)
    .values({ teamId: team.id, word: `word${crypto.randomUUID().slice(0, 8)}`, sayAs: 'said' })
    .returning();
  return row!.id;
}
/** A background of the team's library (each delete cell removes its own). */
async function background() {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(backgrounds)
    .values({ id, teamId: team.id, kind: 'image', name: 'Office', file: `background-${id}.png`, preview: `background-${id}.jpg` });
  return id;
}
/** A draft of the team's video editor (each delete cell removes its own). */
async function videoDraft() {
  const [row] = await t.database.db
    .insert(videoDrafts)
    .values({ teamId: team.id, name: 'Launch draft', body: { scenes: [{ script: 'Hello' }] } })
    .returning();
  return row!.id;
}
/** A template of the team's, presented by a failed avatar (each delete cell removes its own). */
async function template() {
  const body = { language: 'en', avatar_id: await teamItem(avatars), script: 'Hello {{name|there}}.' };
  const [row] = await t.database.db.insert(templates).values({ teamId: team.id, name: 'Welcome', language: 'en', body }).returning();
  return row!.id;
}
/** A batch of the team's that has ended, with no rows. */
async function batch() {
  const [row] = await t.database.db
    .insert(batches)
    .values({ teamId: team.id, name: 'Welcome', body: {}, source: 'app', status: 'completed', endedAt: new Date() })
    .returning();
  return row!.id;
}
/** A document of the team's, its pages not yet rendered (each delete cell removes its own). */
async function teamDocument() {
  const id = crypto.randomUUID().replace(/-/g, '');
  await t.database.db.insert(documents).values({ id, teamId: team.id, name: 'Deck.pdf', file: `document-${id}.pdf`, pageCount: 3 });
  return id;
}
/** A delivery still waiting to be sent (cancelling one leaves it cancelled, so each cell has its own). */
async function pendingDelivery() {
  const [row] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      teamId: team.id,
      url: 'https://hooks.invalid/kagami',
      event: 'video.ready',
      payload: { team: TEAM_NAME },
      retryUntil: new Date(),
    })
    .returning();
  return row!.id;
}
function tusCreate(headers: Record<string, string> = {}, metadata: Record<string, string> = {}) {
  const meta = tusMetadata({ purpose: 'voice_audio', filename: 'a.wav', filetype: 'audio/wav', ...metadata });
  return { 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': meta, ...headers };
}

const PREFLIGHT = { origin: 'http://localhost:8080', 'access-control-request-method': 'PATCH' };
const teamPath = (rest = '') => `/api/teams/${team.id}${rest}`;

const ROWS: Row[] = [
  // Public: the same answer for everyone.
  { route: 'GET /api/health', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/health' }) },
  // The built-in voice library is the same for every team, and holds nothing of anyone's.
  { route: 'GET /api/voices/builtin', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/voices/builtin' }) },
  {
    route: 'GET /api/voices/builtin/:id/preview',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/voices/builtin/builtin-de-anna/preview' }),
  },
  { route: 'HEAD /api/docs', access: 'public', ok: 200, request: () => ({ method: 'HEAD', url: '/api/docs' }) },
  { route: 'GET /api/docs/', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/docs/' }) },
  { route: 'GET /api/docs/json', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/docs/json' }) },
  { route: 'GET /api/docs/yaml', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  {
    route: 'GET /api/docs/static/index.html',
    access: 'public',
    ok: 302,
    request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
  },
  {
    route: 'GET /api/docs/static/*',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
  },
  {
    route: 'HEAD /api/docs/static/*',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' }),
  },
  { route: 'GET /api/v1/openapi.json', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/v1/openapi.json' }) },
  { route: 'GET /api/v1/docs', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/v1/docs' }) },
  { route: 'GET /api/v1/docs/start.js', access: 'public', ok: 200, request: () => ({ method: 'GET', url: '/api/v1/docs/start.js' }) },
  {
    route: 'OPTIONS *',
    access: 'public',
    ok: 204,
    request: () => ({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    }),
  },
  // The dev mailbox exists outside production only (NODE_ENV=production answers 404: sessions.test.ts).
  {
    route: 'GET /api/dev/mailbox',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(fresh('nobody'))}` }),
  },
  {
    route: 'POST /api/check-email',
    access: 'public',
    ok: 200,
    request: () => ({ method: 'POST', url: '/api/check-email', body: { email: fresh('check') } }),
  },
  {
    route: 'POST /api/auth/send-verification-code',
    access: 'public',
    ok: 202,
    request: () => ({ method: 'POST', url: '/api/auth/send-verification-code', body: { email: fresh('code') } }),
  },
  {
    route: 'GET /api/invitations/preview',
    access: 'public',
    ok: 404,
    request: () => ({ method: 'GET', url: '/api/invitations/preview?code=doesnotexist' }),
  },
  {
    route: 'POST /api/auth/resend-code',
    access: 'public',
    ok: 202,
    request: () => ({ method: 'POST', url: '/api/auth/resend-code', body: { email: fresh('resend') } }),
  },
  {
    route: 'POST /api/auth/verify-code',
    access: 'public',
    ok: 400,
    request: () => ({ method: 'POST', url: '/api/auth/verify-code', body: { email: fresh('verify'), code: '000000' } }),
  },
  {
    route: 'POST /api/auth/signup',
    access: 'public',
    ok: 400,
    request: () => ({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: fresh('signup'), password: 'correct-horse-9', code: '000000' },
    }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    access: 'public',
    ok: 202,
    request: () => ({ method: 'POST', url: '/api/auth/forgot-password', body: { email: fresh('forgot') } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    access: 'public',
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/auth/reset-password', body: { token: 'not-a-reset-token', password: 'correct-horse-9' } }),
  },
  {
    route: 'POST /api/login',
    access: 'public',
    ok: 401,
    // A fresh address each time: wrong passwords for one account from one client soon have to wait.
    request: () => ({ method: 'POST', url: '/api/login', body: { email: fresh('login'), password: 'not-the-password' } }),
  },
  {
    route: 'POST /api/google/login',
    access: 'public',
    ok: 404,
    request: () => ({ method: 'POST', url: '/api/google/login', body: { credential: 'x' } }),
  },
  {
    route: 'POST /api/google/signup',
    access: 'public',
    ok: 404,
    request: () => ({ method: 'POST', url: '/api/google/signup', body: { credential: 'x' } }),
  },
  {
    route: 'POST /api/google/link',
    access: 'public',
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/google/link', body: { link_token: 'forged.link.token.x', code: '000000' } }),
  },

  // Signed links: the link is the permission; a made-up one opens nothing, whoever asks.
  {
    route: 'GET /share/:token',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing' }),
  },
  {
    route: 'GET /share/:token/embed',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing/embed' }),
  },
  {
    route: 'GET /share/:token/video.mp4',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing/video.mp4' }),
  },
  {
    route: 'GET /share/:token/poster.jpg',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing/poster.jpg' }),
  },
  {
    route: 'GET /share/:token/captions.vtt',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing/captions.vtt' }),
  },
  {
    route: 'GET /share/:token/download',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/share/made-up-token-that-opens-nothing/download' }),
  },
  {
    route: 'GET /assets/signed/:category/:file',
    access: 'link',
    ok: 403,
    request: () => ({ method: 'GET', url: `/assets/signed/video_output/${team.videoId}.mp4?expires=9999999999&sig=forged` }),
  },
  {
    route: 'GET /api/billing/checkout/:id',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/api/billing/checkout/cs_forged' }),
  },
  {
    route: 'POST /api/billing/checkout/:id',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'POST', url: '/api/billing/checkout/cs_forged' }),
  },
  {
    route: 'GET /api/billing/checkout/:id/cancel',
    access: 'link',
    ok: 404,
    request: () => ({ method: 'GET', url: '/api/billing/checkout/cs_forged/cancel' }),
  },
  {
    route: 'GET /api/billing/portal/:token',
    access: 'link',
    ok: 401,
    request: () => ({ method: 'GET', url: '/api/billing/portal/forged' }),
  },
  {
    route: 'GET /api/billing/portal/:token/invoices/:invoiceId.pdf',
    access: 'link',
    ok: 401,
    request: () => ({ method: 'GET', url: '/api/billing/portal/forged/invoices/00000000-0000-0000-0000-000000000000.pdf' }),
  },
  {
    route: 'POST /api/billing/portal/:token/cancel',
    access: 'link',
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/billing/portal/forged/cancel' }),
  },
  {
    route: 'POST /api/billing/portal/:token/change',
    access: 'link',
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/billing/portal/forged/change', body: { price_id: 'price_creator_month_usd' } }),
  },
  {
    route: 'POST /api/billing/portal/:token/resume',
    access: 'link',
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/billing/portal/forged/resume' }),
  },

  // Any signed-in person, about themselves.
  { route: 'GET /api/profile', access: 'user', ok: 200, request: () => ({ method: 'GET', url: '/api/profile' }) },
  { route: 'GET /api/users/export', access: 'user', ok: 200, request: () => ({ method: 'GET', url: '/api/users/export' }) },
  { route: 'GET /api/teams', access: 'user', ok: 200, request: () => ({ method: 'GET', url: '/api/teams' }) },
  {
    route: 'POST /api/teams',
    access: 'user',
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/teams', body: { name: 'Another team' } }),
  },
  {
    route: 'POST /api/teams/join',
    access: 'user',
    ok: 404,
    request: () => ({ method: 'POST', url: '/api/teams/join', body: { code: 'ABCDEFGH' } }),
  },
  {
    route: 'PUT /api/users/update-profile',
    access: 'user',
    ok: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/users/update-profile',
      body: { name: 'Same Name', company_name: '', number_of_employees: '1', role: 'OTHER' },
    }),
  },
  {
    route: 'PUT /api/users/current-team',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'PUT', url: '/api/users/current-team', body: { team_id: team.id } }),
  },
  {
    route: 'POST /api/users/change-email-request',
    access: 'user',
    ok: 202,
    request: () => ({ method: 'POST', url: '/api/users/change-email-request', body: { new_email: fresh('new-address') } }),
  },
  {
    route: 'POST /api/users/change-email-verify-otp',
    access: 'user',
    ok: 400,
    request: () => ({ method: 'POST', url: '/api/users/change-email-verify-otp', body: { new_email: fresh('otp'), otp: '000000' } }),
  },
  {
    route: 'POST /api/auth/change-password',
    access: 'user',
    ok: 400,
    request: () => ({
      method: 'POST',
      url: '/api/auth/change-password',
      body: { current_password: 'not-the-password', new_password: 'another-horse-9' },
    }),
  },
  // Only one's own account: the owner's id is someone else's for every other caller.
  {
    route: 'DELETE /api/users/:id',
    access: 'user',
    ok: 403,
    request: () => ({ method: 'DELETE', url: `/api/users/${ids.owner}`, body: { email: OWNER_EMAIL } }),
    except: { owner: 409 },
  },
  { route: 'GET /api/users/subscription', access: 'user', ok: 200, request: () => ({ method: 'GET', url: '/api/users/subscription' }) },
  {
    route: 'GET /api/users/api-subscription',
    access: 'user',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/users/api-subscription' }),
  },
  { route: 'GET /api/users/quota', access: 'user', ok: 200, request: () => ({ method: 'GET', url: '/api/users/quota' }) },
  {
    route: 'GET /api/stripe/personal-plans',
    access: 'user',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/stripe/personal-plans?product_type=app' }),
  },
  {
    route: 'POST /api/stripe/customer-session',
    access: 'user',
    ok: 403,
    request: () => ({ method: 'POST', url: '/api/stripe/customer-session', body: { email: OWNER_EMAIL, user_id: ids.owner } }),
    except: { owner: 200 },
  },
  {
    route: 'POST /api/stripe/create-checkout-session',
    access: 'user',
    ok: 403,
    except: { owner: 200 },
    request: () => ({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      body: {
        price_id: 'price_creator_month_usd',
        customer_id: ids.ownerCustomer,
        success_url: 'http://localhost:8080/ok',
        cancel_url: 'http://localhost:8080/no',
      },
    }),
  },
  {
    route: 'POST /api/stripe/billing-portal-session',
    access: 'user',
    ok: 200,
    request: () => ({ method: 'POST', url: '/api/stripe/billing-portal-session', body: { return_url: 'http://localhost:8080/' } }),
  },
  {
    route: 'POST /api/contact-sales',
    access: 'user',
    ok: 201,
    request: () => ({
      method: 'POST',
      url: '/api/contact-sales',
      body: { name: 'A', email: fresh('sales'), company: 'B', team_size: '2-10', message: 'Hello' },
    }),
  },

  // Members of the team in the path; owners for what changes the team.
  { route: 'GET /api/teams/:teamId', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath() }) },
  {
    route: 'PUT /api/teams/:teamId',
    access: 'owner',
    ok: 200,
    request: () => ({ method: 'PUT', url: teamPath(), body: { name: TEAM_NAME } }),
  },
  {
    route: 'POST /api/teams/:teamId/invitations',
    access: 'owner',
    ok: 201,
    request: () => ({ method: 'POST', url: teamPath('/invitations'), body: { email: fresh('invitee') } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/invitations/:invitationId',
    access: 'owner',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/invitations/${await pendingInvitation()}`) }),
  },
  { route: 'GET /api/teams/:teamId/members', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/members') }) },
  {
    route: 'DELETE /api/teams/:teamId/members/:userId',
    access: 'owner',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/members/${(await joinTeam(fresh('leaver'))).id}`) }),
  },
  { route: 'GET /api/teams/:teamId/api-key', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/api-key') }) },
  // Regenerating would replace the key the key callers use: the owner's cell regenerates another team's.
  {
    route: 'POST /api/teams/:teamId/api-key',
    access: 'owner',
    ok: 201, // The owner's cell replaces the key the key callers use (the old one stays as the revoked key it now is).
    after: (caller, answer) => {
      if (caller === 'owner' && answer.statusCode === 201) headersOf.key = { 'x-api-key': answer.json().api_key! };
    },
    request: () => ({ method: 'POST', url: teamPath('/api-key') }),
  },
  { route: 'GET /api/teams/:teamId/avatars', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/avatars') }) },
  {
    route: 'POST /api/teams/:teamId/avatars',
    access: 'member',
    ok: 400,
    request: () => ({
      method: 'POST',
      url: teamPath('/avatars'),
      body: { name: 'New', language: 'en', upload_id: 'no-such-upload', consent_text: `I, ${MEMBER_EMAIL} ${OWNER_EMAIL}, agree.` },
    }),
  },
  {
    route: 'GET /api/teams/:teamId/avatars/:id',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath(`/avatars/${team.avatarId}`) }),
  },
  {
    route: 'DELETE /api/teams/:teamId/avatars/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/avatars/${await teamItem(avatars)}`) }),
  },
  { route: 'GET /api/teams/:teamId/voices', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/voices') }) },
  {
    route: 'POST /api/teams/:teamId/voices',
    access: 'member',
    ok: 400,
    request: () => ({ method: 'POST', url: teamPath('/voices'), body: { name: 'New', language: 'en', upload_id: 'no-such-upload' } }),
  },
  {
    route: 'GET /api/teams/:teamId/voices/:id',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath(`/voices/${team.voiceId}`) }),
  },
  {
    route: 'DELETE /api/teams/:teamId/voices/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/voices/${await teamItem(voices)}`) }),
  },
  {
    route: 'POST /api/teams/:teamId/voice-preview',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'POST', url: teamPath('/voice-preview'), body: { text: 'Hi.', language: 'en' } }),
  },
  { route: 'GET /api/teams/:teamId/videos', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/videos') }) },
  {
    route: 'POST /api/teams/:teamId/videos',
    access: 'member',
    ok: 409,
    request: async () => ({
      method: 'POST',
      url: teamPath('/videos'),
      body: { name: 'New', avatar_id: await teamItem(avatars), language: 'en', script: 'Hello.' },
    }),
  },
  {
    route: 'GET /api/teams/:teamId/videos/:id',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath(`/videos/${team.videoId}`) }),
  },
  {
    route: 'DELETE /api/teams/:teamId/videos/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/videos/${await teamItem(videos)}`) }),
  },
  {
    route: 'GET /api/teams/:teamId/videos/:id/share',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath(`/videos/${team.videoId}/share`) }),
  },
  {
    route: 'PUT /api/teams/:teamId/videos/:id/share',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'PUT', url: teamPath(`/videos/${team.videoId}/share`), body: {} }),
  },
  {
    route: 'DELETE /api/teams/:teamId/videos/:id/share',
    access: 'member',
    ok: 204,
    request: () => ({ method: 'DELETE', url: teamPath(`/videos/${team.videoId}/share`) }),
  },
  {
    route: 'GET /api/teams/:teamId/pronunciations',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/pronunciations') }),
  },
  {
    route: 'POST /api/teams/:teamId/pronunciations',
    access: 'member',
    ok: 201,
    request: () => ({ method: 'POST', url: teamPath('/pronunciations'), body: { word: 'Kagami', say_as: 'kah gah me' } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/pronunciations/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/pronunciations/${await pronunciation()}`) }),
  },
  {
    route: 'GET /api/teams/:teamId/backgrounds',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/backgrounds') }),
  },
  {
    route: 'POST /api/teams/:teamId/backgrounds',
    access: 'member',
    // No finished upload of that id: refused as such, after the member was let in.
    ok: 400,
    request: () => ({ method: 'POST', url: teamPath('/backgrounds'), body: { upload_id: crypto.randomUUID() } }),
  },
  {
    route: 'GET /api/teams/:teamId/documents',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/documents') }),
  },
  {
    route: 'GET /api/teams/:teamId/video-drafts',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/video-drafts') }),
  },
  {
    route: 'POST /api/teams/:teamId/video-drafts',
    access: 'member',
    ok: 201,
    request: () => ({ method: 'POST', url: teamPath('/video-drafts'), body: { name: 'Launch draft', body: { scenes: [] } } }),
  },
  {
    route: 'GET /api/teams/:teamId/video-drafts/:id',
    access: 'member',
    ok: 200,
    request: async () => ({ method: 'GET', url: teamPath(`/video-drafts/${await videoDraft()}`) }),
  },
  {
    route: 'PUT /api/teams/:teamId/video-drafts/:id',
    access: 'member',
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: teamPath(`/video-drafts/${await videoDraft()}`),
      body: { name: 'Launch draft', body: { scenes: [] } },
    }),
  },
  {
    route: 'DELETE /api/teams/:teamId/video-drafts/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/video-drafts/${await videoDraft()}`) }),
  },
  { route: 'GET /api/teams/:teamId/templates', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/templates') }) },
  {
    route: 'POST /api/teams/:teamId/templates',
    access: 'member',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: teamPath('/templates'),
      body: { name: 'Welcome', language: 'en', avatar_id: await teamItem(avatars), script: 'Hello {{name}}.' },
    }),
  },
  {
    route: 'GET /api/teams/:teamId/templates/:id',
    access: 'member',
    ok: 200,
    request: async () => ({ method: 'GET', url: teamPath(`/templates/${await template()}`) }),
  },
  {
    route: 'PUT /api/teams/:teamId/templates/:id',
    access: 'member',
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: teamPath(`/templates/${await template()}`),
      body: { name: 'Renamed', language: 'en', avatar_id: await teamItem(avatars), script: 'Hi {{name}}.' },
    }),
  },
  {
    route: 'DELETE /api/teams/:teamId/templates/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/templates/${await template()}`) }),
  },
  {
    route: 'POST /api/teams/:teamId/templates/:id/videos',
    access: 'member',
    ok: 409,
    request: async () => ({ method: 'POST', url: teamPath(`/templates/${await template()}/videos`), body: { variables: { name: 'Ada' } } }),
  },
  {
    route: 'POST /api/teams/:teamId/templates/:id/batches',
    access: 'member',
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: teamPath(`/templates/${await template()}/batches`),
      body: { rows: [{ variables: { name: 'Ada' } }], dry_run: true },
    }),
  },
  { route: 'GET /api/teams/:teamId/batches', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/batches') }) },
  {
    route: 'GET /api/teams/:teamId/batches/:id',
    access: 'member',
    ok: 200,
    request: async () => ({ method: 'GET', url: teamPath(`/batches/${await batch()}`) }),
  },
  {
    route: 'POST /api/teams/:teamId/batches/:id/cancel',
    access: 'member',
    ok: 409,
    request: async () => ({ method: 'POST', url: teamPath(`/batches/${await batch()}/cancel`) }),
  },
  {
    route: 'POST /api/teams/:teamId/batches/:id/retry',
    access: 'member',
    ok: 409,
    request: async () => ({ method: 'POST', url: teamPath(`/batches/${await batch()}/retry`) }),
  },
  {
    route: 'GET /api/teams/:teamId/batches/:id/results.csv',
    access: 'member',
    ok: 200,
    request: async () => ({ method: 'GET', url: teamPath(`/batches/${await batch()}/results.csv`) }),
  },
  {
    route: 'GET /api/teams/:teamId/brand-kit',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/brand-kit') }),
  },
  {
    route: 'PUT /api/teams/:teamId/brand-kit',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'PUT', url: teamPath('/brand-kit'), body: { colors: ['#0F766E'] } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/backgrounds/:id',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/backgrounds/${await background()}`) }),
  },
  {
    route: 'GET /api/teams/:teamId/documents/:uploadId',
    access: 'member',
    ok: 200,
    request: async () => ({ method: 'GET', url: teamPath(`/documents/${await teamDocument()}`) }),
  },
  {
    route: 'DELETE /api/teams/:teamId/documents/:uploadId',
    access: 'member',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/documents/${await teamDocument()}`) }),
  },
  {
    route: 'GET /api/teams/:teamId/moderation',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/moderation') }),
  },
  {
    route: 'PUT /api/teams/:teamId/moderation',
    access: 'owner',
    ok: 200,
    request: () => ({ method: 'PUT', url: teamPath('/moderation'), body: { blocked_terms: ['matrix'] } }),
  },
  {
    route: 'POST /api/teams/:teamId/layout-preview',
    access: 'member',
    // The team's avatar that failed: no preview to compose yet.
    ok: 409,
    request: async () => ({ method: 'POST', url: teamPath('/layout-preview'), body: { avatar_id: await teamItem(avatars) } }),
  },
  {
    route: 'GET /api/teams/:teamId/avatars/consent-phrase',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/avatars/consent-phrase?language=en') }),
  },
  { route: 'GET /api/teams/:teamId/languages', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/languages') }) },
  {
    route: 'GET /api/teams/:teamId/history',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/history?type=app') }),
  },
  {
    route: 'GET /api/teams/:teamId/history.csv',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/history.csv?type=app') }),
  },
  // A stream that stays open: only its refusals are run here (studio.test.ts reads it as a member).
  { route: 'GET /api/teams/:teamId/events', access: 'member', ok: 0, request: () => ({ method: 'GET', url: teamPath('/events') }) },
  { route: 'GET /api/teams/:teamId/webhooks', access: 'member', ok: 200, request: () => ({ method: 'GET', url: teamPath('/webhooks') }) },
  {
    route: 'POST /api/teams/:teamId/webhooks',
    access: 'owner',
    ok: 201,
    request: () => ({ method: 'POST', url: teamPath('/webhooks'), body: { url: 'https://93.184.216.34/hook', events: ['video.ready'] } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/webhooks/:id',
    access: 'owner',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: teamPath(`/webhooks/${await webhookEndpoint()}`) }),
  },
  {
    route: 'POST /api/teams/:teamId/webhooks/:id/test',
    access: 'owner',
    ok: 202,
    request: () => ({ method: 'POST', url: teamPath(`/webhooks/${team.endpointId}/test`) }),
  },
  {
    route: 'POST /api/teams/:teamId/webhooks/secret',
    access: 'owner',
    ok: 200,
    request: () => ({ method: 'POST', url: teamPath('/webhooks/secret') }),
  },
  {
    route: 'GET /api/teams/:teamId/webhooks/deliveries',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/webhooks/deliveries') }),
  },
  {
    route: 'POST /api/teams/:teamId/webhooks/deliveries/:id/resend',
    access: 'owner',
    ok: 202,
    request: () => ({ method: 'POST', url: teamPath(`/webhooks/deliveries/${team.deliveryId}/resend`) }),
  },
  {
    route: 'POST /api/teams/:teamId/webhooks/deliveries/:id/cancel',
    access: 'owner',
    ok: 200,
    request: async () => ({ method: 'POST', url: teamPath(`/webhooks/deliveries/${await pendingDelivery()}/cancel`) }),
  },
  {
    route: 'GET /api/teams/:teamId/api-quota',
    access: 'member',
    ok: 200,
    request: () => ({ method: 'GET', url: teamPath('/api-quota') }),
  },
  {
    route: 'POST /api/teams/:teamId/uploads/check',
    access: 'member',
    ok: 200,
    request: () => ({
      method: 'POST',
      url: teamPath('/uploads/check'),
      body: { purpose: 'video_audio', size_bytes: 1000, duration_seconds: 1 },
    }),
  },
  // A team's file, through the member's session (it answers with a signed link to it).
  {
    route: 'GET /assets/data/:category/:file',
    access: 'member',
    ok: 302,
    request: () => ({ method: 'GET', url: `/assets/data/video_output/${team.videoId}.mp4` }),
  },

  // The public API: the team's key; a session is refused; another team's key finds nothing of this team.
  { route: 'GET /api/v1/team', access: 'key', ok: 200, request: () => ({ method: 'GET', url: '/api/v1/team' }), except: { otherKey: 200 } },
  {
    route: 'GET /api/v1/avatars',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/avatars' }),
    except: { otherKey: 200 },
  },
  {
    route: 'GET /api/v1/avatars/consent-phrase',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/avatars/consent-phrase?language=en&name=Ada' }),
    // Any team's key is given a phrase for its own team.
    except: { otherKey: 200 },
  },
  { route: 'GET /api/v1/avatars/:id', access: 'key', ok: 200, request: () => ({ method: 'GET', url: `/api/v1/avatars/${team.avatarId}` }) },
  {
    route: 'POST /api/v1/avatars',
    access: 'key',
    ok: 400,
    except: { otherKey: 400 },
    request: () => ({
      method: 'POST',
      url: '/api/v1/avatars',
      body: { name: 'N', language: 'en', upload_id: 'nope', consent_text: 'I agree.' },
    }),
  },
  {
    route: 'GET /api/v1/voices',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/voices' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/voices',
    access: 'key',
    ok: 400,
    request: () => ({ method: 'POST', url: '/api/v1/voices', body: { name: 'N', language: 'en', upload_id: 'nope' } }),
    except: { otherKey: 400 },
  },
  {
    route: 'GET /api/v1/videos',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/videos' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/videos',
    access: 'key',
    ok: 402,
    request: () => ({
      method: 'POST',
      url: '/api/v1/videos',
      body: { title: 'N', avatar_id: team.avatarId, language: 'en', script: 'Hi.' },
    }),
  },
  { route: 'GET /api/v1/videos/:id', access: 'key', ok: 200, request: () => ({ method: 'GET', url: `/api/v1/videos/${team.videoId}` }) },
  {
    route: 'DELETE /api/v1/videos/:id',
    access: 'key',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: `/api/v1/videos/${await teamItem(videos)}` }),
  },
  {
    route: 'POST /api/v1/verify',
    access: 'key',
    // Any team's key may ask what a file's credentials say; these bytes are no video.
    ok: 400,
    request: () => ({
      method: 'POST',
      url: '/api/v1/verify',
      body: 'not a video',
      headers: { 'content-type': 'application/octet-stream' },
    }),
    except: { otherKey: 400 },
  },
  {
    route: 'GET /api/v1/quota',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/quota' }),
    except: { otherKey: 200 },
  },
  {
    route: 'GET /api/v1/webhooks',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/webhooks' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/webhooks',
    access: 'key',
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/webhooks', body: { url: 'https://93.184.216.34/hook', events: ['video.ready'] } }),
    except: { otherKey: 201 },
  },
  {
    route: 'GET /api/v1/pronunciations',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/pronunciations' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/pronunciations',
    access: 'key',
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/pronunciations', body: { word: 'SQL', say_as: 'sequel' } }),
    except: { otherKey: 201 },
  },
  {
    route: 'DELETE /api/v1/pronunciations/:id',
    access: 'key',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: `/api/v1/pronunciations/${await pronunciation()}` }),
  },
  {
    route: 'GET /api/v1/templates',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/templates' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/templates',
    access: 'key',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/templates',
      body: { name: 'Welcome', language: 'en', avatar_id: await teamItem(avatars), script: 'Hello {{name}}.' },
    }),
    // Another team's key saves a template of its own.
    except: { otherKey: 201 },
  },
  {
    route: 'GET /api/v1/templates/:id',
    access: 'key',
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/v1/templates/${await template()}` }),
  },
  {
    route: 'PUT /api/v1/templates/:id',
    access: 'key',
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: `/api/v1/templates/${await template()}`,
      body: { name: 'Renamed', language: 'en', avatar_id: await teamItem(avatars), script: 'Hi {{name}}.' },
    }),
  },
  {
    route: 'DELETE /api/v1/templates/:id',
    access: 'key',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: `/api/v1/templates/${await template()}` }),
  },
  {
    route: 'POST /api/v1/templates/:id/videos',
    access: 'key',
    ok: 409,
    request: async () => ({ method: 'POST', url: `/api/v1/templates/${await template()}/videos`, body: { variables: { name: 'Ada' } } }),
  },
  {
    route: 'POST /api/v1/templates/:id/batches',
    access: 'key',
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: `/api/v1/templates/${await template()}/batches`,
      body: { rows: [{ variables: { name: 'Ada' } }], dry_run: true },
    }),
  },
  {
    route: 'GET /api/v1/batches',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/batches' }),
    except: { otherKey: 200 },
  },
  {
    route: 'GET /api/v1/batches/:id',
    access: 'key',
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/v1/batches/${await batch()}` }),
  },
  {
    route: 'POST /api/v1/batches/:id/cancel',
    access: 'key',
    ok: 409,
    request: async () => ({ method: 'POST', url: `/api/v1/batches/${await batch()}/cancel` }),
  },
  {
    route: 'POST /api/v1/batches/:id/retry',
    access: 'key',
    ok: 409,
    request: async () => ({ method: 'POST', url: `/api/v1/batches/${await batch()}/retry` }),
  },
  {
    route: 'GET /api/v1/batches/:id/results.csv',
    access: 'key',
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/v1/batches/${await batch()}/results.csv` }),
  },
  {
    route: 'GET /api/v1/brand-kit',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/brand-kit' }),
    except: { otherKey: 200 },
  },
  {
    route: 'PUT /api/v1/brand-kit',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'PUT', url: '/api/v1/brand-kit', body: { colors: ['#0F766E'] } }),
    except: { otherKey: 200 },
  },
  {
    route: 'DELETE /api/v1/webhooks/:id',
    access: 'key',
    ok: 204,
    request: async () => ({ method: 'DELETE', url: `/api/v1/webhooks/${await webhookEndpoint()}` }),
  },
  {
    route: 'POST /api/v1/webhooks/:id/test',
    access: 'key',
    ok: 202,
    request: () => ({ method: 'POST', url: `/api/v1/webhooks/${team.endpointId}/test` }),
  },
  {
    route: 'GET /api/v1/webhooks/deliveries',
    access: 'key',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/webhooks/deliveries' }),
    except: { otherKey: 200 },
  },
  {
    route: 'POST /api/v1/webhooks/deliveries/:id/resend',
    access: 'key',
    ok: 202,
    request: () => ({ method: 'POST', url: `/api/v1/webhooks/deliveries/${team.deliveryId}/resend` }),
  },
  {
    route: 'POST /api/v1/webhooks/deliveries/:id/cancel',
    access: 'key',
    ok: 200,
    request: async () => ({ method: 'POST', url: `/api/v1/webhooks/deliveries/${await pendingDelivery()}/cancel` }),
  },

  // tus uploads: a session or a key starts one; only whoever started it may see, continue or end it.
  {
    route: 'POST /api/uploads',
    access: 'uploader',
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/uploads', headers: tusCreate({}, { team_id: team.id }) }),
    // The team has no API plan: its key is refused before the upload (402), as its creations would be.
    except: { outsider: 404, key: 402, otherKey: 404, member: 201 },
  },
  {
    route: 'HEAD /api/uploads/*',
    access: 'uploader',
    ok: 200,
    request: () => ({ method: 'HEAD', url: `/api/uploads/${uploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  {
    route: 'PATCH /api/uploads/*',
    access: 'uploader',
    ok: 409,
    request: () => ({
      method: 'PATCH',
      url: `/api/uploads/${uploadId}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '1', 'content-type': 'application/offset+octet-stream' },
      body: 'x',
    }),
  },
  {
    route: 'DELETE /api/uploads/*',
    access: 'uploader',
    ok: 204,
    request: async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...headersOf.owner, ...tusCreate({}, { team_id: team.id }) },
      });
      return { method: 'DELETE', url: created.headers.location!.replace(/^https?:\/\/[^/]+/, ''), headers: { 'tus-resumable': '1.0.0' } };
    },
  },
  // Methods tus does not use on these addresses.
  { route: 'GET /api/uploads', access: 'uploader', ok: 404, request: () => ({ method: 'GET', url: '/api/uploads' }), except: {} },
  { route: 'GET /api/uploads/*', access: 'uploader', ok: 404, request: () => ({ method: 'GET', url: `/api/uploads/${uploadId}` }) },
  {
    route: 'PATCH /api/uploads',
    access: 'uploader',
    ok: 404,
    request: () => ({ method: 'PATCH', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0' } }),
  },
  {
    route: 'HEAD /api/uploads',
    access: 'uploader',
    ok: 404,
    request: () => ({ method: 'HEAD', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0' } }),
  },
  {
    route: 'DELETE /api/uploads',
    access: 'uploader',
    ok: 404,
    request: () => ({ method: 'DELETE', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0' } }),
  },
  {
    route: 'POST /api/uploads/*',
    access: 'uploader',
    ok: 400,
    request: () => ({ method: 'POST', url: `/api/uploads/${uploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  // Last: they end the callers' sessions (a refresh replaces the token).
  {
    route: 'GET /api/refresh',
    access: 'user',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/refresh' }),
    after: (caller, answer) => {
      if (answer.statusCode === 200) headersOf[caller] = { authorization: `Bearer ${answer.json().access_token}` };
    },
  },
  { route: 'POST /api/logout', access: 'user', ok: 204, request: () => ({ method: 'POST', url: '/api/logout' }) },
  {
    route: 'OPTIONS /api/uploads',
    access: 'public',
    ok: 204,
    request: () => ({ method: 'OPTIONS', url: '/api/uploads', headers: PREFLIGHT }),
  },
  {
    route: 'OPTIONS /api/uploads/*',
    access: 'public',
    ok: 204,
    request: () => ({ method: 'OPTIONS', url: `/api/uploads/${uploadId}`, headers: PREFLIGHT }),
  },
];

const SESSIONS: Caller[] = ['member', 'owner', 'outsider'];

/** What a caller gets from a row: from its access, unless the row says otherwise. */
function expected(row: Row, caller: Caller): number {
  if (row.except && caller in row.except) return row.except[caller]!;
  switch (row.access) {
    case 'public':
    case 'link':
      return row.ok;
    case 'user':
      return SESSIONS.includes(caller) ? row.ok : 401;
    case 'member':
    case 'owner':
      if (!SESSIONS.includes(caller)) return 401;
      if (caller === 'outsider') return 404;
      return row.access === 'owner' && caller === 'member' ? 403 : row.ok;
    case 'key':
      if (caller === 'key') return row.ok;
      return caller === 'otherKey' ? 404 : 401;
    case 'uploader':
      if (['anonymous', 'forged', 'expired', 'revoked', 'revokedKey'].includes(caller)) return 401;
      // Methods tus does not serve answer the same to everyone signed in; an upload is its starter's alone.
      if (caller === 'owner' || !/^(HEAD|PATCH|DELETE) \/api\/uploads\/\*$/.test(row.route)) return row.ok;
      return 404;
  }
}

/** What no one outside the team may ever read. */
const secrets = () => [TEAM_NAME, OWNER_EMAIL, MEMBER_EMAIL, team.avatarId, team.videoId, team.voiceId, team.endpointId, team.deliveryId];
/** The team's own people and key may see the team; anyone else must not see a trace of it. */
const INSIDE: Caller[] = ['member', 'owner', 'key'];

const results: { route: string; caller: Caller; status: number; expected: number; leak: string | null }[] = [];

beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false' });
  const owner = await onboardedUser(t.app, OWNER_EMAIL, TEAM_NAME);
  team.id = owner.teamId;
  headersOf.owner = { authorization: `Bearer ${owner.token}` };
  ids.owner = (await call(t.app, { url: '/api/profile', token: owner.token })).body.id;
  const member = await joinTeam(MEMBER_EMAIL);
  headersOf.member = { authorization: `Bearer ${member.token}` };
  ids.member = member.id;
  const outsider = await onboardedUser(t.app, 'matrix-outsider@example.com', 'Elsewhere');
  headersOf.outsider = { authorization: `Bearer ${outsider.token}` };
  ids.outsider = (await call(t.app, { url: '/api/profile', token: outsider.token })).body.id;
  const leaver = await onboardedUser(t.app, 'matrix-gone@example.com', 'Gone');
  await call(t.app, { method: 'POST', url: '/api/logout', token: leaver.token });
  headersOf.revoked = { authorization: `Bearer ${leaver.token}` };
  const lapsed = await onboardedUser(t.app, 'matrix-lapsed@example.com', 'Lapsed');
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.tokenHash, sha256(lapsed.token)));
  headersOf.expired = { authorization: `Bearer ${lapsed.token}` };
  headersOf.forged = { authorization: `Bearer ${Buffer.from(randomUUID()).toString('base64url')}` };
  const replaced = await newKey(owner.token, team.id);
  headersOf.key = { 'x-api-key': await newKey(owner.token, team.id) };
  headersOf.revokedKey = { 'x-api-key': replaced };
  headersOf.otherKey = { 'x-api-key': await newKey(outsider.token, outsider.teamId) };
  const customer = { email: OWNER_EMAIL, user_id: ids.owner };
  ids.ownerCustomer = (
    await call(t.app, { method: 'POST', url: '/api/stripe/customer-session', token: owner.token, body: customer })
  ).body.customer_id;

  const db = t.database.db;
  const [avatar] = await db
    .insert(avatars)
    .values({
      teamId: team.id,
      name: `${TEAM_NAME} face`,
      language: 'en',
      status: 'ready',
      source: 'a.mp4',
      loop: 'a-loop.mp4',
      consentText: 'ok',
      consentAt: new Date(),
    })
    .returning();
  const [voice] = await db
    .insert(voices)
    .values({ teamId: team.id, name: `${TEAM_NAME} voice`, language: 'en', status: 'ready' })
    .returning();
  const videoId = randomUUID();
  await db.insert(videos).values({
    id: videoId,
    teamId: team.id,
    avatarId: avatar!.id,
    name: `${TEAM_NAME} video`,
    language: 'en',
    status: 'ready',
    output: `${videoId}.mp4`,
    durationMs: 1000,
  });
  Object.assign(team, { avatarId: avatar!.id, voiceId: voice!.id, videoId });
  writeFileSync(join(t.config.dataDir, 'video_output', `${videoId}.mp4`), 'bytes');
  await db.insert(history).values({ teamId: team.id, type: 'video_generation', name: `${TEAM_NAME} video`, durationMs: 1000 });
  team.endpointId = await webhookEndpoint();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      teamId: team.id,
      endpointId: team.endpointId,
      url: 'https://hooks.invalid/kagami',
      event: 'video.ready',
      payload: { team: TEAM_NAME },
      status: 'failed',
      retryUntil: new Date(),
    })
    .returning();
  team.deliveryId = delivery!.id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headersOf.owner, ...tusCreate({}, { team_id: team.id }) },
  });
  uploadId = created.headers.location!.split('/').pop()!;
}, 60_000);
afterAll(() => t.close());

/** `METHOD url` of every route; the HEAD route Fastify adds beside each GET is the GET's. */
function routeNames(table: RouteOptions[]) {
  const gets = new Set(table.filter((route) => [route.method].flat().includes('GET')).map((route) => route.url));
  // Fastify's own HEAD beside a GET; a HEAD routed by hand (the tus uploads') turns that off for its address.
  const automaticHead = (route: RouteOptions) =>
    [route.method].flat().join() === 'HEAD' && gets.has(route.url) && route.exposeHeadRoute !== false;
  return [
    ...new Set(table.filter((route) => !automaticHead(route)).flatMap((route) => [route.method].flat().map((m) => `${m} ${route.url}`))),
  ].sort();
}

test('every route of the app has a row, and every row a route', () => {
  const routes = routeNames(t.app.routeTable);
  const rows = new Set(ROWS.map((row) => row.route));
  expect(routes.filter((route) => !rows.has(route))).toEqual([]);
  expect([...rows].filter((route) => !routes.includes(route))).toEqual([]);
});

describe.each(ROWS)('$route', (row) => {
  test.each(CALLERS.filter((caller) => !(row.ok === 0 && expected(row, caller) === 0)))('%s', async (caller) => {
    const request = await row.request();
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.body as never,
      headers: { ...(request.headers ?? {}), ...headersOf[caller] },
    });
    const want = expected(row, caller);
    const text = response.body;
    // A leak: a trace of the team shown to someone outside it, or a call let through that should be refused.
    const shown = INSIDE.includes(caller) ? null : (secrets().find((secret) => secret && text.includes(secret)) ?? null);
    const letThrough = want >= 400 && response.statusCode < 400 ? `let through with ${response.statusCode}` : null;
    const leak = shown ?? letThrough;
    results.push({ route: row.route, caller, status: response.statusCode, expected: want, leak });
    row.after?.(caller, response);
    expect({ status: response.statusCode, leak }).toEqual({ status: want, leak: null });
  });
});

afterAll(() => {
  const leaks = results.filter((r) => r.leak).length;
  const wrong = results.filter((r) => r.status !== r.expected).length;
  // MATRIX_DUMP=file writes every cell that went wrong, by route, for a quick read.
  if (process.env.MATRIX_DUMP) {
    const byRoute = new Map<string, string[]>();
    for (const r of results.filter((x) => x.status !== x.expected || x.leak))
      byRoute.set(r.route, [...(byRoute.get(r.route) ?? []), `${r.caller}:${r.status}/${r.expected}${r.leak ? ' LEAK ' + r.leak : ''}`]);
    writeFileSync(process.env.MATRIX_DUMP, [...byRoute].map(([k, v]) => `${k}  ${v.join(' ')}`).join('\n'));
  }
  console.log(
    `authorization matrix: routes: ${ROWS.length}, callers: ${CALLERS.length}, cells: ${results.length}, leaks: ${leaks}, unexpected statuses: ${wrong}`,
  );
});
