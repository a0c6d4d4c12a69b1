/**
 * Feed runs as jobs on pg-boss, in the application's own database (its tables live in the
 * `pgboss` schema, created by pg-boss itself): Run now and the schedule send a job per run, in
 * the same transaction as the run record; workers (the API's embedded one, `npm run worker`
 * processes) fetch jobs with `SKIP LOCKED`, woken by a NOTIFY when a run is queued (PostgreSQL)
 * and otherwise looking every few seconds. A failed download is tried again with back-off
 * (3 tries in all), a file that cannot be read is not; an expired job (a worker that vanished)
 * is retried by pg-boss and finds its run already reaped. The run records in `feed_runs`
 * stay what the admin screens read. pg-boss runs on PGlite too, through the embedded
 * database's one connection; there the API process is the only worker (one process owns the
 * data folder).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { isDownloadFailure, reapInterruptedRuns, runQueuedRun } from './runner';
import { enqueueDueFeeds } from './scheduler';
import { takeOverAbandonedCopies, wakeImageCopier } from '../image-copies/worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed-run queue (pg-boss), started on first use or by the server/worker. */
    feedQueue: FeedQueue;
  }
}

export const RUN_QUEUE = 'feed-run';
/** Where pg-boss keeps a copy of each job whose last try failed, for operators (the run record says why). */
export const DEAD_RUN_QUEUE = 'feed-run-dead';
/** Tries of a run whose download fails: the first and two retries. */
export const RUN_TRIES = 3;
/** A job whose worker went silent this long is given up by pg-boss (then retried or failed). */
const JOB_EXPIRY_SECONDS = 6 * 3600;
/**
 * The NOTIFY channel a queued run is announced on (PostgreSQL), at the commit of the transaction
 * that queued it: every worker process looks for it at once instead of at its next poll.
 */
export const RUN_CHANNEL = 'koopjesland_feed_runs';
/**
 * Advisory lock (PostgreSQL) held while a process creates or updates pg-boss's schema and our
 * queues: workers starting together on a fresh database would otherwise race to create the
 * same schema objects and one would fail to start. Beside the feed run locks (710001, feed id).
 */
const SETUP_LOCK = [710002, 0] as const;

interface RunJob {
  runId: number;
}

/** pg-boss's SQL inside a Drizzle transaction: its positional parameters become the template's. */
function inTransaction(tx: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)));
      return (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}

