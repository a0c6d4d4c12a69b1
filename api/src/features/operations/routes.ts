/**
 * Liveness and readiness for load balancers and docker-compose health checks. Public and cheap:
 * they reveal nothing but whether this instance can serve.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './readiness';

const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  queue: z.enum(['ok', 'unreachable']),
});

export default async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['operations'] };

  app.get('/health', {
    schema: { ...common, summary: 'Liveness: the process answers', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/ready', {
    schema: {
      ...common,
      summary: 'Readiness: database reachable, migrations applied, feed-run queue readable (503 otherwise)',
      response: { 200: readinessSchema, 503: readinessSchema },
    },
    handler: async (_request, reply) => {
      const { ready, ...parts } = await checkReadiness(app.db);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...parts });
    },
  });
}
