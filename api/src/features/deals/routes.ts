/**
 * GET /deals (public): the best deals by deal score, how far today's lowest total is below the
 * product's usual price (the 30-day median of its daily lowest, see repository.ts), optionally in
 * one category and its subcategories. Paged like every list; products as the other lists give them.
 */
import { paginationSchema, productSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, pageQuery } from '../../http/route-schemas';
import { categoryFilter } from '../products/list-options';
import { listProducts } from '../products/product-list';

const dealsQuery = pageQuery.extend({
  /** A category's slug or id: its deals and its subcategories'. */
  category: z.string().trim().min(1).max(200).optional(),
});
const dealsResponse = z.object({ products: z.array(productSchema), pagination: paginationSchema });

export default async function dealRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/deals', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary: 'Products priced below their usual price (30-day median of the daily lowest), best deal first',
      querystring: dealsQuery,
      response: { 200: dealsResponse, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const { page, limit, category } = request.query;
      const categoryIds = category ? (await categoryFilter(app.db, category, true)).categoryIds : undefined;
      return listProducts(app.db, {
        page,
        limit,
        sortBy: 'dealPercentage',
        sortOrder: 'desc',
        dealsOnly: true,
        excludeUncategorized: true,
        categoryIds,
      });
    },
  });
}
