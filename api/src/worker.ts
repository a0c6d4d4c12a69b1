/**
 * An import worker process (`npm run worker`): it serves no requests and only executes feed
 * runs from the queue (IMPORT_CONCURRENCY at once, default 1), evaluates the feeds' schedule
 * (unless FEED_SCHEDULER=off) and reaps runs whose worker died. Any number of them may run
 * against one PostgreSQL database (`docker compose up --scale worker=4`); a feed never runs in
 * two at once. PGlite cannot have one: its data folder belongs to the one `npm start` process,
 * whose embedded worker does the imports.
 */
import Fastify from 'fastify';
import { databaseOptions, loadConfig, type ApiConfig } from './config';
import { openDatabase } from './db/client';
import { FeedQueue } from './features/feeds/queue';
import { reapInterruptedRuns } from './features/feeds/runner';
import { tuneHeapForImports } from './features/feeds/import-heap';

export interface RunningWorker {
  stop(): Promise<void>;
}

export async function startWorker(overrides: Partial<ApiConfig> = {}): Promise<RunningWorker> {
  const config = loadConfig({ ...overrides, runWorker: true });
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the `npm start` process, which runs its own worker',
    );
  }
  // A connection per run for its feed lock, one for its statements, and a few for the queue.
  const database = await openDatabase({ ...databaseOptions(config), maxConnections: config.importConcurrency * 2 + 4 });
  const app = Fastify({ logger: { level: config.logLevel } });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('feedQueue', new FeedQueue(app));
  app.addHook('onClose', () => app.feedQueue.stop());
  await app.ready();
  await reapInterruptedRuns(app);
  await app.feedQueue.start();
  app.log.info({ concurrency: config.importConcurrency, scheduler: config.runScheduler }, 'feed import worker started');

  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        await app.close();
        await database.close();
      })()),
  };
}

/** Runs a worker until SIGINT/SIGTERM: runs under way go back to the queue for another worker. */
export async function main(): Promise<void> {
  tuneHeapForImports();
  const worker = await startWorker();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      worker.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
