/**
 * Product page views, counted in memory and written in one UPDATE every few seconds. `views`
 * is indexed (the "popular" sort), so writing it on every page view made each view a non-HOT
 * update of every products index plus a commit. Each instance flushes its own counts (also
 * when the app closes); a crash loses at most FLUSH_MS of views.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray } from '../../db/sql';

const FLUSH_MS = 2_000;

interface Pending {
  counts: Map<number, number>;
  timer?: NodeJS.Timeout;
}

const pendingByDb = new WeakMap<Database, Pending>();

function pendingOf(db: Database): Pending {
  let pending = pendingByDb.get(db);
  if (!pending) pendingByDb.set(db, (pending = { counts: new Map() }));
  return pending;
}

/** Counts one view; returns the views not yet written for this product (this one included). */
export function countView(db: Database, productId: number): number {
  const pending = pendingOf(db);
  const count = (pending.counts.get(productId) ?? 0) + 1;
  pending.counts.set(productId, count);
  if (!pending.timer) {
    pending.timer = setTimeout(() => void flushViews(db).catch(() => undefined), FLUSH_MS);
    pending.timer.unref();
  }
  return count;
}

/** Writes the counted views; on failure they stay counted for the next flush. */
export async function flushViews(db: Database): Promise<void> {
  const pending = pendingOf(db);
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = undefined;
  if (!pending.counts.size) return;
  const entries = [...pending.counts];
  pending.counts = new Map();
  try {
    await db.execute(
      sql`update products p set views = p.views + v.n
          from unnest(${intArray(entries.map(([id]) => id))}, ${intArray(entries.map(([, n]) => n))}) as v(id, n)
          where p.id = v.id`,
    );
  } catch (error) {
    for (const [id, n] of entries) pending.counts.set(id, (pending.counts.get(id) ?? 0) + n);
    throw error;
  }
}
