/**
 * POST /prices/log-redirect: records a click-out to a store (spec §1, §7 Prices). The
 * user is taken from the bearer token when one is sent, never from the body.
 */
import { clickOutSchema, errorResponseSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows } from '../products/sql';

export default async function clickOutRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post('/prices/log-redirect', {
    config: { access: 'public' },
    schema: {
      tags: ['prices'],
      summary: 'Logs a click-out to a store offer (fire and forget)',
      body: clickOutSchema,
      response: { 202: z.object({ ok: z.literal(true) }), 400: errorResponseSchema },
    },
    handler: async (request, reply) => {
      const body = request.body;
      // Ids that no longer exist (a product deleted meanwhile) are stored as null rather than refused.
      await selectRows(
        app.db,
        sql`insert into click_outs (product_id, store_id, price_id, user_id, redirect_url, current_price, lowest_price, payload)
            values (
              (select id from products where id = ${body.product.id}),
              (select id from stores where id = ${body.store.id}),
              (select id from prices where id = ${body.priceId ?? null}::int),
              ${request.authUser?.id ?? null}::int,
              ${body.redirectUrl}, ${body.pricing.current}, ${body.pricing.lowest ?? null}::int,
              ${JSON.stringify({ ...body, user: { isLoggedIn: Boolean(request.authUser) } })}::jsonb)`,
      );
      return reply.status(202).send({ ok: true as const });
    },
  });
}
