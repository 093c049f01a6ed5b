import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { emailField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { readMailbox } from '../../mail/mailer';

/** The outbox, for people and tests running without SMTP. Never mounted in production or with SMTP. */
export function devRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.env === 'production' || ctx.mailer.transport !== 'outbox') return;
  app.get('/api/dev/mailbox', { schema: { querystring: v.object({ to: emailField }) } }, async (request) => {
    const { to } = request.query as { to: string };
    const messages = await readMailbox(ctx.db, to);
    return {
      messages: messages.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt })),
    };
  });
}
