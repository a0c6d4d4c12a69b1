/**
 * Feed import benchmark (`npm run bench:import`). Generates an Awin CSV (gzip) feed, and with
 * `--importers awin,tradetracker` a TradeTracker XML one too, then for each database
 * (PGlite, and PostgreSQL when DATABASE_URL is set; `--db pglite|postgres` for one) imports
 * each feed twice: all new, then with 10 % of the prices changed. Every import runs in a
 * process of its own (scripts/bench/import-child.ts), so its peak RSS is that process's own
 * high-water mark (VmHWM) and nothing of one run leaks into the next. In the same run it times
 * a raw COPY of the same rows into an unindexed table and prints the import's speed as a share
 * of that. `--records <n>` (or RECORDS) sets the size, 1,000,000 by default; `--profile`
 * prints where each import's time went (read and normalise, stage, match, each apply step).
 * An import process has the worker's heap settings (features/feeds/import-heap.ts) unless
 * `--default-heap` asks for V8's defaults. `--keep-database` leaves the PostgreSQL database as
 * the last import left it, and prints its address, for EXPLAIN of an apply step's statements.
 * `--workers <n>` (PostgreSQL) measures workers instead: n stores' feeds of `--records` each,
 * imported by one `npm run worker` process, then by n of them at once, each on a fresh database;
 * it prints the records per second of both, their ratio, each worker's peak RSS, and how busy the
 * machine's cores were (so the ratio splits into cores used and CPU spent per record).
 * Figures are printed, never asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { busyCoresBetween, readMachineCpu } from './bench-process';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const RECORDS = Number(argument('records') ?? process.env.RECORDS ?? 1_000_000);
const IMPORTERS = (argument('importers') ?? 'awin').split(',') as ('awin' | 'tradetracker')[];
const SHOW_PROFILE = process.argv.includes('--profile');
const DEFAULT_HEAP = process.argv.includes('--default-heap');
const KEEP_DATABASE = process.argv.includes('--keep-database');
const WORKERS = Number(argument('workers') ?? 0);

function ean(n: number): string {
  const body = `20${String(n).padStart(10, '0')}`;
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}
const price = (n: number, changed: boolean) => 500 + ((n * 7919) % 50_000) + (changed && n % 10 === 0 ? 100 : 0);

/** Writes a feed through a stream so the generator itself stays small. */
async function writeFeed(file: string, gzip: boolean, head: string, line: (n: number) => string, tail: string) {
  const out = fs.createWriteStream(file);
  const sink = gzip ? zlib.createGzip({ level: 1 }) : null;
  if (sink) sink.pipe(out);
  const target = sink ?? out;
  const write = (text: string) => (target.write(text) ? Promise.resolve() : new Promise<void>((r) => target.once('drain', () => r())));
  await write(head);
  let chunk = '';
  for (let n = 1; n <= RECORDS; n++) {
    chunk += line(n);
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk + tail);
  target.end();
  await new Promise<void>((r) => out.on('close', () => r()));
}

const FEEDS = {
  awin: { file: 'awin.csv.gz', compression: 'gzip' },
  tradetracker: { file: 'tradetracker.xml', compression: 'none' },
} as const;

/**
 * Writes the feed of `importer` into `dir`. `store` > 0 (the workers' stores) shifts the records'
 * ids, EANs and category paths, so each store's feed creates products and categories of its own.
 */
