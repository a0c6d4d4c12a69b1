/**
 * Server rendering of the visitor pages (VISITOR_PAGES marked `serverRendered`: home, category, product, search),
 * the API process's side (docs/architecture.md "Server rendering"). The shell's Node build
 * (`shell/dist/server/server.js`, built from node-entry.ts and render-page.tsx beside this file)
 * renders; it loads the storefront's Node container at run time from the storefront's URL in
 * remotes.json (`…/mf-manifest.json` → `…/server/remoteEntry.js`, relative URLs on this server),
 * so a storefront deploy needs no shell or API rebuild: every `SSR_REMOTE_TTL_MS` (30 s) the
 * container is fetched again and, when it changed, loaded afresh.
 *
 * The page's data comes through the storefront's own RTK Query endpoints; their requests reach
 * this API in-process (`app.inject`, no socket). Availability first: when the shell's Node build
 * is missing, the container cannot load, the render throws or takes longer than `SSR_BUDGET_MS`
 * (300 ms), the caller sends the client-rendered shell (200) and the reason is logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isServerRenderedPath, matchVisitorPage } from '../../../shared/src/routing/visitor-pages';
import { siteConfigurationSchema, type SiteConfiguration } from '../../../shared/src/entities';
import type { RenderHints } from '../../../shared/src/ssr/page-request';
import type { RenderLanguage, RenderResult, ShellServerModule } from './contract';
import type { ApiConfig } from '../../../api/src/config';
import { normalizeDomain } from '../../../api/src/features/site-configuration/domains';
import { originHeaders, resolvePageOrigin, type PageOrigin } from '../../../api/src/features/site-configuration/page-origin';
import { findSiteConfigurationByDomain } from '../../../api/src/features/site-configuration/repository';
import { memoByCatalogVersion, readCatalogVersion } from '../../../api/src/http/catalog-version';

export type Language = RenderLanguage;

/** The shell's answer with the language it was rendered in (the page's `<html lang>`). */
export interface RenderedPage extends RenderResult {
  language: Language;
}

export interface ServerRenderOptions {
  /** Folder holding shell/dist/server. */
  root: string;
  /** The storefront's manifest URL from remotes.json. */
  storefrontManifest: () => string;
  budgetMs: number;
  remoteTtlMs: number;
  /** Renders at once; more answer the client-rendered page. */
  maxConcurrent: number;
}

/**
 * A build's file as the server uses it (the shell's index.html, its Node bundle), loaded again when
 * the file was replaced, so a deploy is picked up without a restart. Its modification time is
 * looked at at most every `checkEveryMs`: a page request asks several times, and a deploy shows
 * within a second.
 */
export interface BuildFile<T> {
  /** What `load` made of the file now on disk; null while there is none. */
  value(): T | null;
  /** Changes when the file is replaced (its modification time); null while there is none. */
  version(): number | null;
}

export function buildFile<T>(file: string, load: (file: string) => T, checkEveryMs = 1_000): BuildFile<T> {
  let loaded: { value: T; mtimeMs: number } | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const current = () => {
    const now = Date.now();
    if (now - checkedAt >= checkEveryMs) {
      checkedAt = now;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) loaded = null;
      else if (loaded?.mtimeMs !== stat.mtimeMs) loaded = { value: load(file), mtimeMs: stat.mtimeMs };
    }
    return loaded;
  };
  return { value: () => current()?.value ?? null, version: () => current()?.mtimeMs ?? null };
}

