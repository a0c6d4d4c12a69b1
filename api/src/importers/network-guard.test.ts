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
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
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