async function generate(dir: string, importer: 'awin' | 'tradetracker', changed: boolean, store = 0) {
  const file = path.join(dir, FEEDS[importer].file);
  const shift = store * 10_000_000;
  const tag = store ? `Winkel ${store} ` : '';
  if (importer === 'awin') {
    await writeFeed(
      file,
      true,
      'merchant_product_id,product_name,description,search_price,currency,delivery_cost,delivery_time,ean,brand_name,merchant_category,merchant_image_url,aw_deep_link,in_stock\n',
      (n) =>
        `A${n + shift},"Product ${n + shift} van merk ${n % 500}","Omschrijving van product ${n}",${(price(n, changed) / 100).toFixed(2)},EUR,${n % 3 ? '3.95' : '0.00'},"1-2 werkdagen",${ean(n + shift)},Merk ${n % 500},"${tag}Categorie ${n % 50} > Sub ${n % 7}",https://img.example/${n + shift}.jpg,https://www.awin1.com/pclick.php?p=${n + shift},1\n`,
      '',
    );
  } else {
    await writeFeed(
      file,
      false,
      '<?xml version="1.0" encoding="UTF-8"?>\n<products>\n',
      (n) =>
        `<product ID="T${n}"><name>Artikel ${n}</name><price currency="EUR">${(price(n, changed) / 100).toFixed(2)}</price><URL>https://tt.example/p/${n}</URL>` +
        `<images><image>https://img.example/t${n}.jpg</image></images><description>Beschrijving ${n}</description>` +
        `<categories><category path="Winkel &gt; Groep ${n % 40}"/></categories><properties><property name="EAN"><value>${ean(n + 5_000_000)}</value></property>` +
        `<property name="brand"><value>Merk ${n % 300}</value></property><property name="deliveryCosts"><value>2.95</value></property></properties></product>\n`,
      '</products>\n',
    );
  }
}

/** Runs one step in a fresh process and answers its JSON line. */
function child<T>(step: string, job: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'import-child.ts'), step, JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, FEED_SCHEDULER: 'off', WORKER: 'off', IMAGE_COPIES: 'off', LOG_LEVEL: 'warn' },
    });
    let out = '';
    proc.stdout.on('data', (data: Buffer) => (out += data.toString()));
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as T);
      else reject(new Error(`bench step ${step} exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

interface ImportAnswer {
  status: string;
  failureReason: string | null;
  records: number;
  seconds: number;
  created: number;
  updated: number;
  unchanged: number;
  rssBefore: number;
  rssAfter: number;
  peak: number;
  profile: Record<string, number>;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A fresh PostgreSQL database beside DATABASE_URL's: its address and how to drop it. */
async function freshPostgres(): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `koopjesland_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The server's WAL written and checkpoints taken so far (every database's: the bench's is the busy one). */
async function serverWal(databaseUrl: string): Promise<{ bytes: number; fullPages: number; checkpoints: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: number; fullPages: number; checkpoints: number }>(
      `select w.wal_bytes::float8 as "bytes", w.wal_fpi::float8 as "fullPages",
         (c.checkpoints_timed + c.checkpoints_req)::int as "checkpoints"
       from pg_stat_wal w, pg_stat_bgwriter c`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function bench(kind: 'pglite' | 'postgres', dir: string) {
  let databaseUrl: string | undefined;
  let drop = async () => undefined as void;
  const pgliteDir = kind === 'pglite' ? path.join(dir, `pglite-${crypto.randomBytes(3).toString('hex')}`) : undefined;
  if (kind === 'postgres') {
    ({ databaseUrl, drop } = await freshPostgres());
  } else {
    drop = async () => fs.rmSync(pgliteDir!, { recursive: true, force: true });
  }
  const base = { databaseUrl, pgliteDir, dir };
  try {
    const feeds = IMPORTERS.map((importer) => ({ importer, path: `bench/${FEEDS[importer].file}`, compression: FEEDS[importer].compression }));
    const { feedIds } = await child<{ feedIds: number[] }>('setup', { ...base, feeds });
    for (const [i, importer] of IMPORTERS.entries()) {
      const feedDir = path.join(dir, 'feeds', 'bench');
      await generate(feedDir, importer, false);
      const copy = await child<{ records: number; seconds: number; peak: number }>('copy', {
        ...base,
        importer,
        feedPath: feeds[i]!.path,
        compression: feeds[i]!.compression,
      });
      const copyRate = copy.records / copy.seconds;
      console.log(
        `${kind.padEnd(8)} ${importer.padEnd(12)} ${'raw COPY, unindexed table'.padEnd(26)} ${fmt(copy.records)} rows, ` +
          `${fmt(copyRate)} rows/s, ${copy.seconds.toFixed(1)} s, peak RSS ${copy.peak} MB`,
      );
      for (const pass of ['new', 'changed'] as const) {
        if (pass === 'changed') await generate(feedDir, importer, true);
        const run = await child<ImportAnswer>('import', { ...base, feedId: feedIds[i], defaultHeap: DEFAULT_HEAP });
        const rate = run.records / run.seconds;
        console.log(
          `${kind.padEnd(8)} ${importer.padEnd(12)} ${(pass === 'new' ? 'all new' : '10 % changed').padEnd(26)} ${run.status} ` +
            `${fmt(run.records)} records, ${fmt(rate)} records/s, ${run.seconds.toFixed(1)} s, ` +
            `${Math.round((rate / copyRate) * 100)} % of raw COPY, peak RSS ${run.peak} MB ` +
            `(RSS ${run.rssBefore} MB before, ${run.rssAfter} MB after; created ${fmt(run.created)}, updated ${fmt(run.updated)}, ` +
            `unchanged ${fmt(run.unchanged)})${run.failureReason ? ` ${run.failureReason}` : ''}`,
        );
        if (SHOW_PROFILE) {
          for (const [phase, ms] of Object.entries(run.profile).sort((a, b) => b[1] - a[1])) {
            if (ms >= 50) console.log(`           ${String(ms).padStart(7)} ms  ${phase}`);
          }
        }
      }
    }
  } finally {
    if (KEEP_DATABASE && databaseUrl) console.log(`kept ${databaseUrl}`);
    else await drop();
  }
}

/** A worker process, as `npm run worker` starts it, on `databaseUrl`; resolves once it has started. */
async function startWorker(databaseUrl: string, dir: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'api', 'src', 'worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      FEED_STORAGE_DIR: path.join(dir, 'feeds'),
      JWT_SECRET: 'bench',
      FEED_SCHEDULER: 'off',
      IMPORT_CONCURRENCY: '1',
      IMAGE_COPIES: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('feed import worker started')) resolve();
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`worker exited (${code}) before it started: ${output.slice(-500)}`)));
  });
  return proc;
}

