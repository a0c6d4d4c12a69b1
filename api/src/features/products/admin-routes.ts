/**
 * The merchandiser's product calls (docs/product.md §2 "Admin products", §7 Products): create,
 * delete, every offer for the detail's price tabs, "disconnect from all categories" for a
 * selection or for all matching products, and properties one by one.
 */
import { priceSchema, productPropertySchema, productSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { categories } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { errorResponses, idField, MAX_ID } from '../../http/route-schemas';
import {
  addProperty,
  assignCategories,
  createProduct,
  deleteProduct,
  deleteProperty,
  disconnectCategories,
  findProperty,
  matchingProductIds,
  NAME_REQUIRED,
  offersOf,
  updateProperty,
  VALUE_REQUIRED,
} from './admin';
import { categoryFilter, checkPriceRange } from './list-options';
import { removeUpload } from '../product-images/uploads';
import { productDetail } from './product-detail';
import { productJsonFiltersSchema, queryBoolean } from './query-params';

const errors = errorResponses(400, 401, 403, 404);
const countsResponse = z.object({ removedCount: z.number().int(), productCount: z.number().int() });
const assignCountsResponse = z.object({ addedCount: z.number().int(), productCount: z.number().int() });
const propertyBody = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(200),
  value: z.string().trim().min(1, VALUE_REQUIRED).max(2000),
});
const propertyResponse = z.object({ property: productPropertySchema });

