// The built-in payment provider, used without Stripe: checkout sessions stored for the API's own pages, and billing
// portal links signed with the user and an expiry so they open without a bearer token.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connect';
import { checkoutSessions } from '../../db/schema';
import type { PaymentProvider } from './provider';

const PORTAL_SECONDS = 30 * 60;

const portalSignature = (key: Buffer, userId: string, expires: number) =>
  createHmac('sha256', key).update(`billing-portal:${userId}:${expires}`).digest('base64url');

/** A billing portal link: the user and an expiry, signed, so it opens without a bearer token. */
export function portalToken(key: Buffer, userId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PORTAL_SECONDS;
  return `${userId}.${expires}.${portalSignature(key, userId, expires)}`;
}

/** A portal token is exactly a user id, an expiry in seconds and a SHA-256 HMAC, dot-separated; nothing more. */
const PORTAL_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The user a portal token was made for, or null when it is forged, expired or not a whole token. */
export function userOfPortalToken(key: Buffer, token: string, now = Date.now()): string | null {
  const [, userId, expiresText, signature] = token.match(PORTAL_TOKEN) ?? [];
  const expires = Number(expiresText);
  if (!userId || !signature || expires < Math.floor(now / 1000)) return null;
  const expected = Buffer.from(portalSignature(key, userId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

/** The built-in provider: checkout and portal are pages of the API (billing/local-pages.ts); nothing to configure. */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {}

  async createCustomer() {
    return `cus_local_${randomBytes(12).toString('hex')}`;
  }

  async createCheckoutSession(input: Parameters<PaymentProvider['createCheckoutSession']>[0]) {
    const sessionId = `cs_local_${randomBytes(16).toString('hex')}`;
    await this.db.insert(checkoutSessions).values({
      id: sessionId,
      userId: input.userId,
      priceId: input.price.id,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    return { sessionId, url: `${input.apiOrigin}/api/billing/checkout/${sessionId}` };
  }

  async createPortalSession(input: Parameters<PaymentProvider['createPortalSession']>[0]) {
    const returnTo = encodeURIComponent(input.returnUrl);
    return { url: `${input.apiOrigin}/api/billing/portal/${portalToken(this.key, input.userId)}?return_url=${returnTo}` };
  }
}