/** The product id a product page's path names (for counting its view), or null. */
export function productIdOf(pathname: string): number | null {
  const match = matchVisitorPage(pathname);
  const id = match?.name === 'product' ? Number(match.params.id) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The paths rendered on the server: the storefront's pages marked so (VISITOR_PAGES). */
export { isServerRenderedPath };

const LANGUAGE_COOKIE = 'i18nextLng';

/** The stored choice (cookie), then Accept-Language, Dutch by default. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = request.headers.cookie ?? '';
  const stored = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  const fromCookie = stored ? decodeURIComponent(stored).slice(0, 2).toLowerCase() : '';
  if (fromCookie === 'nl' || fromCookie === 'en') return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { language: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.language === 'nl' || entry.language === 'en')
    .sort((a, b) => b.q - a.q);
  return (accepted[0]?.language as Language | undefined) ?? 'nl';
}

const CONSENT_COOKIE = 'cookie_consent';
/** Phones' user agents, for browsers that send no Sec-CH-UA-Mobile. */
const MOBILE_USER_AGENT = /Mobi|Android.+Mobile|iPhone|iPod/i;

/**
 * What the request tells of the browser: a phone (Sec-CH-UA-Mobile, which Chromium browsers
 * send unasked, else the user agent) gets the phone layout in its first paint; a visitor whose
 * cookie choice is on record (its cookie copy) gets no consent dialog, anyone else gets it at once.
 */
export type { RenderHints };

export function renderHintsOf(request: Pick<FastifyRequest, 'headers'>): RenderHints {
  const clientHint = request.headers['sec-ch-ua-mobile'];
  const mobile =
    typeof clientHint === 'string'
      ? clientHint.trim() === '?1'
      : MOBILE_USER_AGENT.test(request.headers['user-agent'] ?? '');
  const consent = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(all|essential)(?:;|$)`).exec(request.headers.cookie ?? '');
  return { mobile, consentDecided: consent !== null };
}

/** What a visitor page's HTML depends on in the request; the render reads nothing else of it. */
export interface RenderInputs {
  /** Path and query. */
  url: string;
  /** Canonical and og:url addresses start with it; its domain names the site configuration (page-origin.ts). */
  origin: string;
  domain: string;
  language: Language;
  hints: RenderHints;
}

/**
 * The render's inputs from the request: its address, the page origin (from configuration, never
 * the Host as sent: page-origin.ts), the language and the render hints. The rendered-page cache
 * keys on exactly these (rendered-page-cache.ts), and `Vary` names the headers they are read from
 * (`renderVaryHeaders`), so the three cannot disagree.
 */
export function renderInputsOf(request: Pick<FastifyRequest, 'url' | 'headers'>, page: PageOrigin): RenderInputs {
  return { url: request.url, origin: page.origin, domain: page.domain, language: languageOf(request), hints: renderHintsOf(request) };
}

/** The request headers `renderInputsOf` reads: the `Vary` of a server-rendered page. */
export function renderVaryHeaders(config: Pick<ApiConfig, 'trustProxy'>): string[] {
  // Cookie: language and consent; User-Agent: the phone layout for browsers without Sec-CH-UA-Mobile.
  return [...originHeaders(config), 'Accept-Language', 'Cookie', 'Sec-CH-UA-Mobile', 'User-Agent'];
}

/** `…/mf-manifest.json` → `…/server/remoteEntry.js`, made absolute against `base`. */
export function serverContainerUrl(manifestUrl: string, base: string): string {
  return new URL('server/remoteEntry.js', new URL(manifestUrl, base)).toString();
}

/** A `fetch` answering from this Fastify instance (`app.inject`): the server's API calls stay in-process. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body !== undefined ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers: responseHeaders,
    });
  };
}

/** The parts of a federation manifest (mf-manifest.json) that name the storefront's first files. */
interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string }; publicPath?: string };
  exposes: { name: string; assets: { css: { sync: string[]; async: string[] }; js: { sync: string[] } } }[];
}

/** The storefront's stylesheet links and its script preloads, placed apart in the head (see the render). */
interface StorefrontHeadLinks {
  stylesheets: string;
  preloads: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<head>` links for the storefront's files, from its manifest: the `./routes` module's own
 * stylesheets (the server's markup needs them for its first paint; whatever a server-rendered page
 * shows is styled there), and preloads of its manifest, entry and the `./routes` module's scripts, which
 * the browser would otherwise find only one after the other. URLs are absolute as the browser
 * resolves them, so the storefront's own CSS loader finds these links and adds no second copy.
 */
export function storefrontHeadLinks(manifest: FederationManifest, manifestUrl: string): StorefrontHeadLinks {
  const none = { stylesheets: '', preloads: '' };
  // Another build's manifest (or none): no links, the page works without them.
  if (!manifest.metaData?.remoteEntry || !Array.isArray(manifest.exposes)) return none;
  const publicPath =
    manifest.metaData.publicPath && manifest.metaData.publicPath !== 'auto' ? manifest.metaData.publicPath : '.';
  const base = new URL(publicPath.endsWith('/') ? publicPath : `${publicPath}/`, manifestUrl);
  const url = (file: string) => escapeAttribute(new URL(file, base).toString());
  const routes = manifest.exposes.find((expose) => expose.name === 'routes');
  if (!routes) return none;
  const { remoteEntry } = manifest.metaData;
  const entry = remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/${remoteEntry.name}` : remoteEntry.name;
  // Not the lazy parts' stylesheets (dialogs, the price history): their chunks bring them when they
  // load, after the page is interactive. Linked here, each was one more render-blocking request
  // ahead of the page's images on a phone's few connections.
  const stylesheets = [...new Set(routes.assets.css.sync)];
  return {
    stylesheets: stylesheets.map((file) => `<link rel="stylesheet" href="${url(file)}"/>`).join(''),
    preloads: [
      `<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin="anonymous"/>`,
      ...[entry, ...routes.assets.js.sync].map((file) => `<link rel="preload" href="${url(file)}" as="script"/>`),
    ].join(''),
  };
}

class RenderTimeout extends Error {}

/** `work` within `ms`, or a RenderTimeout; the work's signal is aborted then, so it stops too. */
function withBudget<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new RenderTimeout(`the render took longer than its budget of ${ms} ms`));
    }, ms);
  });
  const running = work(controller.signal);
  running.catch(() => undefined);
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}

export function createServerRenderer(app: FastifyInstance, options: ServerRenderOptions) {
  const serverBundle = path.join(options.root, 'shell', 'dist', 'server', 'server.js');
  const { budgetMs, remoteTtlMs, maxConcurrent } = options;
  /** Renders started and not settled (an aborted one counts until it has stopped). */
  let rendering = 0;
  const internalBase = 'http://127.0.0.1';
  /** The shell's Node build, loaded again when it was rebuilt. */
  const shell = buildFile(serverBundle, (file) => {
    delete require.cache[require.resolve(file)];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a rebuilt bundle is loaded afresh through require's cache
    return require(file) as ShellServerModule;
  });
  const apiFetch = injectFetch(app);
  let container: { url: string; hash: string | null; checkedAt: number; reload: boolean } | null = null;
  /** Storefront deploys seen since start (part of `generation()`). */
  let deploys = 0;
  /** The storefront's browser manifest, read with each container check (null until the first read). */
  let manifest: FederationManifest | null = null;

  /** Where this process listens (the storefront's container is fetched from it when remotes.json is relative). */
  function ownOrigin(): string | null {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
  }

  /** The storefront container's URL, checked for a new deploy every `remoteTtlMs`. */
  function checkedContainer(): NonNullable<typeof container> | null {
    const origin = ownOrigin();
    if (!origin) return null;
    const url = serverContainerUrl(options.storefrontManifest(), origin);
    const now = Date.now();
    if (!container || container.url !== url) {
      container = { url, hash: null, checkedAt: now, reload: false };
      void fingerprint(url).then((hash) => container?.url === url && (container.hash = hash));
      void readManifest(new URL(options.storefrontManifest(), origin).toString());
    } else if (now - container.checkedAt > remoteTtlMs) {
      const current = container;
      current.checkedAt = now;
      void readManifest(new URL(options.storefrontManifest(), origin).toString());
      void fingerprint(url).then((hash) => {
        if (hash && current.hash && hash !== current.hash) {
          app.log.info({ url }, 'server rendering: a new storefront container was deployed; loading it');
          current.reload = true;
          deploys += 1;
        }
        if (hash) current.hash = hash;
      });
    }
    return container;
  }

  /** The storefront container's URL, and whether a deploy since the last check asks for a reload. */
  function storefrontContainer(): { url: string; reload: boolean } | null {
    const current = checkedContainer();
    if (!current) return null;
    const reload = current.reload;
    current.reload = false;
    return { url: current.url, reload };
  }

  /**
   * What a rendered page depends on besides the request and the catalogue: the shell's Node build
   * and the storefront's container. It changes when either is deployed, so pages kept from before
   * are not served again (the rendered-page cache keeps it with each page).
   */
  function generation(): string {
    const current = checkedContainer();
    return `${shell.version() ?? 'none'} ${current?.url ?? 'none'} ${deploys}`;
  }

  async function readManifest(url: string): Promise<void> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) manifest = (await response.json()) as FederationManifest;
    } catch {
      // The links are an optimisation: the page works without them, and the next check tries again.
    }
  }

  async function fingerprint(url: string): Promise<string | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return null;
      return crypto
        .createHash('sha256')
        .update(await response.text())
        .digest('hex');
    } catch {
      return null;
    }
  }

  /** The domain's site configuration as GET /api/site-configuration answers it (dates as ISO text), kept while the catalogue's version holds. */
  function siteConfigurationFor(domain: string, version: string | null): Promise<SiteConfiguration | null> {
    const load = async () => {
      const row = await findSiteConfigurationByDomain(app.db, normalizeDomain(domain));
      return row ? siteConfigurationSchema.parse(row) : null;
    };
    return version === null ? load() : memoByCatalogVersion(app.db, `server-render:site-configuration:${domain}`, version, load);
  }

  /**
   * Renders `request`'s page, or answers why not (`{ fallback: reason }`): the caller then sends
   * the client-rendered shell. `version`: the catalogue's, read for the request (null: unknown).
   */
  async function render(
    inputs: RenderInputs,
    version: string | null,
    budget = budgetMs,
  ): Promise<RenderedPage | { fallback: string }> {
    const module = shell.value();
    if (!module) return { fallback: 'the shell has no Node build (shell/dist/server/server.js)' };
    const target = storefrontContainer();
    if (!target) return { fallback: 'the server is not listening yet' };
    const { url, origin, domain, language, hints } = inputs;
    // Shed load: a render queued behind others would miss its budget anyway and slow them down.
    if (rendering >= maxConcurrent) return { fallback: `the server is busy (${rendering} renders in progress)` };
    rendering += 1;
    try {
      const page = await withBudget(
        (signal) =>
          (async () => {
            const siteConfiguration = await siteConfigurationFor(domain, version);
            return module.renderPage({
              url,
              origin,
              language,
              hints,
              storefrontEntry: target.url,
              reloadStorefront: target.reload,
              // The storefront's API client reaches this API in-process.
              apiBaseUrl: `${internalBase}/api`,
              apiFetch,
              siteConfiguration,
              signal,
            });
          })().finally(() => {
            rendering -= 1;
          }),
        budget,
      );
      const links = manifest
        ? storefrontHeadLinks(manifest, new URL(options.storefrontManifest(), origin).toString())
        : { stylesheets: '', preloads: '' };
      // The page's own head (with the preloads of its first images) before the scripts' preloads:
      // a browser with few connections to the site fetches the images that paint first, first.
      return { ...page, head: links.stylesheets + page.head + links.preloads, language };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { fallback: reason };
    }
  }

  /** Loads the shell's Node build and the storefront's container once, so the first visitor's render fits its budget. */
  async function warm(): Promise<void> {
    const started = Date.now();
    const home = renderInputsOf({ url: '/', headers: {} }, resolvePageOrigin('', new Set(), app.config.publicUrl));
    const result = await render(home, await readCatalogVersion(app.db).catch(() => null), 30_000);
    if ('fallback' in result) app.log.warn({ reason: result.fallback }, 'server rendering is not available yet');
    else app.log.info(`server rendering ready (first render ${Date.now() - started} ms)`);
  }

  return { render, warm, generation, isServerRenderedPath };
}
