/**
 * Prometheus metrics at /metrics: request durations per route and status, feed runs by result and
 * duration, the feed-run queue's depth, image copies by state, database pool use, and the process defaults. Answered only to
 * the addresses in METRICS_ALLOW, and to loopback while no proxy is trusted; 404 to anyone else.
 * Behind a trusted proxy (TRUST_PROXY) the client's address is the one the proxy reports, and
 * loopback is no longer enough: a proxy on the same host connects from loopback for everyone.
 */
import { count, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiConfig } from '../config';
import { addressMatcher } from '../http/address-list';
import { imageCopies } from '../db/schema';

export interface AppMetrics {
  registry: Registry;
  /** Records one finished feed run ('succeeded', 'failed', 'held', 'cancelled', …). */
  feedRunFinished(result: string, seconds: number): void;
}

async function metricsPlugin(app: FastifyInstance, options: { allowedAddresses: string[]; trustProxy: ApiConfig['trustProxy'] }) {
  const registry = new Registry();
  // The process defaults start with the first scrape: prom-client's GC observer can never be
  // stopped and keeps this registry (and through it the app and its database) for the life of the
  // process, which an app that is never scraped (a test file's, a command's) should not pay for.
  let processDefaults = false;
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const feedRunDuration = new Histogram({
    name: 'feed_run_duration_seconds',
    help: 'Duration of feed runs by result (the _count series counts runs)',
    labelNames: ['result'],
    buckets: [1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  new Gauge({
    name: 'feed_queue_depth',
    help: 'Feed runs waiting (queued), going (running) or stopped by the collapse guard (held)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const result = (await app.db.execute(
        sql`select status, count(*)::int as runs from feed_runs where status in ('queued', 'running', 'held') group by status`,
      )) as unknown as { rows: { status: string; runs: number }[] };
      const runs = new Map(result.rows.map((row) => [row.status, row.runs]));
      for (const status of ['queued', 'running', 'held']) this.set({ status }, runs.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'image_copies',
    help: 'Registered image addresses by copy state (pending and fetching: the copier has work)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await app.db
        .select({ status: imageCopies.status, images: count() })
        .from(imageCopies)
        .groupBy(imageCopies.status);
      const images = new Map<string, number>(rows.map((row) => [row.status, row.images]));
      for (const status of ['pending', 'fetching', 'stored', 'failed']) this.set({ status }, images.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = app.dbHandle.poolUse?.();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  app.decorate('metrics', {
    registry,
    feedRunFinished: (result: string, seconds: number) => feedRunDuration.observe({ result }, seconds),
  } satisfies AppMetrics);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const behindProxy = options.trustProxy !== false;
  const allowed = addressMatcher(behindProxy ? options.allowedAddresses : ['loopback', ...options.allowedAddresses]);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(behindProxy ? request.ip : request.socket.remoteAddress)) {
      return reply.status(404).send({ error: 'Not found', details: `${request.method} ${request.url}` });
    }
    if (!processDefaults) {
      collectDefaultMetrics({ register: registry });
      processDefaults = true;
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export default fp(metricsPlugin, { name: 'metrics' });
