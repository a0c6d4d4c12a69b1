/**
 * POST /prices/log-redirect: records a click-out to a store (docs/product.md §1, §7 Prices). The
 * user is taken from the bearer token when one is sent, never from the body.
 */
import { clickOutSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/route-schemas';
import { isHiddenOffer, recordClickOut } from './repository';
import { notFound } from '../../http/errors';
import { consumeAllowance } from '../auth/login-throttle';

/** Click-outs one client may log per minute. */
export const MAX_CLICK_OUTS_PER_MINUTE = 60;

export default async function clickOutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/prices/log-redirect', {
    config: { access: 'public' },
    schema: {
      tags: ['prices'],
      summary: 'Logs a click-out to a store offer (fire and forget)',
      body: clickOutSchema,
      response: { 202: z.object({ ok: z.literal(true) }), ...errorResponses(400, 404, 429) },
    },
    handler: async (request, reply) => {
      // A visitor clicks through a few times a minute; a flood would only skew the statistics.
      await consumeAllowance(app.db, `click-out:${request.ip}`, MAX_CLICK_OUTS_PER_MINUTE, 1);
      // A hidden offer (reported, implausible) is not shown, so nobody is sent to it.
      const { priceId } = request.body;
      if (priceId !== undefined && (await isHiddenOffer(app.db, priceId))) throw notFound('Offer not found');
      await recordClickOut(app.db, request.body, request.authUser?.id ?? null);
      return reply.status(202).send({ ok: true as const });
    },
  });
}
