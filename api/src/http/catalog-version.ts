/**
 * The catalogue's version: the `catalog_version` sequence, moved by statement triggers on every
 * catalogue table (api/drizzle/0011_catalog_version.sql). One read serves every request that
 * arrives while it is under way. Per-instance caches key their entries on it: the response cache
 * (http/response-cache.ts) and the parts of a page that many of its URLs share (a category's
 * head on every page and filter of that category).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/sql';

const pendingReads = new WeakMap<Database, Promise<string>>();

export function readCatalogVersion(db: Database): Promise<string> {
  let pending = pendingReads.get(db);
  if (!pending) {
    pending = selectRows<{ version: string }>(
      db,
      sql`select last_value::text || is_called::text as version from catalog_version`,
    )
      .then(([row]) => row?.version ?? '')
      .finally(() => pendingReads.delete(db));
    pendingReads.set(db, pending);
  }
  return pending;
}

const MAX_MEMO_ENTRIES = 2_000;
/**
 * The version moves when a write's statement runs, before its transaction commits: a load in
 * between reads the old rows under the new version. Entries expire anyway, as cached responses do.
 */
export const MAX_CACHE_AGE_MS = 60_000;
const memos = new WeakMap<Database, Map<string, { version: string; at: number; value: Promise<unknown> }>>();

/**
 * `load()`'s value for `key` while the catalogue stays at `version` (and for at most
 * MAX_CACHE_AGE_MS); concurrent callers share one load, and a failed load (a 404, a lost
 * connection) is not kept. Values are shared: never mutate them.
 */
export function memoByCatalogVersion<T>(
  db: Database,
  key: string,
  version: string,
  load: () => Promise<T>,
): Promise<T> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  const hit = memo.get(key);
  if (hit && hit.version === version && Date.now() - hit.at <= MAX_CACHE_AGE_MS) return hit.value as Promise<T>;
  const entry = { version, at: Date.now(), value: load() as Promise<unknown> };
  memo.delete(key);
  memo.set(key, entry);
  if (memo.size > MAX_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  entry.value.catch(() => memo.get(key) === entry && memo.delete(key));
  return entry.value as Promise<T>;
}
