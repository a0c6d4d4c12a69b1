/**
 * One database factory: PGlite in a data folder by default, a PostgreSQL server when
 * DATABASE_URL is set. Both are typed as the common PgDatabase so the rest of the code
 * never knows which driver runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * SQL text with positional parameters, rows as plain objects: for tests and benchmarks that
   * check the database directly, independent of the repositories they test. The application
   * itself goes through Drizzle (`db`).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * SQL text as another library writes it (pg-boss): positional parameters, several statements
   * when there are none; answers the driver's result. The application goes through Drizzle.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * A connection of the caller's own until released, for session state such as the advisory
   * lock a feed run holds while it runs. PGlite is one connection in one process: none.
   */
  dedicated?(): Promise<{ db: Database; release(): void }>;
  /** Connections of the PostgreSQL pool (metrics); PGlite has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER };

export interface OpenDatabaseOptions {
  /** postgres://… connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for an in-memory database. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 20 });
    // An idle connection the server closes (restart, failover, a dropped test database) is
    // discarded by the pool; without a listener its 'error' event would crash the process.
    // Queries in flight still reject with their own error.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    await migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      driver: 'postgres',
      async query<T>(text: string, params: unknown[] = []) {
        const result = await pool.query(text, params);
        return result.rows as T[];
      },
      executeSql: (text: string, values?: unknown[]) => pool.query(text, values),
      async dedicated() {
        const client = await pool.connect();
        return {
          db: drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Database,
          release: () => client.release(),
        };
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const client = new PGlite(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: pgliteDb as unknown as Database,
    driver: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    close: () => client.close(),
  };
}