export class FeedQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private workerIds: string[] = [];
  private listener: { close(): Promise<void> } | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Aborted by `stop()`: this process's runs end as interrupted, one starting meanwhile too. */
  private readonly stopping = new AbortController();
  /**
   * pg-boss's statements and this queue's job handlers still under way. pg-boss records a job's
   * end without awaiting it, and a fetch under way at the stop can still hand a job over, so
   * both can outlive `boss.stop()`; the pool may close only once they have finished.
   */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly app: FastifyInstance) {}

  /**
   * Starts pg-boss (creating its schema and the queue the first time), this process's workers
   * when the configuration asks for them (`WORKER`, `IMPORT_CONCURRENCY`) and the schedule
   * (`FEED_SCHEDULER`). Safe to call again; Run now calls it.
   */
  start(): Promise<PgBoss> {
    this.starting ??= this.open().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async open(): Promise<PgBoss> {
    const { config, dbHandle, log } = this.app;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.tracked(dbHandle.executeSql(text, values)) },
      schema: 'pgboss',
      // The schedule is the feeds' own (their parameters): evaluated by the tick below.
      schedule: false,
      supervise: true,
    });
    boss.on('error', (error) => log.error({ err: error }, 'feed queue error'));
    await this.exclusively(() => this.setUp(boss));
    this.boss = boss;
    if (config.runWorker) {
      for (let i = 0; i < config.importConcurrency; i++) {
        const id = await boss.work<RunJob>(
          RUN_QUEUE,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.feedPollSeconds },
          ([job]) => this.tracked(this.handle(job!)),
        );
        this.workerIds.push(id);
      }
      this.listener = await dbHandle.listen?.(RUN_CHANNEL, () => this.notify());
      // Images registered while no worker ran (a backfill, a process that stopped mid-way).
      if (config.copyImages) void wakeImageCopier(this.app);
    }
    if (config.runWorker || config.runScheduler) {
      this.ticker = setInterval(() => void this.tick(), config.scheduleTickSeconds * 1000);
      this.ticker.unref();
      void this.tick();
    }
    return boss;
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const settled = () => this.inFlight.delete(work);
    work.then(settled, settled);
    return work;
  }

  /** Starts pg-boss (its schema the first time) and creates or updates the run queue and its dead letters. */
  private async setUp(boss: PgBoss): Promise<void> {
    const { config } = this.app;
    await boss.start();
    // The dead-letter queue first: the run queue names it. Nothing works it; it is read by people.
    if (!(await boss.getQueue(DEAD_RUN_QUEUE))) await boss.createQueue(DEAD_RUN_QUEUE, { name: DEAD_RUN_QUEUE, policy: 'standard' });
    if (!(await boss.getQueue(RUN_QUEUE))) {
      await boss.createQueue(RUN_QUEUE, {
        name: RUN_QUEUE,
        policy: 'standard',
        retryLimit: RUN_TRIES - 1,
        retryDelay: config.feedRetryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: JOB_EXPIRY_SECONDS,
        deadLetter: DEAD_RUN_QUEUE,
      });
    } else {
      await boss.updateQueue(RUN_QUEUE, { name: RUN_QUEUE, retryDelay: config.feedRetryDelaySeconds, deadLetter: DEAD_RUN_QUEUE });
    }
  }

  /** One process at a time (PostgreSQL); PGlite is one process anyway. */
  private async exclusively(work: () => Promise<void>): Promise<void> {
    const { dbHandle } = this.app;
    if (!dbHandle.dedicated) return work();
    const session = await dbHandle.dedicated();
    try {
      await session.db.execute(sql`select pg_advisory_lock(${SETUP_LOCK[0]}, ${SETUP_LOCK[1]})`);
      try {
        await work();
      } finally {
        await session.db.execute(sql`select pg_advisory_unlock(${SETUP_LOCK[0]}, ${SETUP_LOCK[1]})`);
      }
    } finally {
      session.release();
    }
  }

  private async handle(job: PgBoss.JobWithMetadata<RunJob>): Promise<void> {
    const retry = job.retryCount < job.retryLimit;
    const run = await runQueuedRun(this.app, job.data.runId, { retry, stopping: this.stopping.signal });
    // Queued again (download failed, or this worker stopping): failing the job makes pg-boss
    // try it again after its back-off.
    if (run?.status === 'queued') throw new Error(`Run ${run.id} queued again: ${run.failureReason ?? ''}`);
    // The last try's download failed too: the job ends failed in pg-boss as well (the run says why).
    if (run?.status === 'failed' && isDownloadFailure(run.failureReason))
      throw new Error(`Run ${run.id}: ${run.failureReason}`);
  }

  /**
   * One beat of the schedule: on PostgreSQL, runs whose worker died are reaped (their lock is
   * gone); due feeds get a run, exactly once whichever worker asks first.
   */
  async tick(): Promise<void> {
    if (this.ticking || this.stopping.signal.aborted) return;
    this.ticking = true;
    try {
      if (this.app.config.runWorker && this.app.dbHandle.dedicated) await reapInterruptedRuns(this.app);
      if (this.app.config.runWorker && this.app.config.copyImages) await takeOverAbandonedCopies(this.app);
      if (this.app.config.runScheduler) {
        const queued = await enqueueDueFeeds(this.app);
        if (queued.length) this.notify();
      }
    } catch (error) {
      this.app.log.error({ err: error }, 'feed schedule tick failed');
    } finally {
      this.ticking = false;
    }
  }

  /** Sends the run's job within the caller's transaction (the one that wrote the run record). */
  async send(runId: number, tx: Database): Promise<void> {
    if (!this.boss) throw new Error('The feed queue is not started');
    const id = await this.boss.send(RUN_QUEUE, { runId } satisfies RunJob, { db: inTransaction(tx) });
    if (!id) throw new Error(`The job of run ${runId} was not accepted`);
    await tx.execute(sql`select pg_notify(${RUN_CHANNEL}, '')`);
  }

  hasLocalWorker(): boolean {
    return this.workerIds.length > 0;
  }

  /** Wakes this process's workers (a job was sent) instead of waiting for their next poll. */
  notify(): void {
    if (this.stopping.signal.aborted) return;
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  /** Stops fetching, stops this process's runs (they go back to the queue) and pg-boss. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.ticker);
    const boss = this.starting ? await this.starting.catch(() => null) : null;
    if (!boss) return;
    await Promise.all(this.workerIds.map((id) => boss.offWork({ id })));
    await this.listener?.close();
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.inFlight.size) {
      await Promise.allSettled([...this.inFlight]);
      // What a settled statement sets off (a handler for a fetched job, the job's end) is
      // started in the microtasks that follow it, so it is in the set by the next turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
