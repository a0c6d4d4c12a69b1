/**
 * One measured step of `npm run bench:import`, in a process of its own so its peak RSS
 * (`VmHWM`, the kernel's high-water mark of this process) cannot include another run's:
 *   setup  <json>: migrate the database, create the store, the category Overig and the feeds
 *                  (with `stores`: that many stores bench-1…, each with an Awin feed)
 *   queue  <json>: queues a run of each feed for the worker processes (`--workers`)
 *   import <json>: one run of a feed, with the import worker's heap settings; prints records/s, RSS
 *                  before and after, VmHWM, the phase profile
 *   copy   <json>: reads the same feed into COPY text (not timed), then times a raw COPY of those
 *                  rows into an unindexed table of the staging table's columns
 * The answer is one JSON line on stdout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/client';
import { readFeedRecords, readParameters } from '../../api/src/importers';
import { openFeedSource, DEFAULT_LIMITS } from '../../api/src/importers/source';
import { STAGING_COLUMNS, stagingLine } from '../../api/src/features/feeds/repository';
import { RunProfile } from '../../api/src/features/feeds/profile';
import { createRun, executeRun, requestRun } from '../../api/src/features/feeds/runner';
import { tuneHeapForImports } from '../../api/src/features/feeds/import-heap';

interface Job {
  databaseUrl?: string;
  pgliteDir?: string;
  dir: string;
  feeds?: { importer: string; path: string; compression: string }[];
  feedId?: number;
  feedIds?: number[];
  stores?: number;
  importer?: string;
  feedPath?: string;
  compression?: string;
  /** V8's default heap settings instead of the import worker's. */
  defaultHeap?: boolean;
}

/** A line of /proc/self/status in MB (VmHWM = peak resident set, VmRSS = now). */
function statusMb(key: 'VmHWM' | 'VmRSS'): number {
  const line = fs.readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith(`${key}:`));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

async function open(job: Job) {
  const database = await openDatabase(job.databaseUrl ? { databaseUrl: job.databaseUrl, maxConnections: 4 } : { dataDir: job.pgliteDir });
  const config = loadConfig({ dataDir: job.dir, feedStorageDir: path.join(job.dir, 'feeds'), jwtSecret: 'bench', runScheduler: false, databaseUrl: job.databaseUrl });
  return { database, config };
}

async function setup(job: Job) {
  const { database } = await open(job);
  if (job.stores) {
    await database.query("insert into categories (name, slug) values ('Overig', 'overig') on conflict do nothing");
    const feedIds: number[] = [];
    for (let n = 1; n <= job.stores; n++) {
      const [store] = await database.query<{ id: number }>(
        "insert into stores (name, slug, url) values ($1, $2, 'https://bench.example') returning id",
        [`Bench ${n}`, `bench-${n}`],
      );
      const [feed] = await database.query<{ id: number }>(
        "insert into store_feeds (store_id, name, importer, path, compression) values ($1, 'awin', 'awin', $2, 'gzip') returning id",
        [store!.id, `bench-${n}/awin.csv.gz`],
      );
      feedIds.push(feed!.id);
    }
    await database.close();
    return { feedIds };
  }
  const [store] = await database.query<{ id: number }>("insert into stores (name, slug, url) values ('Bench', 'bench', 'https://bench.example') returning id");
  await database.query("insert into categories (name, slug) values ('Overig', 'overig') on conflict do nothing");
  const feedIds: number[] = [];
  for (const feed of job.feeds ?? []) {
    const [row] = await database.query<{ id: number }>(
      'insert into store_feeds (store_id, name, importer, path, compression) values ($1, $2, $2, $3, $4) returning id',
      [store!.id, feed.importer, feed.path, feed.compression],
    );
    feedIds.push(row!.id);
  }
  await database.close();
  return { feedIds };
}

async function runImport(job: Job) {
  // This process stands in for an import worker (`npm run worker`).
  if (!job.defaultHeap) tuneHeapForImports();
  const { database, config } = await open(job);
  const app = await buildApp({ config, database });
  await app.ready();
  const rssBefore = statusMb('VmRSS');
  const profile = new RunProfile();
  const started = performance.now();
  const run = await executeRun(app, (await createRun(app, job.feedId!, 'cli')).id, undefined, { profile });
  const seconds = (performance.now() - started) / 1000;
  const rssAfter = statusMb('VmRSS');
  const peak = statusMb('VmHWM');
  await app.close();
  await database.close();
  return {
    status: run.status,
    failureReason: run.failureReason,
    records: run.recordsRead,
    seconds,
    created: run.offersCreated,
    updated: run.offersUpdated,
    unchanged: run.offersUnchanged,
    rssBefore,
    rssAfter,
    peak,
    profile: profile.toJSON(),
  };
}

/** Queues a run of each feed as Run now does (run record and job in one transaction), for the workers. */
async function queueRuns(job: Job) {
  const { database, config } = await open(job);
  const app = await buildApp({ config: { ...config, runWorker: false, runScheduler: false }, database });
  await app.ready();
  const runIds: number[] = [];
  for (const feedId of job.feedIds ?? []) runIds.push((await requestRun(app, feedId, 'cli')).id);
  await app.close();
  await database.close();
  return { runIds };
}

async function rawCopy(job: Job) {
  // The rows, encoded exactly as staging encodes them, gathered into a file first (not timed).
  const text = path.join(job.dir, `raw-copy-${process.pid}.txt`);
  const out = fs.createWriteStream(text);
  const source = await openFeedSource({
    url: null,
    path: job.feedPath!,
    storageDir: path.join(job.dir, 'feeds'),
    storeSlug: 'bench',
    compression: job.compression as 'gzip',
    credentials: null,
    credentialStyle: undefined,
    zipEntry: undefined,
    limits: DEFAULT_LIMITS,
    allowedHosts: [],
    signal: new AbortController().signal,
  });
  let records = 0;
  let chunk = '';
  for await (const item of readFeedRecords(job.importer as 'awin', source.stream, readParameters({}))) {
    if (!('offer' in item)) continue;
    records++;
    chunk += stagingLine(1, item.offer);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.on('close', () => r()));
  await source.close();

  const { database } = await open(job);
  await database.query('drop table if exists bench_raw_copy');
  await database.query('create table bench_raw_copy (like feed_staging including defaults)');
  const started = performance.now();
  const writer = await database.copyIn('bench_raw_copy', STAGING_COLUMNS);
  let rest = '';
  for await (const piece of fs.createReadStream(text, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    // The writer takes whole lines.
    const joined = rest + (piece as string);
    const end = joined.lastIndexOf('\n') + 1;
    rest = joined.slice(end);
    if (end) await writer.write(joined.slice(0, end));
  }
  if (rest) await writer.write(rest);
  await writer.finish();
  const seconds = (performance.now() - started) / 1000;
  await database.query('drop table bench_raw_copy');
  await database.close();
  fs.rmSync(text);
  return { records, seconds, peak: statusMb('VmHWM') };
}

async function main() {
  const [step, json] = process.argv.slice(2);
  const job = JSON.parse(json!) as Job;
  const answer =
    step === 'setup' ? await setup(job) : step === 'copy' ? await rawCopy(job) : step === 'queue' ? await queueRuns(job) : await runImport(job);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
