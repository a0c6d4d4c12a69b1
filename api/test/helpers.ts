/**
 * API test harness: each test file gets its own database, a copy of one migrated for the whole run
 * (./migrated-template: in-memory PGlite, or a database on the PostgreSQL server when DATABASE_URL
 * is set), and the real app on top of it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig, type ApiConfig } from '../src/config';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../src/db/client';
import { databaseUrlFor, onServer, prepareMigratedTemplate, TEMPLATE_ENV } from './migrated-template';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The run's template (prepared by the global set-up; on demand outside jest, as in a benchmark). */
async function template(): Promise<string> {
  process.env[TEMPLATE_ENV] ||= await prepareMigratedTemplate();
  return process.env[TEMPLATE_ENV]!;
}

/** Opens a database of its own for one test file: migrated, and holding no other file's data. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const source = await template();
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `koopjesland_test_${crypto.randomBytes(6).toString('hex')}`;
    await onServer(baseUrl, `create database ${name} template ${source}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name), maxConnections: 5 });
    return {
      database,
      dispose: async () => {
        await database.close();
        await onServer(baseUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  // PGlite's binary compiled by the jest environment (scripts/jest/node-with-pglite.js), when there is one.
  const compiled = (globalThis as { __pgliteModule?: () => OpenDatabaseOptions['pgliteModule'] }).__pgliteModule?.();
  const database = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: new Blob([fs.readFileSync(source)]),
    pgliteModule: compiled,
  });
  return { database, dispose: () => database.close() };
}

export async function createTestApp(overrides: Partial<ApiConfig> = {}): Promise<TestContext> {
  const { database, dispose } = await openTestDatabase();
  const config = loadConfig({
    // A failed download is tried again after about a second instead of half a minute.
    feedRetryDelaySeconds: 1,
    // No image is fetched from the made-up hosts of the fixtures (image-copies tests copy on purpose).
    copyImages: false,
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
