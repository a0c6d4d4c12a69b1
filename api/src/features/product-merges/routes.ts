/**
 * Merge, split and possible duplicates of products (beyond the specification;
 * docs/product.md "Catalog admin API"). The removed product's address answers 301 to the
 * kept one (products/routes.ts) until the merge is split.
 */
import { productDuplicateSchema, productMergeSchema, productSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { errorResponses, idField, MAX_ID } from '../../http/route-schemas';
import { productDetail } from '../products/product-detail';
import { duplicatesOf, mergeProducts, mergesInto, splitMerge } from './repository';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: idField });

export default async function productMergeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.post('/admin/products/:id/merge', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-merges'],
      summary: 'Merges another product into this one (offers, history, identifiers, images, properties, categories, aliases, wishlists)',
      security: [{ bearer: [] }],
      params,
      body: z.object({ sourceProductId: z.number().int().positive().max(MAX_ID) }),
      response: { 200: z.object({ merge: productMergeSchema, product: productSchema }), ...errors },
    },
    handler: async (request) => {
      const merge = await mergeProducts(db, request.params.id, request.body.sourceProductId, request.authUser?.id ?? null);
      recordChange(request, {
        entity: 'product',
        entityId: request.params.id,
        action: 'merge',
        after: { mergeId: merge.id, removedProductId: merge.removedProductId, removedName: merge.removedName },
      });
      return { merge, product: await productDetail(db, request.params.id) };
    },
  });

  app.get('/admin/products/:id/merges', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-merges'],
      summary: 'The merges into this product, newest first (split ones included)',
      security: [{ bearer: [] }],
      params,
      response: { 200: z.object({ merges: z.array(productMergeSchema) }), ...errors },
    },
    handler: async (request) => {
      await productDetail(db, request.params.id);
      return { merges: await mergesInto(db, request.params.id) };
    },
  });

  app.post('/admin/product-merges/:id/split', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-merges'],
      summary: 'Undoes a merge: the removed product comes back with its own id, slug and rows',
      security: [{ bearer: [] }],
      params,
      response: { 200: z.object({ merge: productMergeSchema, restoredProduct: productSchema }), ...errors },
    },
    handler: async (request) => {
      const merge = await splitMerge(db, request.params.id);
      recordChange(request, {
        entity: 'product',
        entityId: merge.keptProductId,
        action: 'split',
        after: { mergeId: merge.id, restoredProductId: merge.removedProductId },
      });
      return { merge, restoredProduct: await productDetail(db, merge.removedProductId) };
    },
  });

  app.get('/admin/products/:id/duplicates', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-merges'],
      summary: 'Possible duplicates: the same EAN in another form, or the same brand with a similar name',
      security: [{ bearer: [] }],
      params,
      response: { 200: z.object({ products: z.array(productDuplicateSchema) }), ...errors },
    },
    handler: async (request) => ({ products: await duplicatesOf(db, request.params.id) }),
  });
}
