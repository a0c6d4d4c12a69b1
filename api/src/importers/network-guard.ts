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
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address carried inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address a feed may never be fetched from. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return FORBIDDEN.check(bare, 'ipv4');
  if (family === 6) {
    const ipv4 = embeddedIpv4(bare);
    return ipv4 ? FORBIDDEN.check(ipv4, 'ipv4') : FORBIDDEN.check(bare, 'ipv6');
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
