/**
 * Runs active feeds on their interval (`parameters.intervalHours`, default 6) while the
 * server runs. Run ownership lives in PostgreSQL (one queued/running run per feed), so any
 * number of instances may run this; a run interrupted by a restart is marked failed on start.
 */
import type { FastifyInstance } from 'fastify';
import { activeRunCount, reapInterruptedRuns, startRun } from './runner';

const TICK_MS = 60_000;
export const DEFAULT_INTERVAL_HOURS = 6;

/** Feeds whose last run started longer ago than their interval (or that never ran). */
async function dueFeeds(app: FastifyInstance): Promise<number[]> {
  const rows = await app.sql<{ id: number }>(
    `select f.id from store_feeds f
     where f.is_active
       and not exists (
         select 1 from feed_runs r where r.feed_id = f.id
           and r.created_at > now() - make_interval(secs => 3600 * coalesce((f.parameters->>'intervalHours')::float8, $1)))
     order by f.id`,
    [DEFAULT_INTERVAL_HOURS],
  );
  return rows.map((r) => r.id);
}

export function startFeedScheduler(app: FastifyInstance): () => void {
  let stopped = false;
  let busy = false;
  const tick = async (first: boolean) => {
    if (stopped || busy) return;
    busy = true;
    try {
      // PGlite is one process: whatever was running at start was interrupted.
      await reapInterruptedRuns(app, first && app.dbHandle.driver === 'pglite');
      // One scheduled run at a time per instance keeps the server responsive.
      if (activeRunCount() > 0) return;
      for (const feedId of await dueFeeds(app)) {
        if (stopped) return;
        try {
          await startRun(app, feedId, 'schedule');
          return;
        } catch {
          // 409: another instance runs it; try the next due feed.
        }
      }
    } catch (error) {
      app.log.error({ err: error }, 'feed scheduler tick failed');
    } finally {
      busy = false;
    }
  };
  void tick(true);
  const timer = setInterval(() => void tick(false), TICK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
