/**
 * A search list must rank every match before it can return its first page (a relevance order
 * has no index to stop early on), so each instance keeps the ranked ids of recent searches, of
 * category lists sorted other than by one category's manual order (product-list.ts), and the
 * member counts of category-only lists. An entry is used while the database's
 * search_result_version sequence is unchanged (statement triggers on products, prices and category
 * membership move it; view counts do not, so an order by views is kept for a shorter time given by
 * its caller) and for at most five minutes; concurrent requests for the same key share one query.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';

const MAX_ENTRIES = 200;
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  version: string;
  at: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

const pendingReads = new WeakMap<Database, Promise<string>>();

/** The current search_result_version; one read serves every request that arrives while it is under way. */
export function searchResultVersion(db: Database): Promise<string> {
  let pending = pendingReads.get(db);
  if (!pending) {
    pending = selectRows<{ version: string }>(db, sql`select last_value::text || is_called::text as version from search_result_version`)
      .then(([row]) => row?.version ?? '')
      .finally(() => pendingReads.delete(db));
    pendingReads.set(db, pending);
  }
  return pending;
}

/**
 * `load()`'s value for `key` (everything that decides it) from the cache, or loaded once for every
 * concurrent caller. `maxAgeMs` bounds how long a value is used when something the version does not
 * follow (view counts) decides it; `version` is the search_result_version the caller has read for
 * this request, if it has. Values are shared: never mutate them.
 */
export async function keptWhileResultsStand<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  { maxAgeMs = MAX_AGE_MS, version: known }: { maxAgeMs?: number; version?: string } = {},
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = known ?? (await searchResultVersion(db));
  const cached = cache.get(key);
  if (cached && cached.version === version && Date.now() - cached.at <= Math.min(maxAgeMs, MAX_AGE_MS)) {
    cache.delete(key);
    cache.set(key, cached); // most recently used last
    return cached.value as Promise<T>;
  }
  const entry: Entry = { version, at: Date.now(), value: load() };
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.value.catch(() => cache.get(key) === entry && cache.delete(key));
  return entry.value as Promise<T>;
}
