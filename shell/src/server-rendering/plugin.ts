/**
 * The Fastify plugin the API registers (api/src/server.ts) to serve the front ends and render the
 * visitor pages on the server. This folder is all of server rendering; the API only mounts it and
 * answers the pages' data. Two halves meet in contract.ts:
 * - in the API process: this plugin, renderer.ts (inputs, budget, concurrency, the shell's Node
 *   build and the storefront's container), rendered-page-cache.ts;
 * - in the shell's Node build (`shell/dist/server/server.js`): node-entry.ts → render-page.tsx,
 *   which loads the storefront's `./ssr` (mfe-storefront/src/ssr.ts) and renders once.
 * The page context the components read lives in the `@koopjesland/shared` singleton
 * (shared/src/ssr/), so the shell provides the very context the remotes read.
 *
 * Files: the shell at `/` with index.html as the SPA fallback, each remote under
 * `/remotes/<name>/`, and `/remotes.json`, which is also inlined into index.html so the shell skips
 * a round trip. Hashed assets are cached for a year; index.html, remotes.json and manifests never.
 * Pages: a visitor page (VISITOR_PAGES) is rendered on the server, else the client-rendered shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT, type ServerRenderingConfig } from '../../../api/src/config';
import { contentSecurityPolicy } from '../../../api/src/http/content-security-policy';
import { buildFile, createServerRenderer, productIdOf, renderInputsOf, renderVaryHeaders, type RenderedPage } from './renderer';
import { pageOriginOf } from '../../../api/src/features/site-configuration/page-origin';
import { readCatalogVersion } from '../../../api/src/http/catalog-version';
import { createRenderedPageCache, encodedBody, type CachedPage } from './rendered-page-cache';
import { countView } from '../../../api/src/features/products/view-counter';
import { addressMatcher, isLoopback } from '../../../api/src/http/address-list';
import { FRONT_ENDS, REMOTES, servedManifestPath } from '../../../shared/build/front-ends';

/** `{ storefront: <manifest url>, … }`: each remote's configured URL, else the copy this server hosts. */
export function remotesConfig(urls: Record<string, string>): Record<string, string> {
  return Object.fromEntries(REMOTES.map((remote) => [remote.name, urls[remote.name] || servedManifestPath(remote)]));
}

