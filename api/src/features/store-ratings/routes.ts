/**
 * Store ratings in the admin (spec §7 Admin): paged list, newest first, optionally for one
 * store; an admin may correct a rating or its comment, or remove it.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminStoreRatingSchema, errorResponseSchema, paginationSchema } from '@koopjesland/shared/entities';
import { storeRatings, stores, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { offsetOf, pageQuery, paginationOf } from '../../http/pagination';

const NOT_FOUND = 'Store rating not found';
const idParams = z.object({ id: z.coerce.number().int().positive() });

const storeRatingRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  const select = () =>
    app.db
      .select({
        id: storeRatings.id,
        storeId: storeRatings.storeId,
        userId: storeRatings.userId,
        rating: storeRatings.rating,
        comment: storeRatings.comment,
        createdAt: storeRatings.createdAt,
        updatedAt: storeRatings.updatedAt,
        storeName: stores.name,
        userEmail: users.email,
      })
      .from(storeRatings)
      .innerJoin(stores, eq(stores.id, storeRatings.storeId))
      .leftJoin(users, eq(users.id, storeRatings.userId));

  async function findRating(id: number) {
    const [rating] = await select().where(eq(storeRatings.id, id)).limit(1);
    if (!rating) throw notFound(NOT_FOUND);
    return rating;
  }

  app.get(
    '/admin/store-ratings',
    {
      config: { access: 'config' },
      schema: {
        ...common,
        summary: 'All store ratings, newest first (admin)',
        querystring: pageQuery.extend({ storeId: z.coerce.number().int().positive().optional() }),
        response: { 200: z.object({ storeRatings: z.array(adminStoreRatingSchema), pagination: paginationSchema }), ...errors },
      },
    },
    async (request) => {
      const where = request.query.storeId ? eq(storeRatings.storeId, request.query.storeId) : undefined;
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(desc(storeRatings.createdAt), desc(storeRatings.id)).limit(request.query.limit).offset(offsetOf(request.query)),
        app.db.select({ value: count() }).from(storeRatings).where(where),
      ]);
      return { storeRatings: rows, pagination: paginationOf(total?.value ?? 0, request.query) };
    },
  );

  app.get(
    '/admin/store-ratings/:id',
    { config: { access: 'config' }, schema: { ...common, summary: 'One store rating (admin)', params: idParams, response: { 200: adminStoreRatingSchema, ...errors } } },
    async (request) => findRating(request.params.id),
  );

  app.put(
    '/admin/store-ratings/:id',
    {
      config: { access: 'config' },
      schema: {
        ...common,
        summary: 'Correct a rating (1 to 5) or its comment (admin)',
        params: idParams,
        body: z.object({
          rating: z.number().int().min(1).max(5).optional(),
          comment: z.string().trim().max(2000).nullish(),
        }),
        response: { 200: adminStoreRatingSchema, ...errors },
      },
    },
    async (request) => {
      await findRating(request.params.id);
      const { rating, comment } = request.body;
      const changes = { ...(rating !== undefined ? { rating } : {}), ...(comment !== undefined ? { comment: comment || null } : {}) };
      if (Object.keys(changes).length) await app.db.update(storeRatings).set(changes).where(eq(storeRatings.id, request.params.id));
      return findRating(request.params.id);
    },
  );

  app.delete(
    '/admin/store-ratings/:id',
    {
      config: { access: 'config' },
      schema: { ...common, summary: 'Remove a store rating (admin)', params: idParams, response: { 200: z.object({ success: z.literal(true) }), ...errors } },
    },
    async (request) => {
      const deleted = await app.db.delete(storeRatings).where(eq(storeRatings.id, request.params.id)).returning({ id: storeRatings.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      return { success: true as const };
    },
  );
};

export default storeRatingRoutes;
