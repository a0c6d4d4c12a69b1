/**
 * Category alias calls (docs/product.md §7 "Category aliases"): the searchable list, one alias
 * with its products, connect and disconnect, the bulk assignment page's list and save, and a
 * product's aliases for its detail tab.
 */
import { bulkCategoryAliasSchema, categoryAliasSchema, paginationSchema, productSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { HttpError } from '../../http/errors';
import { jsonQueryParameter } from '../../http/json-input';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, MAX_ID } from '../../http/route-schemas';
import { productDetail } from '../products/product-detail';
import { listProducts } from '../products/product-list';
import {
  aliasesOfProduct,
  assignAlias,
  bulkAliases,
  connectAlias,
  disconnectAlias,
  findAlias,
  listAliases,
} from './repository';

const errors = errorResponses(400, 401, 403, 404);
const params = z.object({ id: idField });
const categoryBody = z.object({ categoryId: z.number().int().positive().max(MAX_ID) });

export default async function categoryAliasRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get('/category-aliases', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'Category aliases by path, searched (search, or filters={"search":…}) and paged',
      security: [{ bearer: [] }],
      querystring: pageQuery.extend({
        search: z.string().trim().max(200).optional(),
        filters: jsonQueryParameter(z.strictObject({ search: z.string().trim().max(200).optional() }), 2000).optional(),
      }),
      response: { 200: z.object({ categoryAliases: z.array(categoryAliasSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const { rows, totalItems } = await listAliases(db, { ...q, search: q.search || q.filters?.search || undefined });
      return { categoryAliases: rows, pagination: paginationOf(totalItems, q) };
    },
  });

  app.get('/category-aliases/bulk/all', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'Every alias with its category: unmapped (Overig) first, then by the offers it brings',
      security: [{ bearer: [] }],
      response: { 200: z.object({ categoryAliases: z.array(bulkCategoryAliasSchema) }), ...errors },
    },
    handler: async () => ({ categoryAliases: await bulkAliases(db) }),
  });

  app.post('/category-aliases/bulk/update', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: "Maps each alias onto exactly the given category (send the changed rows only)",
      security: [{ bearer: [] }],
      body: z.object({
        assignments: z.array(z.object({ aliasId: z.number().int().positive().max(MAX_ID), categoryId: z.number().int().positive().max(MAX_ID) })).max(10_000),
      }),
      response: {
        200: z.object({
          summary: z.object({ successful: z.number().int(), failed: z.number().int() }),
          results: z.array(z.object({ aliasId: z.number().int(), success: z.boolean(), error: z.string().optional() })),
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const results: { aliasId: number; success: boolean; error?: string }[] = [];
      for (const { aliasId, categoryId } of request.body.assignments) {
        try {
          const before = await assignAlias(db, aliasId, categoryId);
          recordChange(request, {
            entity: 'category-alias',
            entityId: aliasId,
            action: 'update',
            before: { categoryIds: before.categoryAliasCategories.map((link) => link.categoryId) },
            after: { categoryIds: [categoryId] },
          });
          results.push({ aliasId, success: true });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          results.push({ aliasId, success: false, error: error.details ?? error.message });
        }
      }
      const successful = results.filter((result) => result.success).length;
      return { summary: { successful, failed: results.length - successful }, results };
    },
  });

  app.get('/category-aliases/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'One alias with its categories',
      security: [{ bearer: [] }],
      params,
      response: { 200: categoryAliasSchema, ...errors },
    },
    handler: async (request) => findAlias(db, request.params.id),
  });

  app.get('/category-aliases/:id/products', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'The products an alias brought, newest first, paged',
      security: [{ bearer: [] }],
      params,
      querystring: pageQuery,
      response: { 200: z.object({ products: z.array(productSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      await findAlias(db, request.params.id);
      return listProducts(db, { ...request.query, sortBy: 'createdAt', sortOrder: 'desc', categoryAliasId: request.params.id });
    },
  });

  app.put('/category-aliases/:id/connect', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'Maps the alias onto a category; its products join the category',
      security: [{ bearer: [] }],
      params,
      body: categoryBody,
      response: { 200: categoryAliasSchema, ...errors },
    },
    handler: async (request) => {
      await connectAlias(db, request.params.id, request.body.categoryId);
      recordChange(request, { entity: 'category-alias', entityId: request.params.id, action: 'connect', after: { categoryId: request.body.categoryId } });
      return findAlias(db, request.params.id);
    },
  });

  app.delete('/category-aliases/:id/disconnect', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'Unmaps the alias from a category; its products leave it unless another alias keeps them there',
      security: [{ bearer: [] }],
      params,
      body: categoryBody,
      response: { 200: categoryAliasSchema, ...errors },
    },
    handler: async (request) => {
      await disconnectAlias(db, request.params.id, request.body.categoryId);
      recordChange(request, { entity: 'category-alias', entityId: request.params.id, action: 'disconnect', before: { categoryId: request.body.categoryId } });
      return findAlias(db, request.params.id);
    },
  });

  app.get('/products/:id/category-aliases', {
    config: { access: 'catalog' },
    schema: {
      tags: ['category-aliases'],
      summary: 'The aliases whose feeds brought a product, each with its categories',
      security: [{ bearer: [] }],
      params,
      response: { 200: z.object({ categoryAliases: z.array(categoryAliasSchema) }), ...errors },
    },
    handler: async (request) => {
      await productDetail(db, request.params.id);
      return { categoryAliases: await aliasesOfProduct(db, request.params.id) };
    },
  });
}
