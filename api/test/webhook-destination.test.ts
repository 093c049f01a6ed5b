// Where webhooks may go: the URL rules at registration, and the address check at connection time.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkDestination, isPrivateAddress } from '../src/domains/webhooks/destination';
import { post, retryDelayMs } from '../src/domains/webhooks/delivery';

const strict = { allowPrivate: false, requireHttps: true };
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code: string }) => error.code,
  );

test.each([
  ['ftp://example.com/hook', 'webhook_url_invalid'],
  ['not a url', 'webhook_url_invalid'],
  ['https://user:secret@example.com/hook', 'webhook_url_invalid'],
  ['http://example.com/hook', 'webhook_url_https_required'],
  ['https://127.0.0.1/hook', 'webhook_url_private'],
  ['https://10.0.0.8/hook', 'webhook_url_private'],
  ['https://169.254.169.254/latest/meta-data', 'webhook_url_private'],
  ['https://[::1]/hook', 'webhook_url_private'],
  ['https://[::ffff:192.168.1.1]/hook', 'webhook_url_private'],
  ['https://[fd00::1]/hook', 'webhook_url_private'],
  ['https://localhost/hook', 'webhook_url_private'],
  ['https://no-such-host.invalid/hook', 'webhook_url_unresolvable'],
  ['https://93.184.216.34/hook', 'accepted'],
])('%s -> %s', async (url, expected) => {
  expect(await codeOf(checkDestination(url, strict))).toBe(expected);
});

test('outside production, http is accepted; WEBHOOKS_ALLOW_PRIVATE lets local receivers in', async () => {
  expect(await codeOf(checkDestination('http://93.184.216.34/hook', { allowPrivate: false, requireHttps: false }))).toBe('accepted');
  expect(await codeOf(checkDestination('http://127.0.0.1:9/hook', { allowPrivate: true, requireHttps: false }))).toBe('accepted');
});

test('private address ranges', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    '::ffff:10.0.0.1',
  ])
    expect([address, isPrivateAddress(address)]).toEqual([address, true]);
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
    expect([address, isPrivateAddress(address)]).toEqual([address, false]);
});

test('at delivery, a name that resolves to a private address is not connected to', async () => {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const rules = { allowPrivate: false, requireHttps: false };
    expect(await post(`http://localhost:${port}/`, {}, '{}', rules)).toEqual({ statusCode: null, error: 'webhook_destination_private' });
    expect(await post(`http://127.0.0.1:${port}/`, {}, '{}', rules)).toEqual({ statusCode: null, error: 'webhook_destination_private' });
    expect(hits).toBe(0);
    expect(await post(`http://localhost:${port}/`, {}, '{}', { ...rules, allowPrivate: true })).toEqual({ statusCode: 204, error: null });
    expect(hits).toBe(1);
  } finally {
    server.close();
  }
});

test('retries back off four times longer each time, at most 4 h apart', () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(5000, n))).toEqual([5000, 20_000, 80_000, 320_000]);
  expect(retryDelayMs(5000, 12)).toBe(4 * 3_600_000);
});
