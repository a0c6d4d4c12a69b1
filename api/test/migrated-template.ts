/**
 * One migrated database per test run, copied for every test file: migrating from scratch costs
 * seconds per file, a copy a fraction of that.
 *
 * - PGlite: the migrated data folder is dumped to a tar file, which each file's in-memory database
 *   loads at start (`loadDataDir`).
 * - PostgreSQL (DATABASE_URL): a migrated template database, copied with `CREATE DATABASE … TEMPLATE`.
 *
 * Both are named after a fingerprint of the migrations (and PGlite's version), so a run reuses the
 * template of the run before unless a migration changed, and a changed migration is never skipped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client';
import { REPO_ROOT } from '../src/paths';

/** Set by the API tests' global set-up: where each test file finds its template. */
export const TEMPLATE_ENV = 'KOOPJESLAND_TEST_TEMPLATE';

const PGLITE_CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'koopjesland-test-databases');
const TEMPLATE_PREFIX = 'koopjesland_test_template_';

/** PGlite's package.json (not among its exports): a dump is read back by the same version only. */
function pgliteManifest(): Buffer {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return fs.readFileSync(path.join(dir, 'package.json'));
}

/** Changed whenever the way a template is made changes, so no template made the old way is reused. */
const TEMPLATE_LAYOUT = 'template1 only';

function fingerprint(): string {
  const hash = crypto.createHash('sha256');
  hash.update(TEMPLATE_LAYOUT).update(pgliteManifest());
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A PostgreSQL URL naming another database on the same server. */
export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` on the PostgreSQL server at `baseUrl` over a connection of its own (database-level statements). */
export async function onServer(baseUrl: string, sql: string): Promise<void> {
  await withServer(baseUrl, (client) => client.query(sql));
}

async function withServer<T>(baseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrated template database on the PostgreSQL server at `baseUrl`, created if missing; its name. */
async function preparePostgresTemplate(baseUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${fingerprint()}`;
  const exists = await withServer(baseUrl, async (client) => {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  });
  if (exists) return name;
  // Built under a name of its own and renamed when complete: a run stopped half-way, or another
  // run building at the same time, never leaves a half-migrated template under the real name.
  const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
  await withServer(baseUrl, (client) => client.query(`create database ${building}`));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, building), maxConnections: 1 });
  await database.close();
  await withServer(baseUrl, async (client) => {
    try {
      await client.query(`alter database ${building} rename to ${name}`);
    } catch {
      await client.query(`drop database if exists ${building} with (force)`);
    }
    // Templates of older migrations are dropped: they would only take disk.
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 and datname <> $2`,
      [`${TEMPLATE_PREFIX}%`, name],
    );
    for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
  });
  return name;
}

/** The migrated PGlite data folder as a tar file, created if missing; its path. */
async function preparePgliteTemplate(): Promise<string> {
  const file = path.join(PGLITE_CACHE, `pglite-${fingerprint()}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  // PGlite works in template1; the two other databases of a new cluster would only double what
  // every test file loads at its start.
  await database.executeSql('drop database postgres');
  await database.executeSql('alter database template0 is_template false');
  await database.executeSql('drop database template0');
  await database.executeSql('checkpoint');
  const dump = await database.dumpDataDir!();
  await database.close();
  fs.mkdirSync(PGLITE_CACHE, { recursive: true });
  for (const old of fs.readdirSync(PGLITE_CACHE)) fs.rmSync(path.join(PGLITE_CACHE, old), { force: true });
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** Prepares the template for this run's database (PostgreSQL when DATABASE_URL is set); the value for TEMPLATE_ENV. */
export async function prepareMigratedTemplate(): Promise<string> {
  const baseUrl = process.env.DATABASE_URL;
  return baseUrl ? preparePostgresTemplate(baseUrl) : preparePgliteTemplate();
}
