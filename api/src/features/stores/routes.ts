/**
 * Stores (spec §7 Stores): the public list used by filters, details with counts, and the
 * admin writes, including deleting all of a store's prices with what they leave behind.
 */
import { asc, desc, eq, ilike, or, sql, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAllPricesResultSchema, paginationSchema, storeSchema } from '@koopjesland/shared/entities';
import { stores } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { deleteAllStorePrices } from './delete-prices';

const idParams = z.object({ id: z.coerce.number().int().positive() });

const SORTABLE = {
  name: stores.name,
  slug: stores.slug,
  url: stores.url,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
  lastPriceUpdate: stores.lastPriceUpdate,
} as const;

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  sortBy: z.enum(Object.keys(SORTABLE) as [keyof typeof SORTABLE, ...(keyof typeof SORTABLE)[]]).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
});

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || null)
  .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' }).nullable());

/** The texts of spec §5 "New store"; values are trimmed. */
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
  logo: optionalUrl.nullish(),
});

const averageRating = sql<number | null>`(select round(avg(rating)::numeric, 1)::float8 from store_ratings r where r.store_id = "stores"."id")`;

async function loadStore(app: FastifyInstance, id: number) {
  const [store] = await app.db
    .select({
      id: stores.id,
      name: stores.name,
      slug: stores.slug,
      url: stores.url,
      logo: stores.logo,
      lastPriceUpdate: stores.lastPriceUpdate,
      createdAt: stores.createdAt,
      updatedAt: stores.updatedAt,
      averageRating,
      prices: sql<number>`(select count(*)::int from prices p where p.store_id = "stores"."id" and p.valid_to is null)`,
      storeRatings: sql<number>`(select count(*)::int from store_ratings r where r.store_id = "stores"."id")`,
      feeds: sql<number>`(select count(*)::int from store_feeds f where f.store_id = "stores"."id")`,
    })
    .from(stores)
    .where(eq(stores.id, id));
  if (!store) throw notFound('Store not found');
  const { prices, storeRatings, feeds, ...rest } = store;
  return { ...rest, _count: { prices, storeRatings, feeds } };
}

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export default async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['stores'];

  app.get('/stores', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'List stores (paged, sortable; default name ascending)',
      querystring: listQuery,
      response: { 200: z.object({ stores: z.array(storeSchema), pagination: paginationSchema }) },
    },
    handler: async (request) => {
      const { page, limit, sortBy, sortOrder, search } = request.query;
      const where = search ? or(ilike(stores.name, `%${search}%`), ilike(stores.slug, `%${search}%`)) : undefined;
      const order = sortOrder === 'asc' ? asc(SORTABLE[sortBy]) : desc(SORTABLE[sortBy]);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: stores.id,
            name: stores.name,
            slug: stores.slug,
            url: stores.url,
            logo: stores.logo,
            lastPriceUpdate: stores.lastPriceUpdate,
            createdAt: stores.createdAt,
            updatedAt: stores.updatedAt,
            averageRating,
          })
          .from(stores)
          .where(where)
          .orderBy(order, asc(stores.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ value: count() }).from(stores).where(where),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        stores: rows,
        pagination: { currentPage: page, totalPages: Math.ceil(totalItems / limit), totalItems, itemsPerPage: limit },
      };
    },
  });

  app.get('/stores/id/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One store with counts of current prices, ratings and feeds, average rating and last price update',
      params: idParams,
      response: { 200: storeSchema },
    },
    handler: async (request) => loadStore(app, request.params.id),
  });

  app.post('/stores', {
    config: { access: 'stores' },
    schema: { tags, summary: 'Create a store', body: storeBody, response: { 201: storeSchema } },
    handler: async (request, reply) => {
      try {
        const [created] = await app.db.insert(stores).values({ ...request.body, logo: request.body.logo ?? null }).returning();
        return reply.status(201).send(await loadStore(app, created!.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A store with this slug already exists');
        throw error;
      }
    },
  });

  app.put('/stores/:id', {
    config: { access: 'stores' },
    schema: { tags, summary: 'Update a store (name, slug, url, logo)', params: idParams, body: storeBody.partial(), response: { 200: storeSchema } },
    handler: async (request) => {
      const { id } = request.params;
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      try {
        const [updated] = Object.keys(changes).length
          ? await app.db.update(stores).set(changes).where(eq(stores.id, id)).returning({ id: stores.id })
          : await app.db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
        if (!updated) throw notFound('Store not found');
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A store with this slug already exists');
        throw error;
      }
      return loadStore(app, id);
    },
  });

  app.delete('/stores/:id', {
    config: { access: 'stores' },
    schema: { tags, summary: 'Delete a store with its feeds and offers', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const { id } = request.params;
      const result = await deleteAllStorePrices(app.db, id);
      if (!result) throw notFound('Store not found');
      await app.db.delete(stores).where(eq(stores.id, id));
      return reply.status(204).send(null);
    },
  });

  app.delete('/stores/:id/prices', {
    config: { access: 'stores' },
    schema: {
      tags,
      summary: "Delete all of a store's prices, the products left without any price and the aliases left without products",
      params: idParams,
      response: { 200: deleteAllPricesResultSchema },
    },
    handler: async (request) => {
      const result = await deleteAllStorePrices(app.db, request.params.id);
      if (!result) throw notFound('Store not found');
      return result;
    },
  });
}
