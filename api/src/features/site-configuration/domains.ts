/**
 * Domain names as the site configuration stores and matches them: lower case, no scheme,
 * no port, no path ("Koopjesland.nl:8080" → "koopjesland.nl"; "[::1]:8080" → "::1").
 */
export function normalizeDomain(input: string): string {
  let host = input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colon = host.lastIndexOf(':');
  // One colon is a port; more colons without brackets is a bare IPv6 address.
  if (colon > 0 && host.indexOf(':') === colon) host = host.slice(0, colon);
  return host.replace(/\.$/, '');
}
