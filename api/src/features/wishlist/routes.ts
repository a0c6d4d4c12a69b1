/**
 * The signed-in visitor's wishlist (spec §7 Wishlist). Every call is scoped to the caller:
 * another user's item answers 404, exactly like a missing one. Adding a product that is
 * already on the list updates its max price (one item per product and user).
 */
import { errorResponseSchema, wishlistCheckSchema, wishlistItemSchema } from '@koopjesland/shared/entities';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products, wishlistItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { listProducts } from '../products/product-list';
import { idParam } from '../products/query-params';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const maxPrice = z.number().int().positive().max(100_000_000);
const itemRef = z.object({ wishlistItem: z.object({ id: z.number().int(), maxPrice: z.number().int() }) });

export default async function wishlistRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const userIdOf = (request: { authUser: { id: number } | null }) => request.authUser!.id;

  app.get('/wishlist', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: "The caller's wishlist items, newest first, each with its product",
      security: [{ bearer: [] }],
      response: { 200: z.object({ wishlistItems: z.array(wishlistItemSchema) }), ...errors },
    },
    handler: async (request) => {
      const items = await db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userIdOf(request)))
        .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
      if (!items.length) return { wishlistItems: [] };
      const { products: rows } = await listProducts(db, {
        page: 1,
        limit: items.length,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        productIds: items.map((item) => item.productId),
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { wishlistItems: items.reverse().map((item) => ({ ...item, product: byId.get(item.productId) })) };
    },
  });

  app.post('/wishlist', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: 'Adds a product with a desired max price (cents); an existing item gets the new max price',
      security: [{ bearer: [] }],
      body: z.object({ productId: idParam, maxPrice }),
      response: { 200: itemRef, 201: itemRef, ...errors },
    },
    handler: async (request, reply) => {
      const { productId, maxPrice: price } = request.body;
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!product) throw notFound('Product not found');
      const [item] = await db
        .insert(wishlistItems)
        .values({ userId: userIdOf(request), productId, maxPrice: price })
        .onConflictDoUpdate({ target: [wishlistItems.userId, wishlistItems.productId], set: { maxPrice: price, updatedAt: new Date() } })
        // xmax is 0 only on a freshly inserted row: 201 for a new item, 200 for an update.
        .returning({ id: wishlistItems.id, maxPrice: wishlistItems.maxPrice, inserted: sql<boolean>`(xmax = 0)` });
      return reply.status(item!.inserted ? 201 : 200).send({ wishlistItem: { id: item!.id, maxPrice: item!.maxPrice } });
    },
  });

  app.get('/wishlist/check/:productId', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: 'Whether the caller has this product on the wishlist',
      security: [{ bearer: [] }],
      params: z.object({ productId: idParam }),
      response: { 200: wishlistCheckSchema, ...errors },
    },
    handler: async (request) => {
      const [item] = await db
        .select()
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userIdOf(request)), eq(wishlistItems.productId, request.params.productId)));
      return { isWishlisted: Boolean(item), wishlistItemId: item?.id ?? null, maxPrice: item?.maxPrice ?? null };
    },
  });

  app.put('/wishlist/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: "Changes an item's max price",
      security: [{ bearer: [] }],
      params: z.object({ id: idParam }),
      body: z.object({ maxPrice }),
      response: { 200: itemRef, ...errors },
    },
    handler: async (request) => {
      const [item] = await db
        .update(wishlistItems)
        .set({ maxPrice: request.body.maxPrice })
        .where(and(eq(wishlistItems.id, request.params.id), eq(wishlistItems.userId, userIdOf(request))))
        .returning({ id: wishlistItems.id, maxPrice: wishlistItems.maxPrice });
      if (!item) throw notFound('Wishlist item not found');
      return { wishlistItem: item };
    },
  });

  app.delete('/wishlist/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: 'Removes an item',
      security: [{ bearer: [] }],
      params: z.object({ id: idParam }),
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      const deleted = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.id, request.params.id), eq(wishlistItems.userId, userIdOf(request))))
        .returning({ id: wishlistItems.id });
      if (!deleted.length) throw notFound('Wishlist item not found');
      return { deleted: true as const };
    },
  });
}
