/**
 * Import workers as separate processes (`api/src/worker.ts`, what `npm run worker` starts) on one
 * PostgreSQL database: two workers evaluating the schedule queue a due feed once and never run
 * it twice at once; a worker killed with SIGKILL mid-run loses nothing and a restarted one takes
 * over. PostgreSQL only: a worker process cannot open the embedded database (one process owns
 * PGlite's data folder), so on PGlite these tests are skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { stores } from '../../db/schema';
import { REPO_ROOT } from '../../paths';
import { INTERRUPTED_REASON } from './runner';

const onPostgres = Boolean(process.env.DATABASE_URL);

const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category\n';
const rows = (from: number, to: number, price: string) =>
  Array.from(
    { length: to - from },
    (_, i) => `W${from + i},Werker ${from + i},${price},0.00,,https://awin.example/w${from + i},Audio\n`,
  ).join('');

/**
 * A feed server that counts requests and how many downloads run at once. `full` sends the whole
 * file at `price`; `hold` sends the first half and holds the connection until released.
 */
async function feedServer() {
  let mode: { kind: 'full' | 'hold'; price: string } = { kind: 'full', price: '1.00' };
  let requests = 0;
  let open = 0;
  let maxOpen = 0;
  const held: (() => void)[] = [];
  const server = http.createServer((_request, response) => {
    requests += 1;
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    response.on('close', () => (open -= 1));
    const first = header + rows(0, 300, mode.price);
    const rest = rows(300, 600, mode.price);
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(first + rest) });
    if (mode.kind === 'full') return response.end(first + rest);
    response.write(first);
    held.push(() => response.end(rest));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`,
    serve: (kind: 'full' | 'hold', price: string) => (mode = { kind, price }),
    release: () => held.splice(0).forEach((end) => end()),
    requests: () => requests,
    maxOpen: () => maxOpen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A worker process on the test's database; resolves once it says it has started. */
async function startWorker(databaseUrl: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/worker.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(os.tmpdir(), `koopjesland-worker-${crypto.randomBytes(4).toString('hex')}`),
      JWT_SECRET: 'worker-test',
      FEED_ALLOWED_HOSTS: '127.0.0.1',
      FEED_SCHEDULE_TICK_SECONDS: '1',
      IMPORT_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('feed import worker started')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it started:\n${output}`)));
  });
  return {
    child,
    kill: async (signal: NodeJS.Signals) => {
      child.kill(signal);
      await exited;
    },
  };
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunView {
  id: number;
  status: string;
  trigger: string;
  recordsRead: number;
  failureReason: string | null;
}

