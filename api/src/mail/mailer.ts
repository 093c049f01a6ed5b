// Sending mail: over SMTP when SMTP_URL is set, otherwise into the outbox table (read at /api/dev/mailbox) and the log.
import nodemailer from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { outbox } from '../db/schema';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  transport: 'smtp' | 'outbox';
  send: (mail: Mail) => Promise<void>;
};

/** SMTP when a URL is configured; otherwise an outbox table, readable at /api/dev/mailbox and echoed to the log. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      send: async (mail) => {
        await transporter.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    transport: 'outbox',
    send: async (mail) => {
      await options.db.insert(outbox).values(mail);
      options.log.info({ to: mail.to, subject: mail.subject }, `[outbox] ${mail.subject}\n${mail.text}`);
    },
  };
}

export async function readMailbox(db: Database, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to.toLowerCase())).orderBy(desc(outbox.createdAt)).limit(50);
}
