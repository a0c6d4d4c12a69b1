import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client';
import { createFeedTestApp, EXISTING_EAN, FIXTURES, type FeedTestContext } from '../../../test/feed-test-app';
import { createRun, INTERRUPTED_REASON, runQueuedRun } from './runner';
import { enqueueDueFeeds } from './scheduler';
import { nextRunAt, periodStart } from './schedule-times';

const goodCsv = fs.readFileSync(path.join(FIXTURES, 'awin.csv'), 'utf8');

/** A feed server on 127.0.0.1 that answers each request with the next response of the script. */
async function scripted(...answers: ((res: http.ServerResponse) => void)[]) {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    const answer = answers[Math.min(requests, answers.length - 1)]!;
    requests += 1;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const unavailable = (res: http.ServerResponse) => res.writeHead(503).end('busy');
const notFound = (res: http.ServerResponse) => res.writeHead(404).end('gone');
const good = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/csv' }).end(goodCsv);
const malformed = (res: http.ServerResponse) => res.end(`${goodCsv}905,AW-5,"unterminated,1.00,EUR\n`);

interface JobRow {
  state: string;
  retry_count: number;
}

/** The run's job as it is now. */
async function jobNow(database: DatabaseHandle, runId: number): Promise<JobRow | undefined> {
  const [job] = await database.query<JobRow>(
    `select state, retry_count from pgboss.job where name = 'feed-run' and (data->>'runId')::int = $1`,
    [runId],
  );
  return job;
}

describe('feed runs as jobs on the queue (pg-boss)', () => {
  let t: FeedTestContext;
  const servers: Awaited<ReturnType<typeof scripted>>[] = [];
  const serve = async (...answers: ((res: http.ServerResponse) => void)[]) => {
    const server = await scripted(...answers);
    servers.push(server);
    return server;
  };
  const feedAt = (url: string, extra: Record<string, unknown> = {}) =>
    t.createFeed({ name: `feed ${servers.length}`, importer: 'awin', path: 'winkel/unused.csv', url, ...extra });
  /** The run's job once pg-boss recorded its end (the worker reports it just after the run's end). */
  const jobOf = async (runId: number): Promise<JobRow | undefined> => {
    for (;;) {
      const job = await jobNow(t.database, runId);
      if (!job || job.state !== 'active') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Copies of the run's job that pg-boss put in the dead-letter queue after the last failed try. */
  const deadLettersOf = async (runId: number) =>
    (
      await t.database.query<{ count: number }>(
        `select count(*)::int as count from pgboss.job where name = 'feed-run-dead' and (data->>'runId')::int = $1`,
        [runId],
      )
    )[0]!.count;
  const runsOf = async (feedId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/store-feeds/${feedId}/runs`, headers: t.auth })).json().runs as {
      id: number;
      status: string;
      trigger: string;
    }[];

  beforeAll(async () => {
    t = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await t.close();
  });

  it('Run now sends a job that the embedded worker runs; the run record shows the outcome', async () => {
    const store = await serve(good);
    const { id } = await feedAt(store.url);
    const run = await t.run(id);
    expect(run.status).toBe('succeeded');
    expect(run.offersCreated).toBeGreaterThan(0);
    expect(await jobOf(run.id)).toEqual({ state: 'completed', retry_count: 0 });
    expect(store.requests()).toBe(1);
  });

  it('stops only once pg-boss has recorded the end of the job its worker finished', async () => {
    const own = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
    try {
      // pg-boss records a job's end without awaiting it; slowed down, that statement is still
      // running when the worker has stopped, and the pool must not close under it.
      const { dbHandle } = own.app;
      const executeSql = dbHandle.executeSql.bind(dbHandle);
      dbHandle.executeSql = async (text, values) => {
        if (text.includes('SET completed_on = now()')) await new Promise((resolve) => setTimeout(resolve, 1500));
        return executeSql(text, values);
      };
      const store = await serve(good);
      const { id } = await own.createFeed({ name: 'slow end', importer: 'awin', path: 'winkel/unused.csv', url: store.url });
      const run = await own.run(id);
      expect(run.status).toBe('succeeded');
      await own.app.feedQueue.stop();
      expect(await jobNow(own.database, run.id)).toEqual({ state: 'completed', retry_count: 0 });
    } finally {
      await own.close();
    }
  });

  it('a job handed over while the worker stops is interrupted and queued again before the stop ends', async () => {
    const own = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
    try {
      // The worker's fetch of the next job is held after the database handed the job over,
      // until the stop has begun.
      let handedOver = () => {};
      const fetched = new Promise<void>((resolve) => (handedOver = resolve));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const { dbHandle } = own.app;
      const executeSql = dbHandle.executeSql.bind(dbHandle);
      dbHandle.executeSql = async (text, values) => {
        const result = await executeSql(text, values);
        if (text.includes('SKIP LOCKED') && result.rows.length) {
          handedOver();
          await released;
        }
        return result;
      };
      const store = await serve(good);
      const { id } = await own.createFeed({ name: 'stopping', importer: 'awin', path: 'winkel/unused.csv', url: store.url });
      const queued = await own.app.inject({ method: 'POST', url: `/api/store-feeds/${id}/run`, headers: own.auth });
      const runId: number = queued.json().id;
      await fetched;
      const stopped = own.app.feedQueue.stop();
      setTimeout(release, 100);
      await stopped;
      const [run] = await own.database.query<{ status: string; failure_reason: string }>(
        'select status, failure_reason from feed_runs where id = $1',
        [runId],
      );
      expect(run).toEqual({ status: 'queued', failure_reason: 'Interrupted: the worker stopped; queued again' });
      // Failed for another try (pg-boss counts the try when it hands the job over again).
      expect(await jobNow(own.database, runId)).toEqual({ state: 'retry', retry_count: 0 });
      expect(store.requests()).toBe(0);
    } finally {
      await own.close();
    }
  });

  it("a run its worker's shutdown stops goes back to the queue while tries remain, and fails as interrupted on the last", async () => {
    const store = await serve(good);
    const outcomes = [];
    for (const retry of [true, false]) {
      const { id } = await feedAt(store.url);
      const run = await createRun(t.app, id, 'manual');
      const ended = await runQueuedRun(t.app, run.id, { retry, stopping: AbortSignal.abort() });
      outcomes.push({ status: ended?.status, reason: ended?.failureReason });
    }
    expect(outcomes).toEqual([
      { status: 'queued', reason: 'Interrupted: the worker stopped; queued again' },
      { status: 'failed', reason: INTERRUPTED_REASON },
    ]);
    expect(store.requests()).toBe(0);
  });

  // Three tries wait out pg-boss's back-off (1 s, then 2 s) and its 2 s polling between them.
  it('tries a failed download three times with back-off, then records the failure once', async () => {
    const store = await serve(unavailable);
    const { id } = await feedAt(store.url);
    const run = await t.run(id);
    expect({ status: run.status, reason: run.failureReason }).toEqual({
      status: 'failed',
      reason: 'Download failed: HTTP 503',
    });
    expect(store.requests()).toBe(3);
    expect(await jobOf(run.id)).toEqual({ state: 'failed', retry_count: 2 });
    // Operators find the job whose tries are used up in the dead-letter queue.
    expect(await deadLettersOf(run.id)).toBe(1);
    // One run record for the three tries: the admin screens show one run.
    expect((await runsOf(id)).map((r) => r.status)).toEqual(['failed']);
  }, 30_000);

  it('applies the feed when a later try of the download succeeds', async () => {
    const store = await serve(unavailable, good);
    const { id } = await feedAt(store.url);
    const run = await t.run(id);
    expect(run.status).toBe('succeeded');
    expect(run.failureReason).toBeNull();
    expect(store.requests()).toBe(2);
    expect(await jobOf(run.id)).toEqual({ state: 'completed', retry_count: 1 });
    expect(await deadLettersOf(run.id)).toBe(0);
  });

  it('does not try again when the file cannot be read, or the store says it is not there', async () => {
    for (const answer of [malformed, notFound]) {
      const store = await serve(answer);
      const run = await t.run((await feedAt(store.url)).id);
      expect(run.status).toBe('failed');
      expect(store.requests()).toBe(1);
      expect(await jobOf(run.id)).toEqual({ state: 'completed', retry_count: 0 });
    }
  });

  it('cancels a run that waits for its next try; the job finds nothing left to do', async () => {
    const store = await serve(unavailable, good);
    const { id } = await feedAt(store.url);
    const queued = await t.app.inject({ method: 'POST', url: `/api/store-feeds/${id}/run`, headers: t.auth });
    const runId: number = queued.json().id;
    // The first try fails and puts the run back in the queue for a later try.
    for (;;) {
      const run = (await t.app.inject({ method: 'GET', url: `/api/feed-runs/${runId}`, headers: t.auth })).json();
      if (store.requests() === 1 && run.status === 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/feed-runs/${runId}/cancel`, headers: t.auth });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', failureReason: 'Cancelled' });
    for (;;) {
      const job = await jobOf(runId);
      if (job?.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(store.requests()).toBe(1);
    expect((await runsOf(id)).map((r) => r.status)).toEqual(['cancelled']);
  });

  it('queues a due feed exactly once when several workers evaluate the schedule at the same moment', async () => {
    await t.app.feedQueue.start();
    const store = await serve(good);
    const { id } = await feedAt(store.url, { parameters: { intervalHours: 1 } });
    const queued = (await Promise.all([1, 2, 3, 4].map(() => enqueueDueFeeds(t.app)))).flat();
    const runs = await runsOf(id);
    expect(runs.map((run) => run.trigger)).toEqual(['schedule']);
    expect(queued.filter((runId) => runId === runs[0]!.id)).toHaveLength(1);
    t.app.feedQueue.notify();
    while ((await runsOf(id))[0]!.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 100));
    // Not due again within its interval, now that the run has ended either.
    expect(await enqueueDueFeeds(t.app)).toEqual([]);
    expect(await runsOf(id)).toHaveLength(1);
    expect(store.requests()).toBe(1);
  });

  it('refuses a cron schedule it could not follow, naming the field; keeps one it can', async () => {
    for (const cron of ['every hour', '99 * * * *']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/store-feeds/store/${t.storeId}`,
        headers: t.auth,
        payload: { name: `cron ${cron}`, importer: 'awin', path: 'winkel/cron.csv', parameters: { cron } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid parameters.cron');
    }
    const { id } = await t.createFeed({
      name: 'cron ok',
      importer: 'awin',
      path: 'winkel/cron.csv',
      parameters: { cron: '15 3 * * *' },
    });
    const feed = (await t.app.inject({ method: 'GET', url: `/api/store-feeds/${id}`, headers: t.auth })).json();
    expect(feed.parameters).toEqual({ cron: '15 3 * * *' });
  });

  it('runs a feed again when a sale period of its records starts (Google Merchant sale_price_effective_date)', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const end = new Date(Date.now() + 7_200_000);
    t.place(
      'winkel/uitverkoop.xml',
      `<?xml version="1.0"?>
<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><item>
  <g:id>S-1</g:id><g:title>Product in de uitverkoop</g:title><g:link>https://winkel.example/s-1</g:link>
  <g:price>50.00 EUR</g:price><g:sale_price>40.00 EUR</g:sale_price>
  <g:sale_price_effective_date>${start.toISOString()}/${end.toISOString()}</g:sale_price_effective_date>
  <g:gtin>${EXISTING_EAN}</g:gtin>
</item></channel></rss>`,
    );
    const { id } = await t.createFeed({ name: 'uitverkoop', importer: 'koopjesland', path: 'winkel/uitverkoop.xml' });
    const run = await t.run(id);
    expect(run.status).toBe('succeeded');
    // The sale has not started: the regular price is live, and the run notes when that changes.
    const live = await t.database.query<{ amount: number }>(
      'select amount from prices where feed_id = $1 and valid_to is null',
      [id],
    );
    expect(live).toEqual([{ amount: 5000 }]);
    const [noted] = await t.database.query<{ at: Date }>('select price_changes_at as at from feed_runs where id = $1', [
      run.id,
    ]);
    expect(new Date(noted!.at).getTime()).toBe(start.getTime());

    // Within its 6-hour interval the feed is not due, until the moment the sale starts.
    await enqueueDueFeeds(t.app, new Date(start.getTime() - 60_000));
    expect((await runsOf(id)).map((r) => r.id)).toEqual([run.id]);
    const queued = await enqueueDueFeeds(t.app, new Date(start.getTime() + 1_000));
    const runs = await runsOf(id);
    expect(runs.map((r) => r.trigger)).toEqual(['schedule', 'manual']);
    expect(queued).toContain(runs[0]!.id);
  });
});

describe('feed schedule times', () => {
  const at = (text: string) => new Date(text);

  it('an interval feed is due once its last run is older than the interval', () => {
    const now = at('2026-11-25T12:00:00Z');
    expect(periodStart({ intervalHours: 2 }, now)).toEqual(at('2026-11-25T10:00:00Z'));
    expect(periodStart({}, now)).toEqual(at('2026-11-25T06:00:00Z'));
    expect(nextRunAt({ intervalHours: 2 }, at('2026-11-25T11:00:00Z'), now)).toEqual(at('2026-11-25T13:00:00Z'));
    expect(nextRunAt({}, null, now)).toEqual(now);
  });

  it('a cron feed is due from its latest occurrence and wins over the interval', () => {
    const now = new Date(2026, 10, 25, 12, 30);
    expect(periodStart({ cron: '0 */6 * * *', intervalHours: 1 }, now)).toEqual(new Date(2026, 10, 25, 12, 0));
    expect(nextRunAt({ cron: '0 */6 * * *' }, new Date(2026, 10, 25, 12, 1), now)).toEqual(
      new Date(2026, 10, 25, 18, 0),
    );
    // A run that is late is due now, not in the past.
    expect(nextRunAt({ cron: '0 */6 * * *' }, new Date(2026, 10, 24, 12, 1), now)).toEqual(now);
  });

  it('an expression the parser refuses falls back to the interval', () => {
    const now = at('2026-11-25T12:00:00Z');
    expect(periodStart({ cron: '99 * * * *', intervalHours: 3 }, now)).toEqual(at('2026-11-25T09:00:00Z'));
  });
});
