/**
 * The signed-in visitor's wishlist (docs/product.md §7 Wishlist). Every call is scoped to the caller:
 * another user's item answers 404, exactly like a missing one. Adding a product that is
 * already on the list updates its max price (one item per product and user).
 */
import { wishlistCheckSchema, wishlistItemSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { errorResponses } from '../../http/route-schemas';
import { runPriceAlerts } from '../price-alerts/alerts';
import { listProducts } from '../products/product-list';
import { findItemForProduct, productExists, removeItem, setMaxPrice, upsertItem, wishlistOf } from './repository';
import { idField } from '../../http/route-schemas';
import wishlistAdminRoutes from './admin-routes';

const errors = errorResponses(400, 401, 404);
const maxPrice = z.number().int().positive().max(100_000_000);
const itemRef = z.object({ wishlistItem: z.object({ id: z.number().int(), maxPrice: z.number().int() }) });

export default async function wishlistRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const userIdOf = (request: { authUser: { id: number } | null }) => request.authUser!.id;
  await app.register(wishlistAdminRoutes);

  app.get('/wishlist', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: "The caller's wishlist items, newest first, each with its product",
      security: [{ bearer: [] }],
      response: { 200: z.object({ wishlistItems: z.array(wishlistItemSchema) }), ...errors },
    },
    handler: async (request) => {
      const items = await wishlistOf(db, userIdOf(request));
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
      body: z.object({ productId: idField, maxPrice }),
      response: { 200: itemRef, 201: itemRef, ...errors },
    },
    handler: async (request, reply) => {
      const { productId, maxPrice: price } = request.body;
      if (!(await productExists(db, productId))) throw notFound('Product not found');
      const item = await upsertItem(db, userIdOf(request), productId, price);
      // A target already met sends its alert at once (a failed send stays pending; never fails this call).
      await runPriceAlerts(app, { userId: userIdOf(request) });
      // 201 for a new item, 200 for a new max price on an existing one.
      return reply.status(item.inserted ? 201 : 200).send({ wishlistItem: { id: item.id, maxPrice: item.maxPrice } });
    },
  });

  app.get('/wishlist/check/:productId', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: 'Whether the caller has this product on the wishlist',
      security: [{ bearer: [] }],
      params: z.object({ productId: idField }),
      response: { 200: wishlistCheckSchema, ...errors },
    },
    handler: async (request) => {
      const item = await findItemForProduct(db, userIdOf(request), request.params.productId);
      return { isWishlisted: Boolean(item), wishlistItemId: item?.id ?? null, maxPrice: item?.maxPrice ?? null };
    },
  });

  app.put('/wishlist/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: "Changes an item's max price",
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      body: z.object({ maxPrice }),
      response: { 200: itemRef, ...errors },
    },
    handler: async (request) => {
      const item = await setMaxPrice(db, userIdOf(request), request.params.id, request.body.maxPrice);
      if (!item) throw notFound('Wishlist item not found');
      await runPriceAlerts(app, { userId: userIdOf(request) });
      return { wishlistItem: item };
    },
  });

  app.delete('/wishlist/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['wishlist'],
      summary: 'Removes an item',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      if (!(await removeItem(db, userIdOf(request), request.params.id))) throw notFound('Wishlist item not found');
      return { deleted: true as const };
    },
  });
}
