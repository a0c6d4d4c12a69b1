/**
 * Feed import benchmark: generates a 1,000,000-record Awin CSV (gzip) and TradeTracker
 * XML, imports each twice (all new, then 10 % of prices changed) on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL, and prints records per second and peak RSS.
 * RECORDS=<n> changes the size. Figures are printed, not asserted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type DatabaseHandle } from '../../api/src/db/client';
import { createRun, executeRun } from '../../api/src/features/feeds/runner';

const RECORDS = Number(process.env.RECORDS ?? 1_000_000);

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

async function generate(dir: string, changed: boolean) {
  await writeFeed(
    path.join(dir, 'awin.csv.gz'),
    true,
    'merchant_product_id,product_name,description,search_price,currency,delivery_cost,delivery_time,ean,brand_name,merchant_category,merchant_image_url,aw_deep_link,in_stock\n',
    (n) =>
      `A${n},"Product ${n} van merk ${n % 500}","Omschrijving van product ${n}",${(price(n, changed) / 100).toFixed(2)},EUR,${n % 3 ? '3.95' : '0.00'},"1-2 werkdagen",${ean(n)},Merk ${n % 500},"Categorie ${n % 50} > Sub ${n % 7}",https://img.example/${n}.jpg,https://www.awin1.com/pclick.php?p=${n},1\n`,
    '',
  );
  await writeFeed(
    path.join(dir, 'tradetracker.xml'),
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

async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: async () => undefined };
  }
  const base = process.env.DATABASE_URL!;
  const name = `koopjesland_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  return {
    database,
    drop: async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function bench(kind: 'pglite' | 'postgres', dir: string) {
  const { database, drop } = await openBenchDatabase(kind);
  const config = loadConfig({ dataDir: dir, feedStorageDir: path.join(dir, 'feeds'), jwtSecret: 'bench', runScheduler: false, databaseUrl: undefined });
  const app = await buildApp({ config, database });
  await app.ready();
  const [store] = await database.query<{ id: number }>("insert into stores (name, slug, url) values ('Bench', 'bench', 'https://bench.example') returning id");
  await database.query("insert into categories (name, slug) values ('Overig', 'overig')");
  const feeds = [
    { importer: 'awin', path: 'bench/awin.csv.gz', compression: 'gzip' },
    { importer: 'tradetracker', path: 'bench/tradetracker.xml', compression: 'none' },
  ];
  for (const feed of feeds) {
    const [row] = await database.query<{ id: number }>(
      'insert into store_feeds (store_id, name, importer, path, compression) values ($1, $2, $2, $3, $4) returning id',
      [store!.id, feed.importer, feed.path, feed.compression],
    );
    for (const pass of ['first run (all new)', 'second run (10 % changed)']) {
      if (pass.startsWith('second')) await generate(path.join(dir, 'feeds', 'bench'), true);
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const started = performance.now();
      const run = await executeRun(app, (await createRun(app, row!.id, 'cli')).id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      console.log(
        `${kind.padEnd(8)} ${feed.importer.padEnd(12)} ${pass.padEnd(26)} ${run.status} ${run.recordsRead} records, ` +
          `${Math.round(run.recordsRead / seconds)} records/s, ${seconds.toFixed(1)} s, peak RSS ${Math.round(peak / 1024 ** 2)} MB ` +
          `(created ${run.offersCreated}, updated ${run.offersUpdated}, unchanged ${run.offersUnchanged})${run.failureReason ? ` ${run.failureReason}` : ''}`,
      );
    }
    await generate(path.join(dir, 'feeds', 'bench'), false);
  }
  await app.close();
  await database.close();
  await drop();
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-bench-'));
  fs.mkdirSync(path.join(dir, 'feeds', 'bench'), { recursive: true });
  console.log(`Generating ${RECORDS} records per feed in ${dir} …`);
  await generate(path.join(dir, 'feeds', 'bench'), false);
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DB ? [process.env.BENCH_DB as 'pglite'] : ['pglite'];
  if (!process.env.BENCH_DB && process.env.DATABASE_URL) kinds.push('postgres');
  for (const kind of kinds) await bench(kind, dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
