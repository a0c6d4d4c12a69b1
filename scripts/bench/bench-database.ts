/**
 * The benchmarks' catalogue database: koopjesland_bench on BENCH_DATABASE_URL's PostgreSQL server
 * (default postgres://postgres@127.0.0.1:5432), or PGlite in data/bench-pglite, seeded with the demo
 * catalogue (100,000 products at the default scale) only when empty. Used by bench:api and bench:ssr,
 * and copied by bench:load.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { REPO_ROOT } from '../../api/src/config';
import { openDatabase, type DatabaseHandle } from '../../api/src/db/client';
import { hasAnyData, seedDemoData, type SeedScale } from '../../api/src/demo/seed';

/** The URL of a database on BENCH_DATABASE_URL's server, whether that names a database or not. */
export function benchDatabaseUrl(database: string): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates koopjesland_bench when missing; answers its URL. */
export async function ensurePostgresDatabase(): Promise<string> {
  const client = new Client({ connectionString: benchDatabaseUrl('postgres') });
  await client.connect();
  const { rowCount } = await client.query(`select 1 from pg_database where datname = 'koopjesland_bench'`);
  if (!rowCount) await client.query('create database koopjesland_bench');
  await client.end();
  return benchDatabaseUrl('koopjesland_bench');
}

export const PGLITE_DATA_DIR = path.join(REPO_ROOT, 'data', 'bench-pglite');

export async function openBenchDatabase(target: string): Promise<DatabaseHandle> {
  if (target === 'postgres') return openDatabase({ databaseUrl: await ensurePostgresDatabase() });
  return openDatabase({ dataDir: PGLITE_DATA_DIR });
}

/** Seeds the demo catalogue when the database is empty (or always with `reseed`). */
export async function seedOnce(database: DatabaseHandle, options: { scale: SeedScale; reseed?: boolean }) {
  if (!options.reseed && (await hasAnyData(database.db))) return;
  console.log(`  seeding ${options.scale.products} products ...`);
  const started = performance.now();
  const result = await seedDemoData(database.db, { scale: options.scale, reset: true, log: (m) => console.log(m) });
  console.log(`  seeded ${JSON.stringify(result.counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.query('vacuum analyze'); // the visibility map and statistics autovacuum would leave behind
}

/** The server processes of the bench database's connections but the caller's own. */
export async function benchBackends(database: DatabaseHandle): Promise<number[]> {
  const rows = await database.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}
