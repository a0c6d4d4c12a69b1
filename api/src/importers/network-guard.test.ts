import { isForbiddenAddress, parseAllowedHosts, resolvePublicAddress } from './network-guard';

describe('addresses a feed may not be fetched from', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not-an-address',
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  // IPv6 forms that carry an IPv4 address are judged by that address; local-use NAT64 and
  // site-local addresses lead into a network of someone's own.
  it.each([
    ['IPv4-compatible (::/96)', '[::127.0.0.1]'],
    ['IPv4-compatible, hex', '::7f00:1'],
    ['IPv4-compatible, private', '::10.1.2.3'],
    ['IPv4-mapped (::ffff:0:0/96)', '::ffff:10.0.0.1'],
    ['IPv4-translated (::ffff:0:0:0/96)', '[::ffff:0:127.0.0.1]'],
    ['IPv4-translated, metadata', '::ffff:0:a9fe:a9fe'],
    ['NAT64 (64:ff9b::/96)', '64:ff9b::7f00:1'],
    ['local-use NAT64 (64:ff9b:1::/48)', '[64:ff9b:1::7f00:1]'],
    ['local-use NAT64, public IPv4 inside', '64:ff9b:1::808:808'],
    ['6to4 (2002::/16) of loopback', '[2002:7f00:1::]'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['site-local (fec0::/10)', 'fec0::1'],
    ['site-local, upper end', 'feff::1'],
  ])('refuses %s: %s', (_form, address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('resolves names and refuses one that points inward', async () => {
    await expect(resolvePublicAddress('localhost', [])).rejects.toThrow('The feed URL points at a local or private network address');
    await expect(resolvePublicAddress('127.0.0.1', [])).rejects.toThrow('The feed URL points at a local or private network address');
  });

  it('lets an operator allow named hosts (FEED_ALLOWED_HOSTS)', async () => {
    expect(parseAllowedHosts(' 127.0.0.1, Fixtures.Test ,,[::1]')).toEqual(['127.0.0.1', 'fixtures.test', '::1']);
    await expect(resolvePublicAddress('127.0.0.1', ['127.0.0.1'])).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolvePublicAddress('[::1]', ['::1'])).resolves.toEqual({ address: '::1', family: 6 });
  });

  it('says when a host cannot be found', async () => {
    await expect(resolvePublicAddress('no-such-host.invalid', [])).rejects.toThrow("The feed URL's host no-such-host.invalid cannot be found");
  });
});
