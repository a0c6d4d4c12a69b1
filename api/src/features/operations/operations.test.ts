import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/health and /api/ready', () => {
  it('answers liveness without touching anything', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers, every migration is applied and the feed-run queue reads', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', queue: 'ok' });
  });

  it('answers 503 when the feed-run queue cannot be read', async () => {
    await ctx.database.query('alter table feed_runs rename to feed_runs_away');
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'ok', migrations: 'applied', queue: 'unreachable' });
    } finally {
      await ctx.database.query('alter table feed_runs_away rename to feed_runs');
    }
  });

  it('answers 503 while a migration of this build is missing from the database', async () => {
    const [last] = await ctx.database.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1',
    );
    await ctx.database.query('delete from drizzle.__drizzle_migrations where id = $1', [last!.id]);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'ok', migrations: 'pending', queue: 'ok' });
    } finally {
      await ctx.database.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        last!.id,
        last!.hash,
        last!.created_at,
      ]);
    }
  });
});

describe('GET /metrics', () => {
  it('gives Prometheus request durations per route and status to loopback', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/stores/id/999999' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/stores\/id\/:id",status="404"\} 1/);
    expect(response.body).toContain('feed_run_duration_seconds');
    expect(response.body).toMatch(/feed_queue_depth\{status="queued"\} 0/);
    expect(response.body).toContain('process_resident_memory_bytes');
  });

  it('counts the feed runs waiting in the queue', async () => {
    const [store] = await ctx.database.query<{ id: number }>("insert into stores (name, slug, url) values ('Rij', 'rij', 'https://rij.example') returning id");
    const [feed] = await ctx.database.query<{ id: number }>(
      "insert into store_feeds (store_id, name, importer, path) values ($1, 'rij', 'awin', 'rij/awin.csv') returning id",
      [store!.id],
    );
    await ctx.database.query("insert into feed_runs (feed_id, status, trigger) values ($1, 'queued', 'schedule')", [feed!.id]);
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.body).toMatch(/feed_queue_depth\{status="queued"\} 1/);
    expect(response.body).toMatch(/feed_queue_depth\{status="running"\} 0/);
  });

  it('counts registered image addresses by copy state, so an operator sees the copier has work', async () => {
    await ctx.database.query(
      "insert into image_copies (url, status) values ('https://shop.example/a.jpg', 'pending'), ('https://shop.example/b.jpg', 'pending'), ('https://shop.example/c.jpg', 'failed')",
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.body).toMatch(/image_copies\{status="pending"\} 2/);
    expect(response.body).toMatch(/image_copies\{status="fetching"\} 0/);
    expect(response.body).toMatch(/image_copies\{status="failed"\} 1/);
    await ctx.database.query("delete from image_copies where url like 'https://shop.example/%'");
  });

  it('is not found from any other address, whatever the forwarded headers claim', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('behind a trusted proxy, answers only the METRICS_ALLOW addresses: loopback (the proxy on this host) is not enough', async () => {
    const behindProxy = await createTestApp({ trustProxy: ['127.0.0.1'], metricsAllow: ['10.1.2.0/24'] });
    try {
      const scrape = (headers: Record<string, string>) =>
        behindProxy.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      // A visitor through the proxy on the same host: the socket is loopback, the client is not.
      expect((await scrape({ 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(404);
      // Loopback itself, without a forwarded client, is not in METRICS_ALLOW either.
      expect((await scrape({})).statusCode).toBe(404);
      const allowed = await scrape({ 'x-forwarded-for': '10.1.2.3' });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_request_duration_seconds');
    } finally {
      await behindProxy.close();
    }
  });

  it('puts a request id on every answer, keeping the caller’s', async () => {
    const generated = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers['x-request-id']).toBe('trace-42');
  });
});
