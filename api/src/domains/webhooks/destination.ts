// Where a webhook may be delivered: http(s) URLs whose host is public. Private, loopback, link-local
// and other special addresses are refused (a key holder must not reach our own network through us),
// when the endpoint is registered and again on every connection (the name may resolve elsewhere later).
import { lookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { fail } from '../../lib/errors';

export type DestinationRules = { allowPrivate: boolean; requireHttps: boolean };

/** An address as its bytes: 4 for IPv4, 16 for IPv6 (an IPv4 tail such as `::ffff:1.2.3.4` included); null if not one. */
function addressBytes(text: string): number[] | null {
  const family = isIP(text);
  if (family === 4) return text.split('.').map(Number);
  if (family !== 6 || text.includes('%')) return null;
  let groups = text;
  const tail: number[] = [];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    groups = `${dotted[1]}0:0`;
    tail.push(...dotted[2]!.split('.').map(Number));
  }
  const [head, rest] = groups.split('::') as [string, string | undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const left = words(head);
  const right = words(rest);
  const all = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = all.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Whether the first `bits` bits of `bytes` are those of `prefix` (bytes given as far as they matter). */
function inRange(bytes: number[], prefix: number[], bits: number) {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not the public internet: this host, private networks, shared, link-local, special, multicast, reserved. */
const IPV4_REFUSED: [number[], number][] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 3],
];

/**
 * IPv6 outside the global unicast range 2000::/3 is never public (loopback, unspecified, IPv4-compatible and
 * -translated, NAT64, discard, unique-local, link-local, site-local, multicast). Inside it, these special ranges
 * are refused too: IETF protocol assignments with Teredo (2001::/23), documentation, and 6to4 (2002::/16), which
 * carries any IPv4 address, private ones included.
 */
const IPV6_REFUSED_GLOBAL: [number[], number][] = [
  [[0x20, 0x01, 0x00], 23],
  [[0x20, 0x01, 0x0d, 0xb8], 32],
  [[0x20, 0x02], 16],
  [[0x3f, 0xff], 20],
];
const IPV4_MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** Whether an address must not receive webhooks, however it is spelled; anything that is not an address counts as private. */
export function isPrivateAddress(address: string) {
  const bytes = addressBytes(address);
  if (!bytes) return true;
  if (bytes.length === 4) return IPV4_REFUSED.some(([prefix, bits]) => inRange(bytes, prefix, bits));
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 address it is.
  if (inRange(bytes, IPV4_MAPPED, 96)) return isPrivateAddress(bytes.slice(12).join('.'));
  if (!inRange(bytes, [0x20], 3)) return true;
  return IPV6_REFUSED_GLOBAL.some(([prefix, bits]) => inRange(bytes, prefix, bits));
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
