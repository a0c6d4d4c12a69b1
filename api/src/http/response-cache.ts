/**
 * Whole responses of the storefront's catalogue reads, kept per API instance. A category page
 * costs five statements and a zod-checked serialisation of 21 products; most visitors ask for the
 * same few pages, and the catalogue changes only when an import or an admin writes it.
 *
 * A route opts in with `config: { cache: true }` (only routes whose answer is the same for every
 * caller: no per-user parts). The key is the request URL. An entry is served while the
 * database's `catalog_version` sequence is unchanged (statement triggers on every catalogue
 * table move it, api/drizzle/0011_catalog_version.sql) and for at most MAX_CACHE_AGE_MS, which also
 * bounds what the version does not see: view counts behind "popular", and a read that ran
 * while a write transaction had moved the version but not yet committed.
 *
 * A hit skips the handler and the serialiser and answers the stored JSON text with
 * `x-cache: hit`. Concurrent requests share one read of the version (http/catalog-version.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { MAX_CACHE_AGE_MS, readCatalogVersion } from './catalog-version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache the whole 200 answer per URL (see http/response-cache.ts): never for per-user answers. */
    cache?: boolean;
  }
  interface FastifyRequest {
    /** The catalogue version a cacheable request was answered from (set on a miss). */
    catalogVersion?: string;
  }
}

/** What all entries together may hold (as UTF-16 text): any URL can be asked, so memory is bounded by size. */
const MAX_TOTAL_CHARS = 16 * 1024 * 1024;
/** Larger answers are not kept (a page of 100 products is about 80 KB). */
const MAX_ENTRY_CHARS = 256 * 1024;

interface Entry {
  version: string;
  at: number;
  body: string;
}

export interface ResponseCacheOptions {
  db: Database;
}

async function responseCache(app: FastifyInstance, { db }: ResponseCacheOptions) {
  const entries = new Map<string, Entry>();
  let totalChars = 0;
  const forget = (url: string) => {
    const entry = entries.get(url);
    if (!entry) return;
    entries.delete(url);
    totalChars -= entry.body.length;
  };
  const currentVersion = () => readCatalogVersion(db);

  // A cached answer is served to everyone: only public routes may opt in.
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: string; cache?: boolean } | undefined;
    if (config?.cache && (config.access ?? 'public') !== 'public')
      throw new Error(`${route.url}: only public routes may be cached`);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
    const version = await currentVersion();
    const entry = entries.get(request.url);
    if (entry && entry.version === version && Date.now() - entry.at <= MAX_CACHE_AGE_MS) {
      entries.delete(request.url);
      entries.set(request.url, entry); // most recently used last
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(entry.body);
    }
    request.catalogVersion = version;
    reply.header('x-cache', 'miss');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = request.catalogVersion;
    if (
      version === undefined ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      payload.length > MAX_ENTRY_CHARS
    )
      return payload;
    forget(request.url);
    entries.set(request.url, { version, at: Date.now(), body: payload });
    totalChars += payload.length;
    while (totalChars > MAX_TOTAL_CHARS) forget(entries.keys().next().value!); // least recently used first
    return payload;
  });
}

export default fp(responseCache, { name: 'response-cache' });
