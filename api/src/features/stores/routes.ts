/**
 * Stores (docs/product.md §7 Stores; docs/feeds.md "API"): the public list
 * used by filters, details with counts, the admin list limited to the caller's stores, a
 * store's products, and the admin writes, including deleting all of a store's prices with
 * what they leave behind.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAllPricesResultSchema, isUrlOrSitePath, paginationSchema, storeProductSchema, storeSchema } from '@koopjesland/shared/entities';
import { assertStoreAccess, storeScope } from '../auth/access';
import { recordChange } from '../audit/trail';
import { isUniqueViolation } from '../../db/sql';
import { conflict, forbidden, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idParam } from '../../http/route-schemas';
import { deleteAllStorePrices } from './delete-prices';
import { copySavedImage } from '../image-copies/worker';
import {
  deleteStore,
  findStore,
  insertStore,
  listStoreProducts,
  listStores,
  STORE_PRODUCT_SORT_COLUMNS,
  STORE_SORT_COLUMNS,
  updateStore,
  type StoreProductSortField,
  type StoreSortField,
} from './repository';

const SORT_FIELDS = Object.keys(STORE_SORT_COLUMNS) as [StoreSortField, ...StoreSortField[]];
const PRODUCT_SORT_FIELDS = Object.keys(STORE_PRODUCT_SORT_COLUMNS) as [StoreProductSortField, ...StoreProductSortField[]];

const storeProductsQuery = pageQuery.extend({
  sortBy: z.enum(PRODUCT_SORT_FIELDS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  sortBy: z.enum(SORT_FIELDS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
});

/** A logo: an http(s) URL or a path on this site (the demo's and uploaded images); blank is none. */
const optionalLogo = z
  .string()
  .trim()
  .max(2000)
  .transform((v) => v || null)
  .refine((v) => v === null || isUrlOrSitePath(v), 'Please enter a valid URL or a path starting with /');

/** The texts of docs/product.md §5 "New store"; values are trimmed. */
const storeBody = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  slug: z
    .string({ message: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold only lowercase letters, digits and hyphens'),
  url: z
    .string({ message: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' })),
  logo: optionalLogo.nullish(),
});

export default async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['stores'];

  const loadStore = async (id: number) => {
    const store = await findStore(app.db, id);
    if (!store) throw notFound('Store not found');
    return store;
  };
  const slugTaken = (error: unknown) =>
    isUniqueViolation(error) ? conflict('A store with this slug already exists') : error;
  /** Loads a store the caller may manage (404 before 403, as every admin read). */
  const loadManagedStore = async (request: FastifyRequest, id: number) => {
    const store = await loadStore(id);
    assertStoreAccess(request, id);
    return store;
  };
  const changedFields = (store: Record<string, unknown>, changes: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(changes).map((key) => [key, store[key]]));

  app.get('/stores', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'List stores (paged, sortable; default name ascending)',
      querystring: listQuery,
      response: { 200: z.object({ stores: z.array(storeSchema), pagination: paginationSchema }), ...errorResponses(400) },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listStores(app.db, request.query);
      return { stores: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/admin/stores', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: 'The stores the caller manages with their counts (paged, searchable, sortable; default name ascending)',
      querystring: listQuery.extend({ limit: pageQuery.shape.limit }),
      response: { 200: z.object({ stores: z.array(storeSchema), pagination: paginationSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listStores(app.db, request.query, storeScope(request.authUser!), { counts: true });
      return { stores: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/stores/:id/products', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: "The products with an offer in the store (paged, searchable, sortable; default name ascending)",
      params: idParam,
      querystring: storeProductsQuery,
      response: {
        200: z.object({ products: z.array(storeProductSchema), pagination: paginationSchema }),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await loadManagedStore(request, request.params.id);
      const { rows, totalItems } = await listStoreProducts(app.db, request.params.id, request.query);
      return { products: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/stores/id/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One store with counts of current prices, ratings and feeds, average rating and last price update',
      params: idParam,
      response: { 200: storeSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => loadStore(request.params.id),
  });

  app.post('/stores', {
    config: { access: 'stores' },
    schema: { tags, summary: 'Create a store', body: storeBody, response: { 201: storeSchema, ...errorResponses(400, 401, 403, 409) } },
    handler: async (request, reply) => {
      // A store manager limited to some stores cannot add stores outside them.
      if (storeScope(request.authUser!) !== null) throw forbidden();
      const values = { ...request.body, logo: request.body.logo ?? null };
      const id = await insertStore(app.db, values).catch((error: unknown) => {
        throw slugTaken(error);
      });
      await copySavedImage(app, values.logo);
      recordChange(request, { entity: 'store', entityId: id, action: 'create', after: values });
      return reply.status(201).send(await loadStore(id));
    },
  });

  app.put('/stores/:id', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: 'Update a store (name, slug, url, logo)',
      params: idParam,
      body: storeBody.partial(),
      response: { 200: storeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const before = await loadManagedStore(request, id);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      const found = await updateStore(app.db, id, changes).catch((error: unknown) => {
        throw slugTaken(error);
      });
      if (!found) throw notFound('Store not found');
      await copySavedImage(app, changes.logo as string | null | undefined);
      recordChange(request, { entity: 'store', entityId: id, action: 'update', before: changedFields(before, changes), after: changes });
      return loadStore(id);
    },
  });

  app.delete('/stores/:id', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: 'Delete a store with its feeds and offers',
      params: idParam,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const before = await loadManagedStore(request, id);
      const result = await deleteAllStorePrices(app.db, id);
      if (!result) throw notFound('Store not found');
      await deleteStore(app.db, id);
      recordChange(request, { entity: 'store', entityId: id, action: 'delete', before: { name: before.name, slug: before.slug }, after: result });
      return reply.status(204).send(null);
    },
  });

  app.delete('/stores/:id/prices', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: "Delete all of a store's prices, the products left without any price and the aliases left without products",
      params: idParam,
      response: { 200: deleteAllPricesResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await loadManagedStore(request, request.params.id);
      const result = await deleteAllStorePrices(app.db, request.params.id);
      if (!result) throw notFound('Store not found');
      recordChange(request, { entity: 'store', entityId: request.params.id, action: 'delete-prices', after: result });
      return result;
    },
  });
}