/** A process's peak resident set (VmHWM) in MB. */
function peakRssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

/**
 * `--workers n`: n stores' feeds (all new records) imported through the queue by one worker
 * process, then by n worker processes at once, each configuration on a fresh database. The
 * time runs from queueing the runs to the last run's end, as the run records say.
 */
async function benchWorkers(dir: string, stores: number) {
  for (let store = 1; store <= stores; store++) {
    const feedDir = path.join(dir, 'feeds', `bench-${store}`);
    fs.mkdirSync(feedDir, { recursive: true });
    await generate(feedDir, 'awin', false, store);
  }
  const rates: number[] = [];
  /** Cores the machine kept busy (workers, their PostgreSQL backends, everything else) in each configuration. */
  const busy: number[] = [];
  /** The machine's CPU seconds per record in each configuration, over the same span as `busy`. */
  const cpuPerRecord: number[] = [];
  for (const workers of [1, stores]) {
    const { databaseUrl, drop } = await freshPostgres();
    const processes: ChildProcess[] = [];
    try {
      const { feedIds } = await child<{ feedIds: number[] }>('setup', { databaseUrl, dir, stores });
      for (let i = 0; i < workers; i++) processes.push(await startWorker(databaseUrl, dir));
      const load = os.loadavg()[0]!.toFixed(2);
      const walBefore = await serverWal(databaseUrl);
      const cpuBefore = readMachineCpu();
      const cpuFrom = performance.now();
      const { runIds } = await child<{ runIds: number[] }>('queue', { databaseUrl, dir, feedIds });
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        for (;;) {
          const { rows } = await client.query<{ going: number }>(
            "select count(*)::int as going from feed_runs where id = any($1) and status in ('queued', 'running')",
            [runIds],
          );
          if (rows[0]!.going === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const cores = busyCoresBetween(cpuBefore, readMachineCpu());
        const cpuSeconds = (cores * (performance.now() - cpuFrom)) / 1000;
        busy.push(cores);
        const walAfter = await serverWal(databaseUrl);
        const wal = `WAL ${fmt((walAfter.bytes - walBefore.bytes) / 2 ** 20)} MB (${fmt(walAfter.fullPages - walBefore.fullPages)} full-page images), ` +
          `${walAfter.checkpoints - walBefore.checkpoints} checkpoints`;
        const { rows } = await client.query<{ records: number; seconds: number; statuses: string[]; waits: number[] }>(
          `select sum(records_read)::int as records, extract(epoch from max(finished_at) - min(created_at))::float8 as seconds,
             array_agg(status::text order by id) as statuses,
             array_agg(extract(epoch from started_at - created_at)::float8 order by id) as waits
           from feed_runs where id = any($1)`,
          [runIds],
        );
        const { records, seconds, statuses, waits } = rows[0]!;
        const rate = records / seconds;
        rates.push(rate);
        cpuPerRecord.push(cpuSeconds / records);
        console.log(
          `postgres workers ${String(workers).padEnd(2)} ${stores} feeds, ${fmt(records)} records, ${fmt(rate)} records/s, ${seconds.toFixed(1)} s ` +
            `(${statuses.join(', ')}; peak RSS per worker ${processes.map((proc) => `${peakRssMb(proc.pid!)} MB`).join(', ')}; ` +
            `${cores.toFixed(2)} of ${os.cpus().length} cores busy; ${wal}; started after ${waits.map((wait) => `${wait.toFixed(1)} s`).join(', ')}; ` +
            `load ${load} at the start)`,
        );
      } finally {
        await client.end();
      }
    } finally {
      for (const proc of processes) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGTERM');
        await exited;
      }
      await drop();
    }
  }
  // Records per second are busy cores ÷ CPU per record, so the ratio splits (up to the few tenths
  // of a second the wait for the last run adds) into the cores more workers kept busy and what
  // each record cost the machine with them (contention shows there).
  console.log(
    `${stores} workers reach ${(rates[1]! / rates[0]!).toFixed(2)} × the records per second of one: ` +
      `${(busy[1]! / busy[0]!).toFixed(2)} × the busy cores, ${(cpuPerRecord[1]! / cpuPerRecord[0]!).toFixed(2)} × the CPU per record ` +
      `(${(cpuPerRecord[0]! * 1e6).toFixed(0)} and ${(cpuPerRecord[1]! * 1e6).toFixed(0)} µs)`,
  );
}

