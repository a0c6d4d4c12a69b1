/**
 * Runs active feeds on their interval (`parameters.intervalHours`, default 6) while the
 * server runs. Run ownership lives in PostgreSQL (one queued/running run per feed), so any
 * number of instances may run this; a run interrupted by a restart is marked failed on start.
 */
import type { FastifyInstance } from 'fastify';
import { activeRunCount, reapInterruptedRuns, startRun } from './runner';
import { DEFAULT_INTERVAL_HOURS, dueFeedIds } from './repository';

const TICK_MS = 60_000;

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
      for (const feedId of await dueFeedIds(app.db, DEFAULT_INTERVAL_HOURS)) {
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
