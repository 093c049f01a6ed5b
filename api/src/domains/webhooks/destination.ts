// Where a webhook may be delivered: http(s) URLs whose host is public. Private, loopback, link-local
// and other special addresses are refused (a key holder must not reach our own network through us),
// when the endpoint is registered and again on every connection (the name may resolve elsewhere later).
import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { fail } from '../../lib/errors';

export type DestinationRules = { allowPrivate: boolean; requireHttps: boolean };

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (PRIVATE.check(address, type)) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? PRIVATE.check(mapped[1]!, 'ipv4') : false;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The URL if it may receive webhooks under these rules, or a 400 saying why not. */
export async function checkDestination(text: string, rules: DestinationRules): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail(400, 'webhook_url_invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail(400, 'webhook_url_invalid');
  if (url.username || url.password) throw fail(400, 'webhook_url_invalid');
  if (rules.requireHttps && url.protocol !== 'https:') throw fail(400, 'webhook_url_https_required');
  if (rules.allowPrivate) return url;
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : await resolveAll(host).catch(() => null);
  if (!addresses?.length) throw fail(400, 'webhook_url_unresolvable');
  if (addresses.some(isPrivateAddress)) throw fail(400, 'webhook_url_private');
  return url;
}

const resolveAll = (host: string) =>
  new Promise<string[]>((resolve, reject) =>
    lookup(host, { all: true }, (error, found: LookupAddress[]) => (error ? reject(error) : resolve(found.map((a) => a.address)))),
  );

/** A `lookup` for http.request that refuses private addresses at connection time (unless allowed). */
export function guardedLookup(rules: DestinationRules) {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error);
      const usable = rules.allowPrivate ? found : found.filter((a) => !isPrivateAddress(a.address));
      if (!usable.length) return callback(Object.assign(new Error('webhook_destination_private'), { code: 'webhook_destination_private' }));
      if ((options as { all?: boolean }).all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as never;
}
