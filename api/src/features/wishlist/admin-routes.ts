/**
 * Wishlists in the admin (docs/product.md §7 Admin): every user's wishlist items, paged, newest
 * first, with the user's email, the product's name, its current lowest price and whether the
 * desired price is met; filters by user, product, text and target met. An admin may change a
 * desired price or remove an item.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminWishlistItemSchema } from '@koopjesland/shared/entities';
import { registerAdminRecordRoutes } from '../audit/admin-records';
import { idField } from '../../http/route-schemas';
import { adminWishlistRepository } from './admin-repository';

export default async function wishlistAdminRoutes(fastify: FastifyInstance) {
  registerAdminRecordRoutes(fastify, {
    path: '/admin/wishlists',
    listKey: 'wishlistItems',
    filters: {
      userId: idField.optional(),
      productId: idField.optional(),
      search: z.string().trim().max(200).optional(),
      targetMet: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional(),
    },
    auditEntity: 'wishlist-item',
    auditView: (item) => ({ maxPrice: item.maxPrice, userId: item.userId, productId: item.productId }),
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
