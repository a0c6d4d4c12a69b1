/**
 * The feeds' schedule: each active feed runs on its interval (`parameters.intervalHours`,
 * default 6) or, when it has one, its cron expression (`parameters.cron`, five fields, server
 * time), and again when a sale period of its last good run starts or ends (`price_changes_at`,
 * Google Merchant's `sale_price_effective_date`). Every worker evaluates it on its tick; a due
 * feed gets one queued run (and its job)
 * under a per-feed transaction lock that re-reads the feed's last run, so two or more workers
 * asking at the same moment queue it exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { queueIfDue, scheduleCandidates } from './repository';
import { periodStart } from './schedule-times';

/** Queues a run of every due feed (trigger `schedule`); answers the runs queued by this call. */
export async function enqueueDueFeeds(app: FastifyInstance, now = new Date()): Promise<number[]> {
  const queued: number[] = [];
  for (const feed of await scheduleCandidates(app.db)) {
    // A sale period of the last good run that started or ended since counts as a new period too.
    const changed = feed.priceChangesAt && feed.priceChangesAt <= now ? feed.priceChangesAt : null;
    const regular = periodStart(feed.parameters, now);
    const since = changed && changed > regular ? changed : regular;
    if (feed.lastRunAt && feed.lastRunAt >= since) continue;
    const run = await queueIfDue(app.db, feed.id, since, async (tx, run) => {
      await app.feedQueue.send(run.id, tx);
      return run;
    });
    if (run) queued.push(run.id);
  }
  return queued;
}
