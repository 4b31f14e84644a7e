import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server will POST to (docs/product/reminders-and-notifications.md#endpoint-checks). A
 * subscription's endpoint is a URL the browser hands us, so without this check any signed-in user could make the
 * server send requests into its own network.
 */
export const PUSH_ENDPOINT_REFUSED =
  /*i18n*/ 'Push notifications must go through a public https push service.';
export const PUSH_ENDPOINT_UNKNOWN_HOST = /*i18n*/ 'The push service address could not be found.';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

type EndpointCheck =
  | {
      ok: true;
      url: URL;
      /** What to connect to: the addresses that were checked. */
      addresses: ResolvedAddress[];
    }
  | { ok: false; reason: string };

type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * IPv4 ranges that are not the public internet (RFC 6890 and its successors): this network, private, carrier-grade
 * NAT, loopback, link-local, IETF protocol assignments, documentation, the 6to4 relay, benchmarking, multicast,
 * reserved and broadcast.
 */
const NOT_PUBLIC_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
}

/**
 * Inside global unicast (2000::/3), the blocks that are not ordinary hosts: IETF protocol assignments (Teredo
 * 2001::/32, ORCHID, benchmarking, ...) and documentation. 6to4 (2002::/16) is judged by the IPv4 address it embeds.
 */
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');
}

/**
 * An IPv6 address as its eight 16-bit groups, whatever its spelling (compressed, dotted IPv4 tail, upper case): the
 * WHATWG URL parser writes every IPv6 address in one canonical form, which is then simple to expand. Null for
 * anything else, including a zone index (`fe80::1%eth0`).
 */
function ipv6Groups(address: string): number[] | null {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = canonical.split('::');
  const hex = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = hex(head);
  const after = tail === undefined ? [] : hex(tail);
  const groups = [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
const allZero = (groups: number[]) => groups.every((g) => g === 0);

/** True for a public IPv4 address (dotted quad, as DNS and the URL parser write them). */
const isPublicV4 = (address: string) => isIP(address) === 4 && !NOT_PUBLIC_V4.check(address, 'ipv4');

/**
 * True for a public IPv6 address. Forms that carry an IPv4 address are judged by it where a public host can sit
 * behind them (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96` from a DNS64 network, 6to4 `2002::/16`); the
 * rest of the embedding forms are refused outright: IPv4-compatible `::a.b.c.d` (deprecated), IPv4-translated
 * `::ffff:0:a.b.c.d`, local-use NAT64 `64:ff9b:1::/48` and Teredo. Anything outside global unicast (2000::/3) is
 * refused too: unspecified, loopback, unique-local, link-local, site-local, multicast, discard.
 */
function isPublicV6(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return false;
  if (allZero(g.slice(0, 5)) && g[5] === 0xffff) return isPublicV4(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && allZero(g.slice(2, 6))) return isPublicV4(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicV4(ipv4Of(g[1]!, g[2]!));
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  return !NOT_PUBLIC_V6.check(g.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family === 6) return isPublicV6(address);
  return false;
}

/** Loopback (127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6): what PUSH_ALLOW_PRIVATE_ENDPOINTS admits. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  const g = family === 6 ? ipv6Groups(address) : null;
  if (!g) return false;
  if (allZero(g.slice(0, 7)) && g[7] === 1) return true;
  return allZero(g.slice(0, 5)) && g[5] === 0xffff && g[6]! >> 8 === 127;
}

/** The URL's endpoint origin: the part of a push endpoint that is safe to log (the path is a capability). */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * Checks an endpoint: https on the default port (443), no credentials, and every address its host has (as an IP
 * literal or after DNS resolution) public. The answer carries those addresses so that the sender connects to
 * exactly what was checked. `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, tests only) also admits a host whose
 * every address is loopback, over http or https on any port: the tests' stand-in push service.
 */
export async function checkPushEndpoint(
  endpoint: string,
  options: { allowPrivate: boolean; lookup?: Lookup },
): Promise<EndpointCheck> {
  const refused = { ok: false, reason: PUSH_ENDPOINT_REFUSED } as const;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refused;
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password || !url.hostname) {
    return refused;
  }
  // The URL parser drops the default port, so any port left is not 443.
  const publicShape = url.protocol === 'https:' && url.port === '';
  if (!publicShape && !options.allowPrivate) return refused;

  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      return { ok: false, reason: PUSH_ENDPOINT_UNKNOWN_HOST };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: PUSH_ENDPOINT_UNKNOWN_HOST };
  // Every address must pass: the connection could go to any of them.
  const all = (test: (address: string) => boolean) => addresses.every((a) => test(a.address));
  if (publicShape && all(isPublicAddress)) return { ok: true, url, addresses };
  if (options.allowPrivate && all(isLoopbackAddress)) return { ok: true, url, addresses };
  return refused;
}
