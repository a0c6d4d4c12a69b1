/**
 * Wishlists in the admin (spec §7 Admin): every user's wishlist items, paged, newest first,
 * with the user's email and the product's name; an admin may change a desired price or
 * remove an item.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWishlistItemSchema, errorResponseSchema, paginationSchema } from '@koopjesland/shared/entities';
import { products, users, wishlistItems } from '../../db/schema';
import { notFound } from '../../http/errors';
import { offsetOf, pageQuery, paginationOf } from '../../http/pagination';

const NOT_FOUND = 'Wishlist item not found';
const idParams = z.object({ id: z.coerce.number().int().positive() });

const adminWishlistRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  const select = () =>
    app.db
      .select({
        id: wishlistItems.id,
        productId: wishlistItems.productId,
        userId: wishlistItems.userId,
        maxPrice: wishlistItems.maxPrice,
        createdAt: wishlistItems.createdAt,
        updatedAt: wishlistItems.updatedAt,
        userEmail: users.email,
        productName: products.name,
      })
      .from(wishlistItems)
      .innerJoin(users, eq(users.id, wishlistItems.userId))
      .innerJoin(products, eq(products.id, wishlistItems.productId));

  async function findItem(id: number) {
    const [item] = await select().where(eq(wishlistItems.id, id)).limit(1);
    if (!item) throw notFound(NOT_FOUND);
    return item;
  }

  app.get(
    '/admin/wishlists',
    {
      config: { access: 'config' },
      schema: {
        ...common,
        summary: 'All wishlist items, newest first (admin)',
        querystring: pageQuery.extend({ userId: z.coerce.number().int().positive().optional() }),
        response: { 200: z.object({ wishlistItems: z.array(adminWishlistItemSchema), pagination: paginationSchema }), ...errors },
      },
    },
    async (request) => {
      const where = request.query.userId ? eq(wishlistItems.userId, request.query.userId) : undefined;
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id)).limit(request.query.limit).offset(offsetOf(request.query)),
        app.db.select({ value: count() }).from(wishlistItems).where(where),
      ]);
      return { wishlistItems: rows, pagination: paginationOf(total?.value ?? 0, request.query) };
    },
  );

  app.get(
    '/admin/wishlists/:id',
    { config: { access: 'config' }, schema: { ...common, summary: 'One wishlist item (admin)', params: idParams, response: { 200: adminWishlistItemSchema, ...errors } } },
    async (request) => findItem(request.params.id),
  );

  app.put(
    '/admin/wishlists/:id',
    {
      config: { access: 'config' },
      schema: {
        ...common,
        summary: 'Change the desired maximum price, in cents (admin)',
        params: idParams,
        body: z.object({ maxPrice: z.number().int().positive().max(100_000_000) }),
        response: { 200: adminWishlistItemSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await app.db
        .update(wishlistItems)
        .set({ maxPrice: request.body.maxPrice })
        .where(eq(wishlistItems.id, request.params.id))
        .returning({ id: wishlistItems.id });
      if (updated.length === 0) throw notFound(NOT_FOUND);
      return findItem(request.params.id);
    },
  );

  app.delete(
    '/admin/wishlists/:id',
    {
      config: { access: 'config' },
      schema: { ...common, summary: 'Remove a wishlist item (admin)', params: idParams, response: { 200: z.object({ success: z.literal(true) }), ...errors } },
    },
    async (request) => {
      const deleted = await app.db.delete(wishlistItems).where(eq(wishlistItems.id, request.params.id)).returning({ id: wishlistItems.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      return { success: true as const };
    },
  );
};

export default adminWishlistRoutes;
