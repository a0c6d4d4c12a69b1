/**
 * Imports feeds from the command line: `npm run import -- --feed <id>`, `--store <slug>`
 * or `--all` (active feeds). Shows a progress bar with records per second on a terminal,
 * one line per feed otherwise. Exits non-zero when a run fails.
 */
import cliProgress from 'cli-progress';
import { buildApp } from '../app';
import { databaseOptions, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createRun, executeRun, type FeedRunRow } from '../features/feeds/runner';
import { feedsToImport } from '../features/feeds/repository';

function parseArgs(argv: string[]): { feed?: number; store?: string; all: boolean } {
  const args: { feed?: number; store?: string; all: boolean } = { all: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--feed') args.feed = Number(argv[++i]);
    else if (argv[i] === '--store') args.store = argv[++i];
    else if (argv[i] === '--all') args.all = true;
  }
  return args;
}

function summary(run: FeedRunRow, seconds: number): string {
  const rate = Math.round(run.recordsRead / Math.max(seconds, 0.001));
  return run.status === 'succeeded'
    ? `${run.recordsRead} records in ${seconds.toFixed(1)} s (${rate}/s): ${run.offersCreated} created, ${run.offersUpdated} updated, ` +
        `${run.offersUnchanged} unchanged, ${run.offersExpired} expired, ${run.recordsRejected} rejected, ${run.productsCreated} new products`
    : `${run.status}: ${run.failureReason}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.all && !args.store && !(args.feed && Number.isInteger(args.feed) && args.feed > 0)) {
    console.error('Usage: npm run import -- --feed <id> | --store <slug> | --all');
    process.exit(2);
  }
  const config = loadConfig({ runScheduler: false });
  const database = await openDatabase(databaseOptions(config));
  const app = await buildApp({ config, database });
  await app.ready();
  let failed = 0;
  try {
    const feeds = await feedsToImport(app.db, { feedId: args.feed, storeSlug: args.store });
    if (feeds.length === 0) {
      console.error('No matching feed.');
      process.exitCode = 1;
      return;
    }
    for (const feed of feeds) {
      const started = Date.now();
      const bar = process.stdout.isTTY
        ? new cliProgress.SingleBar(
            { format: `${feed.name} [{bar}] {percentage}% | {records} records | {rate}/s`, hideCursor: true },
            cliProgress.Presets.shades_classic,
          )
        : null;
      bar?.start(100, 0, { records: 0, rate: 0 });
      let run: FeedRunRow;
      try {
        const queued = await createRun(app, feed.id, 'cli');
        run = await executeRun(app, queued.id, undefined, {
          onProgress: ({ recordsRead, bytesRead, bytesTotal }) => {
            const rate = Math.round(recordsRead / Math.max((Date.now() - started) / 1000, 0.001));
            bar?.update(bytesTotal ? Math.min(99, Math.round((bytesRead / bytesTotal) * 100)) : 0, { records: recordsRead, rate });
          },
        });
      } catch (error) {
        bar?.stop();
        console.error(`${feed.name}: ${(error as Error).message}`);
        failed++;
        continue;
      }
      if (bar) {
        bar.update(100);
        bar.stop();
      }
      console.log(`${feed.name} (#${feed.id}): ${summary(run, (Date.now() - started) / 1000)}`);
      if (run.status !== 'succeeded') failed++;
    }
  } finally {
    await app.close();
    await database.close();
  }
  if (failed) process.exitCode = 1;
}

void main();
