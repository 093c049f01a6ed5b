import * as v from 'valibot';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhookEndpointForm } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { currentUser, requireUser } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import * as webhooks from './service';
import { pageNumberQuery, type Page } from '../../routing/pages';

const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));
const teamParams = v.object({ teamId: uuid });
const itemParams = v.object({ teamId: uuid, id: uuid });
const pageQuery = pageNumberQuery(20);

/**
 * The API Key page's webhooks: members see the endpoints and the delivery log; owners add and remove
 * endpoints, see and rotate the signing secret, send test events, and resend or cancel deliveries.
 */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const ids = (request: FastifyRequest) => request.params as { teamId: string; id: string };
  const member = (request: FastifyRequest) => requireMembership(db, ids(request).teamId, currentUser(request).user.id);
  const owner = (request: FastifyRequest) => requireMembership(db, ids(request).teamId, currentUser(request).user.id, 'owner');
  const base = '/api/teams/:teamId/webhooks';

  app.get(base, { ...auth, schema: { params: teamParams } }, async (request) => {
    const { role } = await member(request);
    const { teamId } = ids(request);
    return {
      endpoints: await webhooks.listEndpoints(db, teamId),
      signing_secret: role === 'owner' ? await webhooks.signingSecret(db, teamId) : null,
    };
  });

  app.post(base, { ...auth, schema: { params: teamParams, body: webhookEndpointForm } }, async (request, reply) => {
    await owner(request);
    reply.status(201);
    return webhooks.addEndpoint(ctx, ids(request).teamId, request.body as v.InferOutput<typeof webhookEndpointForm>);
  });

  app.delete(`${base}/:id`, { ...auth, schema: { params: itemParams } }, async (request, reply) => {
    await owner(request);
    await webhooks.removeEndpoint(db, ids(request).teamId, ids(request).id);
    return reply.status(204).send();
  });

  app.post(`${base}/:id/test`, { ...auth, schema: { params: itemParams } }, async (request, reply) => {
    await owner(request);
    reply.status(202);
    return webhooks.sendTestEvent(ctx, ids(request).teamId, ids(request).id);
  });

  app.post(`${base}/secret`, { ...auth, schema: { params: teamParams } }, async (request) => {
    await owner(request);
    return { signing_secret: await webhooks.rotateSigningSecret(db, ids(request).teamId) };
  });

  app.get(`${base}/deliveries`, { ...auth, schema: { params: teamParams, querystring: pageQuery } }, async (request) => {
    await member(request);
    return webhooks.deliveryLog(db, ids(request).teamId, request.query as Page);
  });

  app.post(`${base}/deliveries/:id/cancel`, { ...auth, schema: { params: itemParams } }, async (request) => {
    await owner(request);
    return webhooks.cancelDelivery(db, ids(request).teamId, ids(request).id);
  });

  app.post(`${base}/deliveries/:id/resend`, { ...auth, schema: { params: itemParams } }, async (request, reply) => {
    await owner(request);
    reply.status(202);
    return webhooks.resendDelivery(ctx, ids(request).teamId, ids(request).id);
  });
}
