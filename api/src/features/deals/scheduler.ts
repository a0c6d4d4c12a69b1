/**
 * Refreshes the reference prices once a day while the server runs (and at start when today's
 * refresh has not happened yet). Which instance does it is settled in PostgreSQL
 * (repository.ts `refreshReferencePricesOnce`), so any number of instances may run this.
 */
import type { FastifyInstance } from 'fastify';
import { refreshReferencePricesOnce } from './repository';

const TICK_MS = 10 * 60_000;

export function startReferencePriceScheduler(app: FastifyInstance): () => void {
  let stopped = false;
  let busy = false;
  const tick = async () => {
    if (stopped || busy) return;
    busy = true;
    try {
      if (await refreshReferencePricesOnce(app.db)) app.log.info('reference prices refreshed for today');
    } catch (error) {
      app.log.error({ err: error }, 'reference price refresh failed');
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
