/**
 * One database factory: PGlite in a data folder by default, a PostgreSQL server when
 * DATABASE_URL is set. Both are typed as the common PgDatabase so the rest of the code
 * never knows which driver runs.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { Client, Pool } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
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
   * Bulk load: `COPY table (columns) FROM STDIN` in text format (lines from `copyText`). On
   * PostgreSQL one COPY on a connection of its own streams every write; on PGlite the text is
   * loaded in slices through its `/dev/blob` device. Rows are visible once `finish` resolves
   * (PGlite: per slice); `abort` gives up (rows of slices already loaded stay, as with batches).
   */
  copyIn(table: string, columns: readonly string[]): Promise<CopyWriter>;
  /**
   * Bulk read: `COPY (query) TO STDOUT (FORMAT binary)` as chunks of bytes, for
   * `forEachBinaryCopyRow` (binary-copy.ts): many rows without an object per row. PostgreSQL
   * streams them from a connection of its own; PGlite gives them at once through `/dev/blob`.
   * The query takes no parameters.
   */
  copyOut(query: string): AsyncIterable<Uint8Array>;
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
  /**
   * PostgreSQL: calls `onNotice` for each NOTIFY on `channel` (from any process), on a connection
   * of its own outside the pool, connected again after it is lost (notices sent meanwhile are
   * missed, so a listener only ever saves a wait). PGlite is one process: none.
   */
  listen?(channel: string, onNotice: () => void): Promise<{ close(): Promise<void> }>;
  /** Connections of the PostgreSQL pool (metrics); PGlite has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** PGlite: the whole data folder as a tar archive, which `loadDataDir` starts another database from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER };

export interface CopyWriter {
  /** Queues COPY text (whole lines); resolves when the writer can take more. */
  write(text: string): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** One value in COPY text format: \N for null, backslash escapes for the characters COPY treats specially. */
export function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return `COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM ${source}`;
}

/** PostgreSQL: COPY text written but not yet sent beyond which a writer waits (kept small: what waits is held in memory). */
const COPY_IN_FLIGHT = 1024 * 1024;

/** PGlite copies from a Blob: text is gathered into slices of about this many characters. */
const PGLITE_COPY_SLICE = 4 * 1024 * 1024;

export interface OpenDatabaseOptions {
  /** postgres://… connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from a copy of this data folder (a `dumpDataDir` archive) instead of an empty one. */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** PGlite: its WebAssembly, compiled already (the tests start a database per file from one binary). */
  pgliteModule?: PGliteOptions['wasmModule'];
}

/** How long a lost LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 5_000;

/** `DatabaseHandle.listen` on PostgreSQL. Never throws: a connection that fails is tried again. */
async function listenOn(databaseUrl: string, channel: string, onNotice: () => void): Promise<{ close(): Promise<void> }> {
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS).unref();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      lost();
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
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
      async copyIn(table, columns) {
        const client = await pool.connect();
        const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        let failure: Error | undefined;
        stream.on('error', (error: Error) => (failure ??= error));
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          client.release(error);
        };
        return {
          async write(text) {
            if (failure) throw failure;
            // Up to a few MB may wait to be sent, so reading the feed goes on while the server
            // takes the rows in (the stream's own 16 kB mark made the reader wait at every batch).
            if (!stream.write(text) && stream.writableLength > COPY_IN_FLIGHT) {
              await new Promise<void>((resolve) => {
                const done = () => {
                  stream.off('drain', done);
                  stream.off('error', done);
                  resolve();
                };
                stream.on('drain', done);
                stream.on('error', done);
              });
            }
            if (failure) throw failure;
          },
          async finish() {
            try {
              stream.end();
              await finished(stream);
              release();
            } catch (error) {
              release(error as Error);
              throw error;
            }
          },
          async abort() {
            // The connection is mid-COPY: it is closed rather than returned to the pool.
            stream.destroy();
            release(new Error('COPY aborted'));
          },
        };
      },
      async *copyOut(query) {
        const client = await pool.connect();
        let complete = false;
        try {
          for await (const chunk of client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`))) yield chunk as Uint8Array;
          complete = true;
        } finally {
          // A COPY left unread (a failure, or a reader that stopped) closes its connection.
          client.release(complete ? undefined : new Error('COPY not read to its end'));
        }
      },
      executeSql: (text: string, values?: unknown[]) => pool.query(text, values),
      async dedicated() {
        const client = await pool.connect();
        return {
          db: drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Database,
          release: () => client.release(),
        };
      },
      listen: (channel, onNotice) => listenOn(options.databaseUrl!, channel, onNotice),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // PGlite creates its own folder but not the ones above it (a DATA_DIR that does not exist yet).
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    wasmModule: options.pgliteModule,
  });
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
    async copyIn(table, columns) {
      const statement = copyStatement(table, columns, "'/dev/blob'");
      let slice: string[] = [];
      let size = 0;
      const flush = async () => {
        if (!size) return;
        const blob = new Blob(slice);
        slice = [];
        size = 0;
        await client.query(statement, [], { blob });
      };
      return {
        async write(text) {
          slice.push(text);
          size += text.length;
          if (size >= PGLITE_COPY_SLICE) await flush();
        },
        finish: flush,
        async abort() {
          slice = [];
          size = 0;
        },
      };
    },
    async *copyOut(query) {
      const { blob } = await client.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT binary)`);
      if (blob) yield new Uint8Array(await blob.arrayBuffer());
    },
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
