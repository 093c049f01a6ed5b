// The operators' calls (`/api/ops/…`) answer only to `Authorization: Bearer {OPS_TOKEN}`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errors } from '../lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function requireOpsToken(request: FastifyRequest, token: string) {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) throw errors.unauthorized();
}
