/**
 * Specification calls (docs/product.md "Specifications"): a category's fields, the comparison
 * of up to four products, and the catalog admin's field editing and coverage (admin-routes.ts).
 * The filters and their facets are part of the product lists (products/, categories/).
 */
import { compareResponseSchema, specificationFieldsResponseSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findCategory } from '../../catalogue/category-lookup';
import { errorResponses, MAX_ID } from '../../http/route-schemas';
import specificationAdminRoutes from './admin-routes';
import { compareProducts } from './compare';
import { fieldsOf } from './fields';

const errors = errorResponses(400, 404);
const slugOrId = z.string().trim().min(1).max(200);

/** "12,15,18": the products to compare, in their order (a repeated id counts once). */
const compareIds = z
  .string()
  .max(200)
  .regex(/^\s*[1-9]\d{0,9}\s*(,\s*[1-9]\d{0,9}\s*)*$/, 'Expected a comma-separated list of product ids')
  .transform((value) => [...new Set(value.split(',').map((part) => Number(part.trim())))])
  .pipe(z.array(z.number().int().max(MAX_ID, 'Expected product ids')));

export default async function specificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(specificationAdminRoutes);

  app.get('/categories/:slug/specification-fields', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['specifications'],
      summary: "A category's specification fields in their order, with the property names mapped onto each (slug or id)",
      params: z.object({ slug: slugOrId }),
      response: { 200: specificationFieldsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(app.db, request.params.slug);
      return { fields: await fieldsOf(app.db, [category.id]) };
    },
  });

  app.get('/products/compare', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['specifications'],
      summary: 'Up to four products of one category side by side: lowest offer and every specification field',
      querystring: z.object({ ids: compareIds }),
      response: { 200: compareResponseSchema, ...errors },
    },
    handler: async (request) => compareProducts(app.db, request.query.ids),
  });
}
