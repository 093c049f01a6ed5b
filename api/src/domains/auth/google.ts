// Verifying what Google sign-in hands the browser (an ID token, an authorization code or an access token) and
// reading from it the Google identity: subject, e-mail, whether it is verified, name.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';
import { AppError, fail } from '../../lib/errors';

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name?: string };

const invalid = () => fail(401, 'google_token_invalid');

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySet = (url: string) => {
  if (!keySets.has(url)) keySets.set(url, createRemoteJWKSet(new URL(url)));
  return keySets.get(url)!;
};

async function verifyIdToken(config: Config['google'], idToken: string): Promise<GoogleIdentity> {
  try {
    const { payload } = await jwtVerify(idToken, keySet(config.jwksUrl), {
      issuer: config.issuers,
      audience: config.clientId!,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw invalid();
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid();
  }
}

const getJson = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init).catch(() => null);
  const body = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
  return response?.ok && body ? body : null;
};

async function exchangeCode(config: Config['google'], code: string): Promise<string> {
  const body = await getJson(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: config.clientId!,
      client_secret: config.clientSecret ?? '',
      redirect_uri: 'postmessage',
      grant_type: 'authorization_code',
    }),
  });
  if (typeof body?.id_token !== 'string') throw invalid();
  return body.id_token;
}

/**
 * An access token is only a permission to read someone's profile: any site that signs people in with Google gets
 * one. So it is taken only when Google's token information says it was issued to this product's client id.
 */
async function identityOfAccessToken(config: Config['google'], accessToken: string): Promise<GoogleIdentity> {
  const info = await getJson(`${config.tokeninfoUrl}?access_token=${encodeURIComponent(accessToken)}`);
  if (!info || (info.aud !== config.clientId && info.azp !== config.clientId)) throw invalid();
  const body = await getJson(config.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  if (typeof body?.sub !== 'string' || typeof body.email !== 'string') throw invalid();
  if (typeof info.sub === 'string' && info.sub !== body.sub) throw invalid();
  return {
    sub: body.sub,
    email: body.email.toLowerCase(),
    emailVerified: body.email_verified === true || body.email_verified === 'true',
    name: typeof body.name === 'string' ? body.name : undefined,
  };
}

/** Any of the three shapes Google sign-in hands the browser: an ID token, an authorization code, or an access token. */
export async function verifyGoogle(
  config: Config['google'],
  input: { credential?: string; code?: string; access_token?: string },
): Promise<GoogleIdentity> {
  if (!config.clientId) throw fail(404, 'google_not_configured');
  if (input.credential) return verifyIdToken(config, input.credential);
  if (input.code) return verifyIdToken(config, await exchangeCode(config, input.code));
  if (input.access_token) return identityOfAccessToken(config, input.access_token);
  throw invalid();
}
