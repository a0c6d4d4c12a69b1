/**
 * Runs active feeds on their interval while the server runs. (Filled in by the feed
 * import engine; the server calls this at start and the returned function on close.)
 */
import type { FastifyInstance } from 'fastify';

export function startFeedScheduler(_app: FastifyInstance): () => void {
  return () => undefined;
}
