import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { storeFeeds } from '../../db/schema';
import { createFeedTestApp, FIXTURES, type FeedTestContext } from '../../../test/feed-test-app';
import { startRun, whenRunFinished } from './runner';

const INWARD = 'The feed URL points at a local or private network address';
const goodCsv = fs.readFileSync(path.join(FIXTURES, 'awin.csv'), 'utf8');

/** A server on 127.0.0.1 that counts every connection and answers with `handler`. */
async function listen(handler: http.RequestListener = (_req, res) => res.end(goodCsv)) {
  let connections = 0;
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.headers);
    handler(request, response);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('feed URLs that point at our own network are refused', () => {
  let t: FeedTestContext;
  let inside: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createFeedTestApp();
    inside = await listen();
  });
  afterAll(async () => {
    await inside.close();
    await t.close();
  });

  const inwardUrls = () => [
    `${inside.url}/feed.csv`,
    'http://10.0.0.1/feed.csv',
    `http://[::1]:${inside.port}/feed.csv`,
    'http://169.254.169.254/latest/meta-data/',
    `http://localhost:${inside.port}/feed.csv`,
    `http://[::ffff:127.0.0.1]:${inside.port}/feed.csv`,
    `https://0.0.0.0:${inside.port}/feed.csv`,
    ...ipv6FormsOfLoopback(),
  ];
  /** IPv6 forms that carry 127.0.0.1: IPv4-compatible, IPv4-translated, local-use NAT64, 6to4. */
  const ipv6FormsOfLoopback = () =>
    ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b:1::7f00:1]', '[2002:7f00:1::]'].map(
      (host) => `http://${host}:${inside.port}/feed.csv`,
    );

  it('when the feed is saved: 400 naming the field, and nothing is stored', async () => {
    for (const url of inwardUrls()) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/store-feeds/store/${t.storeId}`,
        headers: t.auth,
        payload: { name: 'binnen', importer: 'awin', path: 'winkel/binnen.csv', url },
      });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: { error: 'Invalid url', details: `url: ${INWARD}` },
      });
    }
    const { id } = await t.createFeed({ name: 'buiten', importer: 'awin', path: 'winkel/buiten.csv', url: 'https://203.0.113.10/feed.csv' });
    const update = await t.app.inject({ method: 'PUT', url: `/api/store-feeds/${id}`, headers: t.auth, payload: { url: inwardUrls()[3] } });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ error: 'Invalid url', details: `url: ${INWARD}` });
    const [stored] = await t.database.db.select({ url: storeFeeds.url }).from(storeFeeds).where(eq(storeFeeds.id, id));
    expect(stored!.url).toBe('https://203.0.113.10/feed.csv');
    expect(inside.connections()).toBe(0);
  });

  it('when the feed runs (the address may have changed since it was saved), before any request is made', async () => {
    const { id } = await t.createFeed({ name: 'later', importer: 'awin', path: 'winkel/later.csv', url: 'https://203.0.113.11/feed.csv' });
    for (const url of [`${inside.url}/feed.csv`, `http://localhost:${inside.port}/feed.csv`, ...ipv6FormsOfLoopback()]) {
      // As if the host's DNS answer changed after the feed was saved.
      await t.database.db.update(storeFeeds).set({ url }).where(eq(storeFeeds.id, id));
      const run = await t.run(id);
      expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'failed', reason: INWARD });
    }
    expect(inside.connections()).toBe(0);
  });
});

describe('the http(s) feed source', () => {
  let t: FeedTestContext;
  const servers: Awaited<ReturnType<typeof listen>>[] = [];
  const serve = async (handler?: http.RequestListener) => {
    const server = await listen(handler);
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    // The fixtures are served on loopback: allowed by name, as FEED_ALLOWED_HOSTS does for a test environment.
    t = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await t.close();
  });

  const feedAt = (url: string, extra: Record<string, unknown> = {}) =>
    t.createFeed({ name: `feed ${url}`, importer: 'awin', path: 'winkel/unused.csv', url, ...extra });

  it('refuses a redirect to a host that is not allowed, without contacting it', async () => {
    const target = await serve();
    const redirector = await serve((_req, res) => res.writeHead(302, { location: `http://localhost:${target.port}/feed.csv` }).end());
    const run = await t.run((await feedAt(`${redirector.url}/feed.csv`)).id);
    expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'failed', reason: INWARD });
    expect(target.connections()).toBe(0);
  });

  it('sends the credentials as configured, and not to another origin after a redirect', async () => {
    const other = await serve();
    const first = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/feed.csv' }).end();
      else res.writeHead(302, { location: `${other.url}/feed.csv` }).end();
    });
    const { id } = await feedAt(`${first.url}/start`, { credentials: { username: 'winkel', password: 'geheim' } });
    const run = await t.run(id);
    expect(run.status).toBe('succeeded');
    const basic = `Basic ${Buffer.from('winkel:geheim').toString('base64')}`;
    expect(first.seen.map((headers) => headers.authorization)).toEqual([basic, basic]);
    expect(other.seen.map((headers) => headers.authorization)).toEqual([undefined]);
  });

  it('stops after five redirects', async () => {
    const loop = await serve((req, res) => res.writeHead(301, { location: `/hop${Number(req.url!.replace(/\D/g, '') || 0) + 1}` }).end());
    const run = await t.run((await feedAt(`${loop.url}/hop0`)).id);
    expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'failed', reason: 'Too many redirects (more than 5)' });
    expect(loop.seen).toHaveLength(6);
  });

  it.each([404, 500])('fails on HTTP %i from the store, without echoing what it sent', async (status) => {
    const store = await serve((_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end('INTERNAL-SECRET-1234'));
    const run = await t.run((await feedAt(`${store.url}/feed.csv`)).id);
    expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'failed', reason: `Download failed: HTTP ${status}` });
  });

  it('does not quote the body in a parse failure', async () => {
    const store = await serve((_req, res) => res.end(`${goodCsv}905,AW-5,"INTERNAL-SECRET-1234,1.00,EUR\n`));
    const run = await t.run((await feedAt(`${store.url}/feed.csv`)).id);
    expect(run.status).toBe('failed');
    expect(run.failureReason).toMatch(/^Malformed CSV: .+ at line \d+$/);
    expect(run.failureReason).not.toContain('SECRET');
  });

  it('gives up on a host that stops sending (read timeout), and on one that never answers', async () => {
    const stalling = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write(goodCsv.split('\n')[0]!);
    });
    const silent = await serve(() => undefined);
    for (const [server, reason] of [
      [stalling, `127.0.0.1:${stalling.port} sent nothing for 0.3 s`],
      [silent, `127.0.0.1:${silent.port} sent nothing for 0.3 s`],
    ] as const) {
      const { id } = await feedAt(`${server.url}/feed.csv`);
      const started = await startRun(t.app, id, 'manual', { limits: { readTimeoutMs: 300 } });
      const run = (await whenRunFinished(started.id))!;
      expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'failed', reason });
    }
  });

  it('reads a feed the host gzips on the way', async () => {
    const zlib = await import('node:zlib');
    const store = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(goodCsv)));
    const run = await t.run((await feedAt(`${store.url}/feed.csv`)).id);
    expect(run.status).toBe('succeeded');
    expect(store.seen[0]!['accept-encoding']).toBe('identity');
  });
});
