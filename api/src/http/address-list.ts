/**
 * A list of client addresses from the environment (TRUST_PROXY, METRICS_ALLOW,
 * BUILD_INTERNALS_ALLOW): single addresses, CIDR ranges and the range names Fastify's trustProxy
 * accepts (loopback, linklocal, uniquelocal). An IPv4 address written IPv6-mapped
 * (`::ffff:10.0.0.1`, as a dual-stack socket reports it) matches as the IPv4 address.
 */
import net from 'node:net';

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const familyOf = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether an address is in `entries`; entries that are no address or range are ignored. */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', prefix] = entry.trim().split('/');
    if (!net.isIP(address)) continue;
    if (prefix === undefined) list.addAddress(address, familyOf(address));
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), familyOf(address));
  }
  return (address) => {
    const plain = unmapped(address ?? '');
    return net.isIP(plain) !== 0 && list.check(plain, familyOf(plain));
  };
}

export const isLoopback = addressMatcher(['loopback']);
