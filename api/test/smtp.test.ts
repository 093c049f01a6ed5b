import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { build, call, codeIn, type TestApp } from './helper';

/** A real SMTP server on loopback: with SMTP_URL set, mail goes over SMTP and not to the outbox. */
let smtp: SMTPServer;
let t: TestApp;
const received: { to: string[]; data: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await build({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kagami <mail@kagami.test>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

test('a verification code is delivered over SMTP, and the dev mailbox is not mounted', async () => {
  const sent = await call(t.app, { method: 'POST', url: '/api/auth/send-verification-code', body: { email: 'smtp@example.com' } });
  expect(sent.status).toBe(202);
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual(['smtp@example.com']);
  expect(received[0]!.data).toContain('From: Kagami <mail@kagami.test>');
  expect(codeIn(received[0]!.data)).toMatch(/^\d{6}$/);
  expect((await call(t.app, { url: '/api/dev/mailbox?to=smtp@example.com' })).status).toBe(404);
  expect((await call(t.app, { url: '/api/health' })).body.mail).toBe('smtp');
});
