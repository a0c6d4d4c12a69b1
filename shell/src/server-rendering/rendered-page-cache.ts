/**
 * A micro-cache of server-rendered visitor pages, per API instance (docs/architecture.md "Server
 * rendering", "HTML micro-cache"). A render is CPU-bound and two cores render few pages a second
 * (figures: docs/benchmarks.md "Server rendering"); most visitors ask for the same few pages,
 * and the HTML is the same for every anonymous visitor with the same language and render hints
 * (per-user parts appear after hydration).
 *
 * - Key: everything the render takes from the request (`renderInputsOf`: path and query, the page
 *   origin chosen from configuration, language, render hints), so it cannot disagree with the render.
 * - Fresh while the catalogue's version (api/src/http/catalog-version.ts: statement triggers on every
 *   catalogue table, feed imports included) and the builds' generation (shell and storefront
 *   deploys) are those the page was rendered under, and for at most `ttlMs`, as the response cache
 *   does (api/src/http/response-cache.ts). The version is read before the render starts, so a write during
 *   the render leaves the page stale.
 * - Concurrent misses for one key share one render; those that waited answer as hits.
 * - At most `maxEntries` pages and MAX_TOTAL_CHARS of HTML, least recently used evicted.
 * - Only rendered answers (200, 301, 404) are kept, never the client-rendered fallback.
 * - A page's compressed bodies are kept with it: compressing a whole page of HTML per answer
 *   (@fastify/compress's brotli stream) would make every hit pay a compression.
 */
import type { FastifyRequest } from 'fastify';
import { compressBody, COMPRESSION_THRESHOLD, encodingFor, type Encoding } from '../../../api/src/http/compression';
import type { Language, RenderInputs } from './renderer';

/** A rendered answer as sent: the status, the redirect's target or the whole HTML document. */
export interface CachedPage {
  status: 200 | 301 | 404;
  location?: string;
  language: Language;
  body: string;
  /** The body compressed, per encoding, made when first asked (a hit then costs no compression). */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/**
 * The body to send for `request`: compressed as the request accepts (once per page and encoding,
 * with the API's own settings, http/compression.ts), or as it is.
 */
export function encodedBody(page: CachedPage, request: Pick<FastifyRequest, 'headers'>): { body: string | Buffer; encoding?: Encoding } {
  const encoding = page.body.length >= COMPRESSION_THRESHOLD ? encodingFor(request.headers) : null;
  if (!encoding) return { body: page.body };
  page.encoded ??= {};
  const body = (page.encoded[encoding] ??= compressBody(page.body, encoding));
  return { body, encoding };
}

export type CacheOutcome = 'hit' | 'miss';

export interface RenderedPageCacheOptions {
  /** How long a page may be served at most (0: no cache). */
  ttlMs: number;
  maxEntries: number;
  /** What the HTML depends on besides the request and the catalogue (the builds): another value makes entries stale. */
  generation: () => string;
}

/** All pages together, as UTF-16 text (a desktop category page with its inline antd CSS is ~0.3 M). */
const MAX_TOTAL_CHARS = 32 * 1024 * 1024;

interface Entry {
  version: string;
  generation: string;
  at: number;
  page: CachedPage;
}

type Rendered = { page: CachedPage } | { fallback: string };

/** The cache key: what the HTML depends on in the request, the render's own inputs. */
export function renderedPageKey({ url, origin, language, hints }: RenderInputs): string {
  return JSON.stringify([origin, language, hints.mobile, hints.consentDecided, url]);
}

export function createRenderedPageCache({ ttlMs, maxEntries, generation }: RenderedPageCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Renders under way, by key, version and generation: later requests for the same page wait for them. */
  const rendering = new Map<string, Promise<Rendered>>();
  let totalChars = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalChars -= entry.page.body.length;
  };

  const keep = (key: string, entry: Entry) => {
    forget(key);
    if (entry.page.body.length > MAX_TOTAL_CHARS / 8) return;
    entries.set(key, entry);
    totalChars += entry.page.body.length;
    // Least recently used first.
    while (entries.size > maxEntries || totalChars > MAX_TOTAL_CHARS) forget(entries.keys().next().value!);
  };

  /**
   * The page for `request`: a fresh kept one (`hit`), or `render()`'s, kept when it rendered
   * (`miss`; `hit` for a request that waited for another's render of the same page).
   */
  async function serve(
    inputs: RenderInputs,
    render: () => Promise<Rendered>,
    version: string | null,
  ): Promise<({ page: CachedPage } | { fallback: string }) & { cache?: CacheOutcome }> {
    if (ttlMs <= 0) return render();
    const key = renderedPageKey(inputs);
    // Without the version (the database is unreachable) nothing can be known fresh: render as without a cache.
    if (version === null) return render();
    const current = generation();
    const entry = entries.get(key);
    if (entry && entry.version === version && entry.generation === current && Date.now() - entry.at <= ttlMs) {
      entries.delete(key);
      entries.set(key, entry); // most recently used last
      return { page: entry.page, cache: 'hit' };
    }
    const renderKey = `${key} ${version} ${current}`;
    const pending = rendering.get(renderKey);
    if (pending) {
      const shared = await pending;
      return 'page' in shared ? { ...shared, cache: 'hit' } : shared;
    }
    const at = Date.now();
    const started = render().then((result) => {
      if ('page' in result) keep(key, { version, generation: current, at, page: result.page });
      return result;
    });
    rendering.set(renderKey, started);
    try {
      const result = await started;
      return 'page' in result ? { ...result, cache: 'miss' } : result;
    } finally {
      rendering.delete(renderKey);
    }
  }

  return { serve, size: () => entries.size };
}
