/**
 * Wishlists in the admin (docs/product.md §7 Admin): every user's wishlist items, paged, newest
 * first, with the user's email and the product's name; an admin may change a desired price or
 * remove an item.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminWishlistItemSchema } from '@koopjesland/shared/entities';
import { registerAdminRecordRoutes } from '../../http/admin-records';
import { adminWishlistRepository } from './repository';

export default async function adminWishlistRoutes(fastify: FastifyInstance) {
  registerAdminRecordRoutes(fastify, {
    path: '/admin/wishlists',
    listKey: 'wishlistItems',
    ownerParam: 'userId',
    notFoundMessage: 'Wishlist item not found',
    recordSchema: adminWishlistItemSchema,
    changesSchema: z.object({ maxPrice: z.number().int().positive().max(100_000_000) }),
    summaries: {
      list: 'All wishlist items, newest first (admin)',
      one: 'One wishlist item (admin)',
      update: 'Change the desired maximum price, in cents (admin)',
      remove: 'Remove a wishlist item (admin)',
    },
    repository: adminWishlistRepository(fastify.db),
  });
}
