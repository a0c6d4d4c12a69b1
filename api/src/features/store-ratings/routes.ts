/**
 * Store ratings. Visitors: the store page /store/{slug} (public), and one rating per signed-in
 * visitor per store, editable. Admin (docs/product.md §7 Admin): paged list, newest first,
 * filtered by store, stars or rater; an admin may correct a rating or its comment, or remove it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownStoreRatingSchema, storePageSchema } from '@koopjesland/shared/entities';
import { notFound } from '../../http/errors';
import { errorResponses, idParam } from '../../http/route-schemas';
import { ownRatingOf, setOwnRating, storePageOf } from './repository';
import storeRatingAdminRoutes from './admin-routes';
import { storeExists } from '../stores/repository';

function visitorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['store ratings'];

  app.get('/stores/slug/:slug/page', {
    config: { access: 'public', cache: true },
    schema: {
      tags,
      summary: "A store's page: details, average rating and count, the latest ratings, its offers' categories",
      params: z.object({ slug: z.string().trim().min(1).max(200) }),
      response: { 200: storePageSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const page = await storePageOf(fastify.db, request.params.slug);
      if (!page) throw notFound('Store not found');
      return page;
    },
  });

  app.get('/stores/:id/my-rating', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "The caller's rating of the store, or null",
      params: idParam,
      response: { 200: z.object({ rating: ownStoreRatingSchema.nullable() }), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      if (!(await storeExists(fastify.db, request.params.id))) throw notFound('Store not found');
      return { rating: await ownRatingOf(fastify.db, request.params.id, request.authUser!.id) };
    },
  });

  app.put('/stores/:id/my-rating', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Sets the caller's rating of the store (1 to 5 stars, optional comment); a second call edits it",
      params: idParam,
      body: ownStoreRatingSchema,
      response: { 200: z.object({ rating: ownStoreRatingSchema }), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      if (!(await storeExists(fastify.db, request.params.id))) throw notFound('Store not found');
      const { rating, comment } = request.body;
      return { rating: await setOwnRating(fastify.db, request.params.id, request.authUser!.id, rating, comment || null) };
    },
  });
}

export default async function storeRatingRoutes(fastify: FastifyInstance) {
  visitorRoutes(fastify);
  await fastify.register(storeRatingAdminRoutes);
}
