/**
 * The origin of a page's absolute addresses (canonical, og:url, JSON-LD, sitemaps, robots.txt),
 * from configuration only: the host name is one of the site configurations' domains or
 * PUBLIC_URL's, the scheme and port are PUBLIC_URL's. What the request names (Host, or
 * X-Forwarded-Host from a proxy TRUST_PROXY trusts) only chooses among those domains; any other
 * host gets PUBLIC_URL's, so a forged header can neither put its host into a page nor make a
 * cached copy that other visitors are served.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ApiConfig } from '../../config';
import type { Database } from '../../db/client';
import { siteConfigurations } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { addressMatcher } from '../../http/address-list';
import { memoByCatalogVersion, readCatalogVersion } from '../../http/catalog-version';
import { normalizeDomain } from './domains';

export interface PageOrigin {
  /** `https://www.koopjesland.nl`: the start of the page's absolute addresses. */
  origin: string;
  /** The domain whose site configuration the page shows. */
  domain: string;
}

type OriginConfig = Pick<ApiConfig, 'publicUrl' | 'trustProxy'>;

const trustedLists = new WeakMap<string[], (address: string | undefined) => boolean>();

/** Whether the request's socket is a proxy TRUST_PROXY names (a hop count trusts the nearest hop). */
export function fromTrustedProxy(request: Pick<FastifyRequest, 'socket'>, trustProxy: ApiConfig['trustProxy']): boolean {
  if (trustProxy === false) return false;
  if (typeof trustProxy === 'number') return trustProxy > 0;
  let trusted = trustedLists.get(trustProxy);
  if (!trusted) trustedLists.set(trustProxy, (trusted = addressMatcher(trustProxy)));
  return trusted(request.socket?.remoteAddress);
}

/** The host the request asks for: X-Forwarded-Host from a trusted proxy, else Host; normalised. */
export function requestedDomain(request: Pick<FastifyRequest, 'headers' | 'socket'>, trustProxy: ApiConfig['trustProxy']): string {
  const forwarded = fromTrustedProxy(request, trustProxy) ? request.headers['x-forwarded-host'] : undefined;
  // A proxy appends: the last entry is the one the trusted proxy set.
  const host = forwarded ? String(forwarded).split(',').pop()! : (request.headers.host ?? '');
  return normalizeDomain(host);
}

/** `domain` when it is one of `knownDomains` (or PUBLIC_URL's), else PUBLIC_URL's; scheme and port from PUBLIC_URL. */
export function resolvePageOrigin(requested: string, knownDomains: ReadonlySet<string>, publicUrl: string): PageOrigin {
  const canonical = new URL(publicUrl);
  const domain = requested === canonical.hostname || knownDomains.has(requested) ? requested : canonical.hostname;
  const host = domain.includes(':') ? `[${domain}]` : domain;
  return { origin: `${canonical.protocol}//${host}${canonical.port ? `:${canonical.port}` : ''}`, domain };
}

/**
 * Every domain a site configuration lists, kept while the catalogue (site configurations included)
 * is unchanged. Without a version (the database cannot be read) none is known: PUBLIC_URL's serves.
 */
async function siteDomains(db: Database, version: string | null): Promise<ReadonlySet<string>> {
  if (version === null) return new Set();
  return memoByCatalogVersion(db, 'site-domains', version, async () => {
    const rows = await selectRows<{ domain: string }>(
      db,
      sql`select distinct lower(unnest(${siteConfigurations.domainNames})) as domain from ${siteConfigurations}`,
    );
    return new Set(rows.map((row) => row.domain));
  });
}

/**
 * The page origin for `request` (see the top of this file). `version` is the catalogue version the
 * caller read for the request (a page reads it once, for its origin and its cache), else it is read here.
 */
export async function pageOriginOf(
  request: Pick<FastifyRequest, 'headers' | 'socket'>,
  config: OriginConfig,
  db: Database,
  version?: string | null,
): Promise<PageOrigin> {
  const known = await siteDomains(db, version === undefined ? await readCatalogVersion(db) : version);
  return resolvePageOrigin(requestedDomain(request, config.trustProxy), known, config.publicUrl);
}

/** The request headers a page's HTML varies on through its origin (for `Vary`). */
export function originHeaders(config: Pick<ApiConfig, 'trustProxy'>): string[] {
  return config.trustProxy === false ? ['Host'] : ['Host', 'X-Forwarded-Host'];
}