/** The PostgreSQL server's version and the settings that bound a bulk write, for the figures' context. */
async function describeServer(): Promise<string> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; buffers: string; wal: string }>(
      "select split_part(current_setting('server_version'), ' ', 1) as version, current_setting('shared_buffers') as buffers, current_setting('max_wal_size') as wal",
    );
    const [row] = rows;
    return `PostgreSQL ${row!.version} (shared_buffers ${row!.buffers}, max_wal_size ${row!.wal})`;
  } finally {
    await client.end();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-bench-'));
  fs.mkdirSync(path.join(dir, 'feeds', 'bench'), { recursive: true });
  console.log(`${fmt(RECORDS)} records per feed, in ${dir}; machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  const chosen = argument('db');
  const kinds: ('pglite' | 'postgres')[] = chosen ? (chosen.split(',') as ('pglite' | 'postgres')[]) : ['pglite'];
  if (!chosen && process.env.DATABASE_URL) kinds.push('postgres');
  if (kinds.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
  if (process.env.DATABASE_URL && (kinds.includes('postgres') || WORKERS > 0)) console.log(await describeServer());
  try {
    if (WORKERS > 0) {
      if (!process.env.DATABASE_URL) throw new Error('--workers needs DATABASE_URL: worker processes cannot share PGlite');
      await benchWorkers(dir, WORKERS);
    } else {
      for (const kind of kinds) await bench(kind, dir);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
