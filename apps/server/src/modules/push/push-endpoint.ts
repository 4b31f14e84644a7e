import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server will POST to (design 7.10). A subscription's endpoint is a URL the browser hands
 * us, so without this check any signed-in user could make the server send requests into its own network.
 */
export const PUSH_ENDPOINT_REFUSED = 'Push notifications must go through a public https push service.';
export const PUSH_ENDPOINT_UNKNOWN_HOST = 'The push service address could not be found.';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

type EndpointCheck =
  | {
      ok: true;
      url: URL;
      /** What to connect to (null: let the resolver decide, only when private hosts are allowed). */ addresses:
        ResolvedAddress[] | null;
    }
  | { ok: false; reason: string };

type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Loopback, private, link-local, unique-local, multicast, unspecified and other non-public ranges. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside a NAT64 address (64:ff9b::/96), which DNS64 networks hand out for public hosts. */
function nat64Embedded(address: string): string | null {
  const match = /^64:ff9b::(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!match) return null;
  if (match[3]) return match[3];
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address on the public internet. IPv4-mapped IPv6 addresses are judged by their IPv4 part. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const embedded = nat64Embedded(address);
    if (embedded) return isPublicAddress(embedded);
  }
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
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
 * Checks an endpoint: https only, and every address its host has (as an IP literal or after DNS resolution) must
 * be public. The answer carries those addresses so that the sender connects to exactly what was checked.
 * `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, tests only) also admits http and private hosts.
 */
export async function checkPushEndpoint(
  endpoint: string,
  options: { allowPrivate: boolean; lookup?: Lookup },
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: PUSH_ENDPOINT_REFUSED };
  }
  const protocols = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol) || url.username || url.password || !url.hostname) {
    return { ok: false, reason: PUSH_ENDPOINT_REFUSED };
  }
  if (options.allowPrivate) return { ok: true, url, addresses: null };

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
  // One private address is enough to refuse: the connection could go to any of them.
  if (!addresses.every((a) => isPublicAddress(a.address)))
    return { ok: false, reason: PUSH_ENDPOINT_REFUSED };
  return { ok: true, url, addresses };
}
