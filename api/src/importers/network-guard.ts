/**
 * Feed downloads may only reach the public internet: a feed URL is an admin's input, and an
 * importer that fetched loopback, private or link-local addresses would let anyone holding an
 * admin account (or its token) probe our own network and cloud metadata.
 *
 * A host is resolved once, every address it resolves to is checked, and the connection goes to
 * the checked address (the `lookup` handed to node:http), so a DNS answer that changes between
 * the check and the connect cannot slip through. Operators can allow named hosts for a test
 * environment (FEED_ALLOWED_HOSTS), which is how the tests serve fixtures on 127.0.0.1.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

/** Addresses no feed may be fetched from (IANA special-purpose ranges that are not the internet). */
const FORBIDDEN = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates into a network of its operator's choosing
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(prefix, bits, 'ipv6');
}

const subnets = (ranges: readonly (readonly [string, number])[]) => {
  const list = new net.BlockList();
  for (const [prefix, bits] of ranges) list.addSubnet(prefix, bits, 'ipv6');
  return list;
};

/**
 * IPv6 forms that carry an IPv4 address and reach it (a host stack, a translator or a relay
 * turns them into IPv4 traffic): they are judged by the IPv4 address inside, wherever it sits.
 */
const CARRIES_IPV4_IN_LAST_32_BITS = subnets([
  ['::', 96], // IPv4-compatible (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped (::ffff:a.b.c.d)
  ['::ffff:0:0:0', 96], // IPv4-translated (::ffff:0:a.b.c.d)
  ['64:ff9b::', 96], // NAT64 well-known prefix
]);
const CARRIES_IPV4_AFTER_16_BITS = subnets([['2002::', 16]]); // 6to4 (2002:aabb:ccdd::)

/** The eight 16-bit groups of an IPv6 address (WHATWG URL parsing does the validation), or null. */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname;
  } catch {
    return null;
  }
  const [head = '', tail] = host.slice(1, -1).split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/** The IPv4 address an IPv6 address carries (see above), or null. */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  if (CARRIES_IPV4_IN_LAST_32_BITS.check(address, 'ipv6')) return ipv4Of(groups[6]!, groups[7]!);
  if (CARRIES_IPV4_AFTER_16_BITS.check(address, 'ipv6')) return ipv4Of(groups[1]!, groups[2]!);
  return null;
}

/** True for an address a feed may never be fetched from. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return FORBIDDEN.check(bare, 'ipv4');
  if (family === 6) {
    // A zone index (fe80::1%eth0) only ever comes with a link-local address.
    if (bare.includes('%') || !ipv6Groups(bare)) return true;
    const ipv4 = embeddedIpv4(bare);
    return FORBIDDEN.check(bare, 'ipv6') || (ipv4 !== null && FORBIDDEN.check(ipv4, 'ipv4'));
  }
  return true;
}

/** Hosts an operator allowed despite their address (FEED_ALLOWED_HOSTS: "127.0.0.1,fixtures.test"). */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, ''))
    .filter(Boolean);
}

export const FORBIDDEN_ADDRESS_MESSAGE = 'The feed URL points at a local or private network address';

/** A host that resolves to an address no feed may be fetched from. */
export class ForbiddenHost extends Error {
  constructor(readonly host: string) {
    super(FORBIDDEN_ADDRESS_MESSAGE);
  }
}

export class UnknownHost extends Error {
  constructor(readonly host: string) {
    super(`The feed URL's host ${host} cannot be found`);
  }
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `hostname` once and checks every address it resolves to; throws ForbiddenHost when
 * any is forbidden (unless the host is allowed) and UnknownHost when it does not resolve.
 */
export async function resolvePublicAddress(hostname: string, allowedHosts: readonly string[]): Promise<CheckedAddress> {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const allowed = allowedHosts.includes(host);
  const literal = net.isIP(host);
  let addresses: CheckedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw new UnknownHost(host);
    }
    if (addresses.length === 0) throw new UnknownHost(host);
  }
  if (!allowed && addresses.some((a) => isForbiddenAddress(a.address))) throw new ForbiddenHost(host);
  return addresses[0]!;
}
