/**
 * Store ratings in the admin (docs/product.md §7 Admin): every rating, paged, newest first, with
 * the store's name and the author's email; filters by store, stars and user. An admin may
 * correct the stars or the comment, or remove a rating.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminStoreRatingSchema } from '@koopjesland/shared/entities';
import { registerAdminRecordRoutes } from '../audit/admin-records';
import { idField } from '../../http/route-schemas';
import { storeRatingRepository } from './repository';

export default async function storeRatingAdminRoutes(fastify: FastifyInstance) {
  registerAdminRecordRoutes(fastify, {
    path: '/admin/store-ratings',
    listKey: 'storeRatings',
    filters: {
      storeId: idField.optional(),
      stars: z.coerce.number().int().min(1).max(5).optional(),
      userId: idField.optional(),
    },
    auditEntity: 'store-rating',
    auditView: (rating) => ({ rating: rating.rating, comment: rating.comment, storeId: rating.storeId }),
    notFoundMessage: 'Store rating not found',
    recordSchema: adminStoreRatingSchema,
    changesSchema: z.object({
      rating: z.number().int().min(1).max(5).optional(),
      comment: z.string().trim().max(2000).nullish(),
    }),
    summaries: {
      list: 'All store ratings, newest first (admin)',
      one: 'One store rating (admin)',
      update: 'Correct a rating (1 to 5) or its comment (admin)',
      remove: 'Remove a store rating (admin)',
    },
    repository: storeRatingRepository(fastify.db),
  });
}
