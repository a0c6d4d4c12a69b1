/**
 * Work a request starts but does not wait for: it runs once the answer has gone out, so the
 * answer's timing cannot tell what the work found (a password reset mail for a known address
 * takes an SMTP exchange; an unknown one takes nothing). A failure is logged, never shown.
 * Shutting down waits for the work under way; `settled()` lets tests wait for it too.
 * The work lives in this process only: a crash in between loses it, which for a reset mail
 * means the visitor asks again.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export class AfterResponse {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` after the current request's answer has been written. */
  run(label: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${label} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when all work started so far (and any it started in turn) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request that runs after its answer (see http/after-response.ts). */
    afterResponse: AfterResponse;
  }
}

export function registerAfterResponse(app: FastifyInstance): void {
  app.decorate('afterResponse', new AfterResponse(app.log));
  app.addHook('onClose', () => app.afterResponse.settled());
}