(onPostgres ? describe : describe.skip)(
  'import workers apart from the API (PostgreSQL only: a worker process cannot open PGlite)',
  () => {
    let t: FeedTestContext;
    let databaseUrl: string;
    let store: Awaited<ReturnType<typeof feedServer>>;
    const workers: { child: ChildProcess; kill: (signal: NodeJS.Signals) => Promise<void> }[] = [];

    beforeAll(async () => {
      // The API of this test runs no worker (WORKER=off): every import happens in the worker processes.
      t = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'], runWorker: false });
      const [database] = await t.database.query<{ name: string }>('select current_database() as name');
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${database!.name}`;
      databaseUrl = url.toString();
      store = await feedServer();
    });
    afterAll(async () => {
      for (const worker of workers) worker.child.kill('SIGKILL');
      await store.close();
      await t.close();
    });

    const spawnWorker = async (env: Record<string, string> = {}) => {
      const worker = await startWorker(databaseUrl, env);
      workers.push(worker);
      return worker;
    };
    /** Each test starts with no worker running: the previous test's are stopped. */
    beforeEach(async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.kill('SIGTERM')));
    });
    const runsOf = async (feedId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/store-feeds/${feedId}/runs`, headers: t.auth })).json()
        .runs as RunView[];
    const runNow = (feedId: number) =>
      t.app.inject({ method: 'POST', url: `/api/store-feeds/${feedId}/run`, headers: t.auth });
    const runById = async (runId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/feed-runs/${runId}`, headers: t.auth })).json() as RunView;

    it('two workers queue a due feed exactly once and never run it twice at once', async () => {
      await Promise.all([spawnWorker(), spawnWorker()]);
      store.serve('hold', '1.00');
      const { id } = await t.createFeed({
        name: 'gepland',
        importer: 'awin',
        path: `${t.storeSlug}/w.csv`,
        url: store.url,
        parameters: { intervalHours: 1 },
      });
      // Both workers evaluate the schedule every second: the feed is due at once.
      await until(
        async () => store.requests(),
        (n) => n >= 1,
      );
      // While the download is held, both workers tick a few more times and Run now is asked for.
      await pause(3_000);
      expect((await runNow(id)).statusCode).toBe(409);
      const during = await runsOf(id);
      expect(during.map((run) => [run.trigger, run.status])).toEqual([['schedule', 'running']]);
      expect(store.requests()).toBe(1);

      store.release();
      await until(
        () => runById(during[0]!.id),
        (run) => run.status === 'succeeded',
      );
      await pause(2_000);
      expect((await runsOf(id)).map((run) => run.status)).toEqual(['succeeded']);
      expect(store.requests()).toBe(1);
      expect(store.maxOpen()).toBe(1);
      const [offers] = await t.database.query<{ count: number }>(
        'select count(*)::int as count from prices where feed_id = $1 and valid_to is null',
        [id],
      );
      expect(offers!.count).toBe(600);
      // Deactivated, so the schedule leaves it alone in the next test.
      await t.app.inject({
        method: 'PUT',
        url: `/api/store-feeds/${id}`,
        headers: t.auth,
        payload: { isActive: false },
      });
    // Starts worker processes (each loads the API with tsx) and waits through their schedule ticks and
    // a real import: tens of seconds.
    }, 60_000);

    it("two workers import two stores' feeds at once, each run by one of them, never one feed twice", async () => {
      // One run at a time per worker: two runs going at once are two workers at work.
      await Promise.all([spawnWorker({ FEED_SCHEDULER: 'off', IMPORT_CONCURRENCY: '1' }), spawnWorker({ FEED_SCHEDULER: 'off', IMPORT_CONCURRENCY: '1' })]);
      const [second] = await t.database.db
        .insert(stores)
        .values({ name: 'Tweede winkel', slug: 'tweede-winkel', url: 'https://tweede.example' })
        .returning();
      store.serve('hold', '4.00');
      const feeds = [
        await t.createFeed({ name: 'eerste', importer: 'awin', path: `${t.storeSlug}/a.csv`, url: store.url }),
        await t.createFeed({ name: 'tweede', importer: 'awin', path: `${second!.slug}/b.csv`, url: store.url }, second!.id),
      ];
      const before = store.requests();
      const runIds = await Promise.all(feeds.map(async (feed) => (await runNow(feed.id)).json().id as number));
      // Both downloads are under way at once, each run has read records, and neither feed can start a second run.
      const going = await until(
        () => Promise.all(runIds.map(runById)),
        (runs) => runs.every((run) => run.status === 'running' && run.recordsRead > 0),
      );
      expect(going.map((run) => run.status)).toEqual(['running', 'running']);
      expect(store.requests() - before).toBe(2);
      expect(store.maxOpen()).toBeGreaterThanOrEqual(2);
      for (const feed of feeds) expect((await runNow(feed.id)).statusCode).toBe(409);

      store.release();
      const done = await until(
        () => Promise.all(runIds.map(runById)),
        (runs) => runs.every((run) => !['queued', 'running'].includes(run.status)),
      );
      expect(done.map((run) => [run.status, run.failureReason])).toEqual([
        ['succeeded', null],
        ['succeeded', null],
      ]);
      for (const feed of feeds) {
        expect((await runsOf(feed.id)).map((run) => run.id)).toHaveLength(1);
        const [offers] = await t.database.query<{ count: number }>(
          'select count(*)::int as count from prices where feed_id = $1 and valid_to is null',
          [feed.id],
        );
        expect(offers!.count).toBe(600);
      }
    // Starts worker processes (each loads the API with tsx) and waits through two real imports: tens of seconds.
    }, 60_000);

    it('a run queued by the API starts in a worker process at once, not at its next look for queued runs, also after its listening connection was lost', async () => {
      // The worker looks for queued runs once when it starts and then only once an hour: the run
      // can only start because its queueing woke the worker (NOTIFY at the commit).
      await spawnWorker({ FEED_SCHEDULER: 'off', FEED_POLL_SECONDS: '3600' });
      store.serve('full', '5.00');
      const { id } = await t.createFeed({ name: 'gewekt', importer: 'awin', path: `${t.storeSlug}/n.csv`, url: store.url });
      const runToEnd = async () => {
        const runId = (await runNow(id)).json().id as number;
        const done = await until(
          () => runById(runId),
          (run) => !['queued', 'running'].includes(run.status),
        );
        return [done.status, done.recordsRead];
      };
      expect(await runToEnd()).toEqual(['succeeded', 600]);

      // The server drops the worker's listening connection (a restart, a failover): the worker
      // connects again, and the next run queued wakes it as well.
      const listeners = () =>
        t.database.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %'",
        );
      // One: the listeners of the workers stopped before this test are gone once their processes are.
      const [lost] = await until(listeners, (rows) => rows.length === 1);
      await t.database.query('select pg_terminate_backend($1)', [lost!.pid]);
      await until(listeners, (rows) => rows.length === 1 && rows[0]!.pid !== lost!.pid);
      expect(await runToEnd()).toEqual(['succeeded', 600]);
    // Starts a worker process (it loads the API with tsx), waits through two real imports and the
    // listening connection's reconnection (5 s).
    }, 60_000);

    it('a worker killed mid-run loses nothing: the run is marked failed, its staged rows dropped, the offers stay the last good run’s', async () => {
      const first = await spawnWorker({ FEED_SCHEDULER: 'off' });
      store.serve('full', '1.00');
      const { id } = await t.createFeed({
        name: 'onderbroken',
        importer: 'awin',
        path: `${t.storeSlug}/k.csv`,
        url: store.url,
      });
      const good = (await runNow(id)).json().id as number;
      expect(
        (
          await until(
            () => runById(good),
            (run) => !['queued', 'running'].includes(run.status),
          )
        ).status,
      ).toBe('succeeded');
      const lastGood = await t.snapshot();

      store.serve('hold', '2.00');
      const interrupted = (await runNow(id)).json().id as number;
      await until(
        () => runById(interrupted),
        (run) => run.status === 'running' && run.recordsRead > 0,
      );
      await first.kill('SIGKILL');
      store.release();

      // Nothing was applied; the record still says running until a worker notices the lost lock.
      expect(await t.snapshot()).toBe(lastGood);
      expect((await runById(interrupted)).status).toBe('running');

      await spawnWorker({ FEED_SCHEDULER: 'off' });
      const reaped = await until(
        () => runById(interrupted),
        (run) => run.status !== 'running',
      );
      expect({ status: reaped.status, reason: reaped.failureReason }).toEqual({
        status: 'failed',
        reason: INTERRUPTED_REASON,
      });
      expect(await countStagedRows(t.database, interrupted)).toBe(0);
      expect(await t.snapshot()).toBe(lastGood);

      // The restarted worker imports the feed again when asked: the new prices are live.
      store.serve('full', '2.00');
      const again = (await runNow(id)).json().id as number;
      expect(
        (
          await until(
            () => runById(again),
            (run) => !['queued', 'running'].includes(run.status),
          )
        ).status,
      ).toBe('succeeded');
      const totals = await t.database.query<{ total: number }>(
        'select distinct total from prices where feed_id = $1 and valid_to is null',
        [id],
      );
      expect(totals).toEqual([{ total: 200 }]);
    // Starts worker processes (each loads the API with tsx) and waits through their schedule ticks and
    // a real import: tens of seconds.
    }, 60_000);

    it('a worker stopped with SIGTERM mid-run puts the run back in the queue, and another worker completes it', async () => {
      const env = { FEED_SCHEDULER: 'off', FEED_RETRY_DELAY_SECONDS: '1' };
      const stopping = await spawnWorker(env);
      store.serve('hold', '3.00');
      const { id } = await t.createFeed({
        name: 'overgedragen',
        importer: 'awin',
        path: `${t.storeSlug}/s.csv`,
        url: store.url,
      });
      const runId = (await runNow(id)).json().id as number;
      await until(
        () => runById(runId),
        (run) => run.status === 'running' && run.recordsRead > 0,
      );
      await stopping.kill('SIGTERM');
      store.release();
      expect(await runById(runId)).toMatchObject({
        status: 'queued',
        failureReason: 'Interrupted: the worker stopped; queued again',
      });

      store.serve('full', '3.00');
      await spawnWorker(env);
      const run = await until(
        () => runById(runId),
        (r) => !['queued', 'running'].includes(r.status),
      );
      expect({ status: run.status, reason: run.failureReason }).toEqual({ status: 'succeeded', reason: null });
      expect((await runsOf(id)).map((r) => r.id)).toEqual([runId]);
    // Starts worker processes (each loads the API with tsx) and waits through their schedule ticks and
    // a real import: tens of seconds.
    }, 60_000);
  },
);
