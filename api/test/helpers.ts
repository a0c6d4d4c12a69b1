/**
 * API test harness: a fresh database per test file (in-memory PGlite, or a new database
 * on the PostgreSQL server when DATABASE_URL is set) and the real app on top of it.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type ApiConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `koopjesland_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Opens a fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl);
    const database = await openDatabase({ databaseUrl: created.url, maxConnections: 5 });
    return {
      database,
      dispose: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  return { database, dispose: () => database.close() };
}

export async function createTestApp(overrides: Partial<ApiConfig> = {}): Promise<TestContext> {
  const { database, dispose } = await openTestDatabase();
  const config = loadConfig({
    // A failed download is tried again after about a second instead of half a minute.
    feedRetryDelaySeconds: 1,
    ...overrides,
    databaseUrl: undefined,
    dataDir: path.join(os.tmpdir(), `koopjesland-test-${crypto.randomBytes(4).toString('hex')}`),
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    runScheduler: false,
    // Repeated failed logins are still delayed, by milliseconds instead of seconds.
    loginDelayBaseMs: 1,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}
