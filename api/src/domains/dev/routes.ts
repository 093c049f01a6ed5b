// Outside production and without SMTP, GET /api/dev/mailbox reads the e-mails the outbox kept for an address.
import * as v from 'valibot';
import { emailField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { readMailbox } from '../../mail/mailer';
import { documented, json, time } from '../../routing/operations';
import type { App } from '../../routing/typed';

/** The outbox, for people and tests running without SMTP. Never mounted in production or with SMTP. */
export function devRoutes(app: App, ctx: AppContext) {
  if (ctx.config.env === 'production' || ctx.mailer.transport !== 'outbox') return;
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        ...documented({
          id: 'readOutbox',
          tag: 'Service',
          summary: 'Read the outbox',
          description: 'The e-mails a deployment without SMTP would have sent (never in production).',
          answers: {
            200: json(
              'The outbox’s messages to the address, newest first.',
              v.object({
                messages: v.array(
                  v.object({ id: v.string(), to: v.string(), subject: v.string(), text: v.string(), html: v.string(), created_at: time }),
                ),
              }),
            ),
          },
        }),
        querystring: v.object({ to: emailField }),
      },
    },
    async (request) => {
      const { to } = request.query;
      const messages = await readMailbox(ctx.db, to);
      return {
        messages: messages.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt })),
      };
    },
  );
}
