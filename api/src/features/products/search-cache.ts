/**
 * A search list must rank every match before it can return its first page (a relevance order
 * has no index to stop early on), so each instance keeps the ranked ids of recent searches, and
 * of category lists sorted other than by their manual order or views (product-list.ts).
 * An entry is used while the database's search_result_version sequence is unchanged (statement
 * triggers on products, prices and category membership move it; view counts do not) and for
 * at most five minutes; concurrent requests for the same search share one ranking query.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';

const MAX_ENTRIES = 200;
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  version: string;
  at: number;
  ids: Promise<number[]>;
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

/** The ranked ids of a search (key: everything but the page), from the cache or from `rank`. */
export async function rankedIds(db: Database, key: string, rank: () => Promise<number[]>): Promise<number[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = await searchResultVersion(db);
  const cached = cache.get(key);
  if (cached && cached.version === version && Date.now() - cached.at <= MAX_AGE_MS) {
    cache.delete(key);
    cache.set(key, cached); // most recently used last
    return cached.ids;
  }
  const entry: Entry = { version, at: Date.now(), ids: rank() };
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.ids.catch(() => cache.get(key) === entry && cache.delete(key));
  return entry.ids;
}
