/**
 * The lock a process holds on a feed while it runs that feed. On PostgreSQL it is an advisory
 * lock on a connection of its own: any number of workers (and API instances) exclude each
 * other, and when a worker dies its connection closes and the lock is gone, which is how the
 * reaper tells an orphaned run from a running one. PGlite is one process: a set in memory.
 */
import type { FastifyInstance } from 'fastify';
import { tryLockFeed, unlockFeed } from './repository';

/** How long a run waits for the lock (the previous run of the feed is recording its end). */
const LOCK_WAIT_MS = 30_000;
const LOCK_POLL_MS = 100;

const heldInProcess = new Set<number>();

export type ReleaseFeedLock = () => Promise<void>;

/** Takes the feed's run lock, waiting up to `waitMs`; null when another process keeps it. */
export async function lockFeedRun(
  app: FastifyInstance,
  feedId: number,
  waitMs = LOCK_WAIT_MS,
): Promise<ReleaseFeedLock | null> {
  const deadline = Date.now() + waitMs;
  const handle = app.dbHandle;
  if (!handle.dedicated) {
    while (heldInProcess.has(feedId)) {
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    heldInProcess.add(feedId);
    return async () => {
      heldInProcess.delete(feedId);
    };
  }
  const session = await handle.dedicated();
  try {
    while (!(await tryLockFeed(session.db, feedId))) {
      if (Date.now() >= deadline) {
        session.release();
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  } catch (error) {
    session.release();
    throw error;
  }
  return async () => {
    try {
      await unlockFeed(session.db, feedId);
    } finally {
      session.release();
    }
  };
}
