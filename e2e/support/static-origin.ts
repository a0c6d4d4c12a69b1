/**
 * A small static server standing in for one front end's own origin in the production shape
 * (scripts/docker/nginx-frontend.conf): CORS on every file, since the shell fetches remotes
 * cross-origin; hashed files cached for a year, entry points and manifests never. For the
 * shell it can also answer the SPA fallback, serve `remotes.json` from a file outside its dist and
 * forward `/api/` to the API, as the shell's nginx does.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const NEVER_CACHED = /(^|\/)(index\.html|remotes\.json|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

export interface StaticOriginOptions {
  /** The dist folder served at `/`. */
  root: string;
  /** 0: a free port chosen by the system. */
  port: number;
  /** Client-side routes get index.html (the shell). */
  spaFallback?: boolean;
  /** `/remotes.json` read from this file on every request (the shell's per-environment file). */
  remotesJsonFile?: string;
  /** Forward `/api/…` to this origin (the shell's nginx does the same). */
  apiOrigin?: string;
}

export interface StaticOrigin {
  url: string;
  port: number;
  /** Paths requested so far (`/mf-manifest.json`, `/remoteEntry.js`, …). */
  requested: string[];
  close(): Promise<void>;
}

function headersFor(filePath: string): Record<string, string> {
  const cacheControl = NEVER_CACHED.test(filePath)
    ? 'no-cache'
    : HASHED.test(filePath)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600';
  return {
    'access-control-allow-origin': '*',
    'cache-control': cacheControl,
    'content-type': CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream',
  };
}

function proxy(request: http.IncomingMessage, response: http.ServerResponse, apiOrigin: string): void {
  const target = new URL(request.url ?? '/', apiOrigin);
  const forwarded = http.request(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('API unreachable');
  });
  request.pipe(forwarded);
}

export async function serveStatic(options: StaticOriginOptions): Promise<StaticOrigin> {
  const root = path.resolve(options.root);
  const requested: string[] = [];
  const sendFile = (response: http.ServerResponse, filePath: string, status = 200) => {
    response.writeHead(status, headersFor(filePath));
    fs.createReadStream(filePath).pipe(response);
  };

  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    requested.push(urlPath);
    if (options.apiOrigin && (urlPath === '/api' || urlPath.startsWith('/api/'))) {
      return proxy(request, response, options.apiOrigin);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      return response.end();
    }
    if (options.remotesJsonFile && urlPath === '/remotes.json') return sendFile(response, options.remotesJsonFile);
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return sendFile(response, file);
    }
    if (options.spaFallback && request.headers.accept?.includes('text/html')) {
      return sendFile(response, path.join(root, 'index.html'));
    }
    response.writeHead(404, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    response.end('Not found');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