/** Puts the remotes JSON into the page as #remotes-config (replacing a placeholder if the build left one). */
export function inlineRemotesConfig(html: string, config: Record<string, string>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const tag = `<script id="remotes-config" type="application/json">${json}</script>`;
  const placeholder = /<script id="remotes-config"[^>]*>[\s\S]*?<\/script>/;
  if (placeholder.test(html)) return html.replace(placeholder, tag);
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

/** Anonymous server-rendered pages: a CDN may keep them a minute and serve them stale while it refreshes. */
export const SERVER_RENDERED_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

const escapeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * index.html with a server render in it: `<html lang>`, the page's head (its own title replaces
 * the build's), the markup in #root, and the state the browser hydrates from (#kl-state, JSON:
 * not executed, so the CSP's script rules do not apply to it).
 */
export function composeServerRenderedPage(indexHtml: string, page: RenderedPage): string {
  let html = indexHtml.replace(/<html\b[^>]*>/, `<html lang="${page.language}">`);
  if (page.head.includes('<title')) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  const state = `<script id="kl-state" type="application/json">${escapeJson(page.state)}</script>`;
  html = html.replace('</head>', `${page.head}${state}</head>`);
  return html.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|map)$/i;
const NEVER_CACHED = /(^|\/)(index\.html|mf-manifest\.json|remoteEntry\.js|mf-stats\.json)$/;

export function cacheControlFor(servedPath: string): string {
  // A precompressed copy (`app.js.br`) is cached like the file it stands for.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (NEVER_CACHED.test(filePath) || filePath.endsWith('.html')) return 'no-cache';
  if (HASHED.test(filePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Source maps and the server-side builds (the shell's `server/server.js`, each remote's `server/`
 * container and chunks): nothing a browser needs, and they show the code's internals.
 */
export function isBuildInternal(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // Left as sent: a malformed escape names no file.
  }
  const normalized = path.posix.normalize(decoded.replace(/\\/g, '/'));
  return /\.map(\.(br|gz))?$/i.test(normalized) || /^\/+(remotes\/[^/]+\/)?server(\/|$)/i.test(normalized);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'via'];

/**
 * A request from this process (the server render fetching the storefront's container from its own
 * port): loopback with no proxy's forwarding headers. A proxy on the same host also connects from
 * loopback, but says for whom.
 */
export function isFromThisHost(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  return isLoopback(request.socket?.remoteAddress) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

export interface FrontEndOptions {
  /** Folder holding shell and the mfe-* folders, each with its dist. */
  root?: string;
  /** Tests only: server rendering's settings over the configuration's (`config.serverRendering`). */
  serverRendering?: Partial<ServerRenderingConfig>;
}

export default async function frontEnds(app: FastifyInstance, options: FrontEndOptions) {
  const root = options.root ?? REPO_ROOT;
  const config = remotesConfig(app.config.remoteManifestUrls);
  const shell = FRONT_ENDS.find((frontEnd) => frontEnd.kind === 'host')!;
  const shellDist = path.join(root, shell.workspace, 'dist');
  const indexFile = path.join(shellDist, 'index.html');
  const setHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) =>
    res.setHeader('cache-control', cacheControlFor(filePath));

  // Source maps and server bundles: to this process and BUILD_INTERNALS_ALLOW only, 404 to anyone else.
  const mayReadBuildInternals = addressMatcher(app.config.buildInternalsAllow);
  app.addHook('onRequest', async (request, reply) => {
    if (!isBuildInternal(request.url.split('?')[0] ?? '/')) return;
    if (isFromThisHost(request) || mayReadBuildInternals(request.ip)) return;
    reply.callNotFound();
    return reply;
  });

  // reply.sendFile, rooted at the shell's dist; files are served by the fallback route below.
  // The build's brotli/gzip copies are sent when the browser accepts them (scripts/webpack/precompress.ts).
  await app.register(fastifyStatic, { root: shellDist, serve: false, cacheControl: false, setHeaders, preCompressed: true });

  for (const remote of REMOTES) {
    const dist = path.join(root, remote.workspace, 'dist');
    if (!fs.existsSync(dist)) {
      app.log.warn(`${remote.workspace}/dist is missing: /remotes/${remote.servedAs}/ will answer 404`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${remote.servedAs}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders,
      preCompressed: true,
    });
  }

  app.get('/remotes.json', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
  });

  const policy = contentSecurityPolicy(Object.values(config), app.config.mediaOrigin);
  const varyHeaders = renderVaryHeaders(app.config);
  const { enabled: serverRenderingOn, cacheTtlMs, cacheMaxEntries, ...renderOptions } = {
    ...app.config.serverRendering,
    ...options.serverRendering,
  };
  const renderer = createServerRenderer(app, {
    root,
    // Read at each check, so the storefront's address in the configuration is the one in use.
    storefrontManifest: () => remotesConfig(app.config.remoteManifestUrls).storefront!,
    ...renderOptions,
  });
  const pageCache = createRenderedPageCache({ ttlMs: cacheTtlMs, maxEntries: cacheMaxEntries, generation: renderer.generation });
  let missingBuildLogged = false;
  app.addHook('onListen', async () => {
    if (serverRenderingOn && fs.existsSync(path.join(root, shell.workspace, 'dist', 'server', 'server.js'))) void renderer.warm();
  });
  /**
   * index.html with remotes.json inlined, read again when the shell was rebuilt: the page must name
   * the scripts now on disk (the old build's are gone). Null while the shell is not built.
   */
  const shellIndex = buildFile(indexFile, (file) => inlineRemotesConfig(fs.readFileSync(file, 'utf8'), config));
  const currentIndexHtml = () => shellIndex.value();

  /** The visitor page rendered on the server, or false when the client-rendered shell must answer. */
  const sendServerRendered = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!currentIndexHtml()) return false;
    // Read once for the page's origin and its cache; null when the database cannot be read.
    const version = await readCatalogVersion(app.db).catch(() => null);
    const inputs = renderInputsOf(request, await pageOriginOf(request, app.config, app.db, version));
    const answer = await pageCache.serve(inputs, async () => {
      const rendered = await renderer.render(inputs, version);
      if ('fallback' in rendered) return rendered;
      const indexHtml = currentIndexHtml();
      if (!indexHtml) return { fallback: 'the shell is not built' };
      const page: CachedPage =
        rendered.status === 301 && rendered.location
          ? { status: 301, location: rendered.location, language: rendered.language, body: '' }
          : { status: rendered.status, language: rendered.language, body: composeServerRenderedPage(indexHtml, rendered) };
      return { page };
    }, version);
    if ('fallback' in answer) {
      const missingBuild = answer.fallback.includes('no Node build');
      if (!missingBuild || !missingBuildLogged) {
        request.log.warn({ url: request.url, reason: answer.fallback }, 'server rendering failed: answering the client-rendered page');
      }
      missingBuildLogged ||= missingBuild;
      return false;
    }
    const { page, cache } = answer;
    if (cache) reply.header('x-render-cache', cache);
    // The render counted the product page's view (its API read); a kept page counts it here.
    const productId = cache === 'hit' && page.status === 200 ? productIdOf(request.url.split('?')[0]!) : null;
    if (productId !== null) countView(app.db, productId);
    if (page.status === 301 && page.location) {
      await reply.header('cache-control', SERVER_RENDERED_CACHE_CONTROL).redirect(page.location, 301);
      return true;
    }
    // Compressed once per kept page (a page not kept is compressed by @fastify/compress as before).
    const { body, encoding } = cache ? encodedBody(page, request) : { body: page.body, encoding: undefined };
    if (encoding) reply.header('content-encoding', encoding);
    await reply
      .status(page.status)
      .header('cache-control', SERVER_RENDERED_CACHE_CONTROL)
      .header('vary', [...varyHeaders, ...(encoding ? ['Accept-Encoding'] : [])].join(', '))
      .header('content-language', page.language)
      .header('content-security-policy', policy)
      .type('text/html; charset=utf-8')
      .send(body);
    return true;
  };
  const sendIndex = (reply: FastifyReply) => {
    const indexHtml = currentIndexHtml();
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The front end is not built yet: run npm run build.');
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  app.get('/*', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (urlPath.startsWith('/api/') || urlPath === '/api' || urlPath.startsWith('/remotes/'))
        return reply.callNotFound();
      if (serverRenderingOn && request.method === 'GET' && renderer.isServerRenderedPath(urlPath)) {
        if (await sendServerRendered(request, reply)) return reply;
        return sendIndex(reply);
      }
      if (urlPath === '/' || urlPath === '/index.html') return sendIndex(reply);
      const file = path.resolve(shellDist, `.${urlPath}`);
      if (file.startsWith(shellDist + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        return reply.sendFile(path.relative(shellDist, file));
      }
      // Client-side routes (/product/…, /admin/…) get the app; missing assets get a 404.
      if (request.headers.accept?.includes('text/html')) return sendIndex(reply);
      return reply.callNotFound();
    },
  });
}
