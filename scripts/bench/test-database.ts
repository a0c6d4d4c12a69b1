/**
 * What a test file waits for before its database is ready: migrating a new database from scratch
 * (what every API test file did) against copying the run's migrated template (what it does now,
 * api/test/migrated-template.ts). In-memory PGlite, or the PostgreSQL server named by DATABASE_URL.
 * `[DATABASE_URL=postgres://…] npx tsx scripts/bench/test-database.ts [runs=7]`; prints figures.
 */
import { median } from './statistics';
import crypto from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../api/src/db/client';
import { openTestDatabase } from '../../api/test/helpers';
import { databaseUrlFor, onServer, prepareMigratedTemplate } from '../../api/test/migrated-template';

const runs = Number(process.argv[2] ?? 7);
const baseUrl = process.env.DATABASE_URL;

/** A new, empty database migrated from the first migration on. */
async function migratedFromScratch(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const name = `koopjesland_bench_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name), maxConnections: 5 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await onServer(baseUrl, `drop database ${name} with (force)`);
    },
  };
}


async function main() {
  let started = performance.now();
  await prepareMigratedTemplate();
  console.log(`template ready (built or reused): ${(performance.now() - started).toFixed(0)} ms`);
  // The first PGlite of a process compiles its WebAssembly; each jest file pays that in both cases.
  await (await migratedFromScratch()).dispose();
  const timings = { scratch: [] as number[], copy: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    for (const [label, open] of [
      ['scratch', migratedFromScratch],
      ['copy', openTestDatabase],
    ] as const) {
      started = performance.now();
      const { dispose } = await open();
      timings[label].push(performance.now() - started);
      await dispose();
    }
  }
  const driver = baseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(`${driver}, ${runs} runs each, median (min–max):`);
  for (const [label, values] of Object.entries(timings)) {
    const name = label === 'scratch' ? 'migrated from scratch' : 'copy of the template';
    console.log(
      `  ${name.padEnd(22)} ${median(values).toFixed(0).padStart(6)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`,
    );
  }
}

void main();
