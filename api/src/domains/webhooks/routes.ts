// The app's webhook routes for a team: members list endpoints and deliveries; owners add and remove endpoints, read
// and replace the signing secret, send test events, and resend or cancel deliveries.
import * as v from 'valibot';
import { webhookEndpointForm } from '@kagami/shared/validation';
import { currentUser, signedIn, type TeamRequest } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import * as webhooks from './service';
import { pageNumberQuery } from '../../routing/pages';
import { deleted, documented, json, ownerOnly, pageOf, text } from '../../routing/operations';
import { DeliveryCancelled, DeliveryQueued, WebhookDelivery, WebhookEndpoint } from '../public-api/responses';
import { teamItemParams, teamParams } from '../../routing/params';
const pageQuery = pageNumberQuery(20);

/**
 * The API Key page's webhooks: members see the endpoints and the delivery log; owners add and remove
 * endpoints, see and rotate the signing secret, send test events, and resend or cancel deliveries.
 */
export const webhookRoutes = signedIn((app, ctx) => {
  const { db } = ctx;
  const member = (request: TeamRequest) => requireMembership(db, request.params.teamId, currentUser(request).user.id);
  const owner = (request: TeamRequest) => requireMembership(db, request.params.teamId, currentUser(request).user.id, 'owner');
  const base = '/api/teams/:teamId/webhooks';

  app.get(
    base,
    {
      schema: {
        ...documented({
          id: 'listTeamWebhooks',
          tag: 'Webhooks',
          summary: 'List webhook endpoints',
          description: "The team's endpoints, and the signing secret for its owners.",
          answers: {
            200: json(
              "The team's endpoints, and the signing secret (owners only; null for members).",
              v.object({ endpoints: v.array(WebhookEndpoint), signing_secret: text }),
            ),
          },
        }),
        params: teamParams,
      },
    },
    async (request) => {
      const { role } = await member(request);
      const { teamId } = request.params;
      return {
        endpoints: await webhooks.listEndpoints(db, teamId),
        signing_secret: role === 'owner' ? await webhooks.signingSecret(db, teamId) : null,
      };
    },
  );

  app.post(
    base,
    {
      schema: {
        ...documented({
          id: 'addTeamWebhook',
          tag: 'Webhooks',
          summary: 'Add a webhook endpoint',
          description: 'An HTTPS address on the public internet, told of the events chosen.',
          answers: { 201: json('The endpoint.', WebhookEndpoint) },
          refusals: {
            ...ownerOnly,
            400: ['webhook_url_invalid', 'webhook_url_https_required', 'webhook_url_unresolvable', 'webhook_url_private'],
            409: ['webhook_endpoint_limit'],
          },
        }),
        params: teamParams,
        body: webhookEndpointForm,
      },
    },
    async (request, reply) => {
      await owner(request);
      reply.status(201);
      return webhooks.addEndpoint(ctx, request.params.teamId, request.body);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        ...documented({
          id: 'deleteTeamWebhook',
          tag: 'Webhooks',
          summary: 'Delete a webhook endpoint',
          description: 'The endpoint is told of nothing more.',
          answers: deleted,
          refusals: ownerOnly,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await owner(request);
      await webhooks.removeEndpoint(db, request.params.teamId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:id/test`,
    {
      schema: {
        ...documented({
          id: 'testTeamWebhook',
          tag: 'Webhooks',
          summary: 'Send a test event',
          description: 'Queues a test delivery to the endpoint.',
          answers: { 202: json('A `webhook.test` delivery is queued.', DeliveryQueued) },
          refusals: ownerOnly,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await owner(request);
      reply.status(202);
      return webhooks.sendTestEvent(ctx, request.params.teamId, request.params.id);
    },
  );

  app.post(
    `${base}/secret`,
    {
      schema: {
        ...documented({
          id: 'rotateWebhookSecret',
          tag: 'Webhooks',
          summary: 'Replace the signing secret',
          description: 'Deliveries are signed with a new secret from now on.',
          answers: { 200: json('The new signing secret.', v.object({ signing_secret: v.string() })) },
          refusals: ownerOnly,
        }),
        params: teamParams,
      },
    },
    async (request) => {
      await owner(request);
      return { signing_secret: await webhooks.rotateSigningSecret(db, request.params.teamId) };
    },
  );

  app.get(
    `${base}/deliveries`,
    {
      schema: {
        ...documented({
          id: 'listTeamWebhookDeliveries',
          tag: 'Webhooks',
          summary: 'List deliveries',
          description: 'Every delivery to the team’s endpoints, newest first, with each attempt.',
          answers: { 200: json('A page of deliveries, newest first.', pageOf(WebhookDelivery)) },
        }),
        params: teamParams,
        querystring: pageQuery,
      },
    },
    async (request) => {
      await member(request);
      return webhooks.deliveryLog(db, request.params.teamId, request.query);
    },
  );

  app.post(
    `${base}/deliveries/:id/cancel`,
    {
      schema: {
        ...documented({
          id: 'cancelTeamWebhookDelivery',
          tag: 'Webhooks',
          summary: 'Cancel a delivery',
          description: 'A pending delivery is attempted no more.',
          answers: { 200: json('The delivery will not be tried again.', DeliveryCancelled) },
          refusals: { ...ownerOnly, 409: ['delivery_not_pending'] },
        }),
        params: teamItemParams,
      },
    },
    async (request) => {
      await owner(request);
      return webhooks.cancelDelivery(db, request.params.teamId, request.params.id);
    },
  );

  app.post(
    `${base}/deliveries/:id/resend`,
    {
      schema: {
        ...documented({
          id: 'resendTeamWebhookDelivery',
          tag: 'Webhooks',
          summary: 'Send a delivery again',
          description: 'Queues a new delivery of the same event and body.',
          answers: { 202: json('A new delivery of the same event is queued.', DeliveryQueued) },
          refusals: { ...ownerOnly, 409: ['webhook_endpoint_removed'] },
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await owner(request);
      reply.status(202);
      return webhooks.resendDelivery(ctx, request.params.teamId, request.params.id);
    },
  );
});
