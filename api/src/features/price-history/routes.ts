/**
 * Price history of a product: GET /products/{id}/price-history?range=30d|90d|1y|all,
 * public and response-cached. Daily values per store and the daily lowest, built in ./repository.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRICE_HISTORY_RANGES, productPriceHistorySchema } from '@koopjesland/shared/entities';
import { notFound } from '../../http/errors';
import { idParam, publicErrors } from '../../http/route-schemas';
import { productPriceHistory } from './repository';

export default async function priceHistoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/products/:id/price-history', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary:
        "A product's price history: per day (UTC) each store's total and the lowest, for the last 30 days, 90 days, a year, or everything (at most 5 years)",
      params: idParam,
      querystring: z.object({ range: z.enum(PRICE_HISTORY_RANGES).default('90d') }),
      response: { 200: productPriceHistorySchema, ...publicErrors },
    },
    handler: async (request) => {
      const history = await productPriceHistory(app.db, request.params.id, request.query.range);
      if (!history) throw notFound('Product not found');
      return history;
    },
  });
}