export default async function productAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.post('/products', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Creates a product (the slug follows the name unless given)',
      security: [{ bearer: [] }],
      body: z.object({
        name: z.string().trim().min(1, NAME_REQUIRED).max(500),
        slug: z
          .string()
          .trim()
          .max(500)
          .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and hyphens')
          .optional(),
        brand: z.string().trim().max(200).nullable().optional(),
        description: z.string().max(100_000).nullable().optional(),
        image: z.string().trim().max(2048).nullable().optional(),
        categoryIds: z.array(z.number().int().positive().max(MAX_ID)).max(200).optional(),
        identifiers: z
          .array(z.object({ type: z.string().trim().min(1, 'Type is required').max(20), value: z.string().trim().min(1, VALUE_REQUIRED).max(100) }))
          .max(50)
          .optional(),
      }),
      response: { 201: productSchema, ...errors },
    },
    handler: async (request, reply) => {
      const id = await createProduct(db, request.body);
      const product = await productDetail(db, id);
      recordChange(request, { entity: 'product', entityId: id, action: 'create', after: { ...request.body, slug: product.slug } });
      return reply.status(201).send(product);
    },
  });

  app.get('/admin/products/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: "The product for the admin detail: like the product page, without counting a view",
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      response: { 200: productSchema, ...errors },
    },
    handler: async (request) => productDetail(db, request.params.id),
  });

  app.delete('/admin/products/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Deletes a product with its offers, price history, images and properties',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      const { imageUrls, ...removed } = await deleteProduct(db, request.params.id);
      await Promise.all(imageUrls.map((url) => removeUpload(app.config.dataDir, url)));
      recordChange(request, { entity: 'product', entityId: request.params.id, action: 'delete', before: removed });
      return { deleted: true as const };
    },
  });

  app.get('/products/:id/prices', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: "A product's offers by total: current ones, or with active=false every one including expired",
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      querystring: z.object({ active: queryBoolean.optional() }),
      response: { 200: z.object({ prices: z.array(priceSchema) }), ...errors },
    },
    handler: async (request) => ({ prices: await offersOf(db, request.params.id, request.query.active ?? true) }),
  });

  app.delete('/products/categories', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Disconnects the selected products from all their categories (the products stay)',
      security: [{ bearer: [] }],
      body: z.object({ productIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(10_000) }),
      response: { 200: countsResponse, ...errors },
    },
    handler: async (request) => {
      const counts = await disconnectCategories(db, [...new Set(request.body.productIds)]);
      recordChange(request, { entity: 'product', entityId: null, action: 'disconnect-categories', after: { productIds: request.body.productIds, ...counts } });
      return counts;
    },
  });

  app.delete('/products/categories/all-matching', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Disconnects every product matching the list filters from all its categories',
      security: [{ bearer: [] }],
      body: z.object({ filters: productJsonFiltersSchema.omit({ name: true }) }),
      response: { 200: countsResponse, ...errors },
    },
    handler: async (request) => {
      const { category, includeSubcategories, ...filters } = request.body.filters;
      checkPriceRange(filters);
      const categoryIds = category ? (await categoryFilter(db, category, includeSubcategories ?? false)).categoryIds : undefined;
      const counts = await disconnectCategories(db, matchingProductIds({ ...filters, categoryIds }));
      recordChange(request, { entity: 'product', entityId: null, action: 'disconnect-categories', after: { filters: request.body.filters, ...counts } });
      return counts;
    },
  });

  const categoryIdsField = z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Choose at least one category').max(100);
  /**
   * Assigns the products to the chosen categories and records it; 400 naming the field when a
   * chosen category does not exist, before anything is written.
   */
  const assignAndRecord = async (
    request: FastifyRequest,
    products: number[] | SQL,
    chosen: number[],
    selection: { productIds: number[] } | { filters: unknown },
  ) => {
    const categoryIds = [...new Set(chosen)];
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds));
    if (found.length !== categoryIds.length) throw badRequest('Invalid categoryIds', 'categoryIds: unknown category');
    const counts = await assignCategories(db, products, categoryIds);
    recordChange(request, { entity: 'product', entityId: null, action: 'assign-categories', after: { ...selection, categoryIds, ...counts } });
    return counts;
  };

  app.post('/products/categories', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Assigns the selected products to the chosen categories (links they have stay)',
      security: [{ bearer: [] }],
      body: z.object({
        productIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(10_000),
        categoryIds: categoryIdsField,
      }),
      response: { 200: assignCountsResponse, ...errors },
    },
    handler: async (request) => {
      const { productIds, categoryIds } = request.body;
      return assignAndRecord(request, [...new Set(productIds)], categoryIds, { productIds });
    },
  });

  app.post('/products/categories/all-matching', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Assigns every product matching the list filters to the chosen categories',
      security: [{ bearer: [] }],
      body: z.object({ filters: productJsonFiltersSchema.omit({ name: true }), categoryIds: categoryIdsField }),
      response: { 200: assignCountsResponse, ...errors },
    },
    handler: async (request) => {
      const { category, includeSubcategories, ...filters } = request.body.filters;
      checkPriceRange(filters);
      const inCategories = category ? (await categoryFilter(db, category, includeSubcategories ?? false)).categoryIds : undefined;
      const matching = matchingProductIds({ ...filters, categoryIds: inCategories });
      return assignAndRecord(request, matching, request.body.categoryIds, { filters: request.body.filters });
    },
  });

  app.post('/products/:id/properties', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Adds a property (name and value trimmed, both required)',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      body: propertyBody,
      response: { 201: propertyResponse, ...errors },
    },
    handler: async (request, reply) => {
      const property = await addProperty(db, request.params.id, request.body);
      recordChange(request, { entity: 'product-property', entityId: property.id, action: 'create', after: { productId: request.params.id, ...request.body } });
      return reply.status(201).send({ property });
    },
  });

  app.put('/product-properties/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Edits a property',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      body: propertyBody,
      response: { 200: propertyResponse, ...errors },
    },
    handler: async (request) => {
      const before = await findProperty(db, request.params.id);
      const property = await updateProperty(db, request.params.id, request.body);
      recordChange(request, {
        entity: 'product-property',
        entityId: property.id,
        action: 'update',
        before: { name: before.name, value: before.value },
        after: request.body,
      });
      return { property };
    },
  });

  app.delete('/product-properties/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Deletes a property',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      const removed = await deleteProperty(db, request.params.id);
      recordChange(request, {
        entity: 'product-property',
        entityId: removed.id,
        action: 'delete',
        before: { productId: removed.productId, name: removed.name, value: removed.value },
      });
      return { deleted: true as const };
    },
  });
}
