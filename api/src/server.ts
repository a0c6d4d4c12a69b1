/**
 * The API server: opens and migrates the database, seeds the demo data into an empty one
 * (then runs the demo feeds through the real importer), serves the API and the built
 * front ends on one port, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { databaseOptions, loadConfig, type ApiConfig } from './config';
import { openDatabase } from './db/client';
import { hasAnyData, seedDemoData, type SeedResult } from './demo/seed';
import { demoAccounts, saveDemoCredentials, shouldSeedDemo } from './demo/credentials';
import { createAndRunDemoFeeds } from './features/feeds/demo';
import { reapInterruptedRuns } from './features/feeds/runner';
import { startReferencePriceScheduler } from './features/deals/scheduler';
import frontEnds from '../../shell/src/server-rendering/plugin';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: ApiConfig = loadConfig()): Promise<RunningServer> {
  const database = await openDatabase({ ...databaseOptions(config) });
  let seeded: SeedResult | null = null;
  let credentialsFile: string | null = null;
  if (shouldSeedDemo(database.driver, config.demo.seed) && !(await hasAnyData(database.db))) {
    console.log('Empty database: creating the demo data…');
    seeded = await seedDemoData(database.db, { accounts: demoAccounts(config.demo.passwords) });
    credentialsFile = saveDemoCredentials(config.dataDir, seeded.accounts);
  }

  const app = await buildApp({ config, database, logger: true });
  if (config.serveFrontEnds) await app.register(frontEnds);
  await app.ready();
  // Runs whose process died with them (PGlite: any still running; PostgreSQL: those whose
  // worker's lock is gone) are marked failed and their staged rows dropped.
  await reapInterruptedRuns(app);
  if (seeded) {
    try {
      await createAndRunDemoFeeds(app);
    } catch (error) {
      app.log.error({ err: error }, 'demo feeds failed; the demo catalog is still there');
    }
  }
  // The embedded import worker (WORKER=off: none) and the schedule (FEED_SCHEDULER=off: none).
  if (config.runWorker || config.runScheduler) await app.feedQueue.start();
  // Reference prices of honest deals: refreshed at start when today's refresh is due, then daily.
  const stopReferencePrices = startReferencePriceScheduler(app);
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  console.log(`\nKoopjesland runs at ${url} (API ${url}/api, docs ${url}/api/docs; database: ${database.driver})`);
  if (seeded) {
    const { admin, user } = seeded.accounts;
    console.log(`Demo admin: ${admin.email} / ${admin.password}`);
    console.log(`Demo user:  ${user.email} / ${user.password}`);
    console.log(`(shown once; kept in ${credentialsFile})\n`);
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopReferencePrices();
      await app.close();
      await database.close();
    })());
  return { url, stop };
}

/** Runs the server until SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  const server = await startServer();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: shutting down…`);
      server.stop().then(
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
    console.error(error);
    process.exit(1);
  });
}
