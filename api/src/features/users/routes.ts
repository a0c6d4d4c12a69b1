/**
 * User administration (spec §7 Admin): the paged, sortable, searchable list at
 * GET /auth/users and GET/PUT/DELETE /admin/users/{id}. An admin can neither remove
 * their own admin flag nor delete themselves, so the site never locks itself out by accident.
 */
import { and, asc, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, paginationSchema, sortOrderSchema, userSchema } from '@koopjesland/shared/entities';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { offsetOf, pageQuery, paginationOf } from '../../http/pagination';
import { publicUserColumns } from './columns';

const sortColumns = {
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} as const;

const listQuery = pageQuery.extend({
  sortBy: z.enum(['email', 'isAdmin', 'createdAt', 'updatedAt']).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  search: z.string().trim().max(200).optional(),
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

const updateBody = z.object({
  email: z.email().max(320).optional(),
  isAdmin: z.boolean().optional(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  async function findUser(id: number) {
    const [user] = await app.db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw notFound('User not found');
    return user;
  }

  app.get(
    '/auth/users',
    {
      config: { access: 'users' },
      schema: {
        tags: ['users'],
        summary: 'List users (admin)',
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.object({ users: z.array(userSchema), pagination: paginationSchema }), ...errors },
      },
    },
    async (request) => {
      const { sortBy, sortOrder, search } = request.query;
      const where = search ? ilike(users.email, `%${escapeLike(search)}%`) : undefined;
      const direction = sortOrder === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        app.db
          .select(publicUserColumns)
          .from(users)
          .where(where)
          .orderBy(direction(sortColumns[sortBy]), direction(users.id))
          .limit(request.query.limit)
          .offset(offsetOf(request.query)),
        app.db.select({ value: count() }).from(users).where(where),
      ]);
      return { users: rows, pagination: paginationOf(total?.value ?? 0, request.query) };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { access: 'users' },
      schema: {
        tags: ['users'],
        summary: 'One user (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: userSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => findUser(request.params.id),
  );

  app.put(
    '/admin/users/:id',
    {
      config: { access: 'users' },
      schema: {
        tags: ['users'],
        summary: 'Change a user\'s email or admin flag (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        body: updateBody,
        response: { 200: userSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findUser(id);
      if (id === request.authUser!.id && request.body.isAdmin === false) {
        throw badRequest('Invalid isAdmin', 'You cannot remove your own admin rights');
      }
      const email = request.body.email?.trim().toLowerCase();
      if (email) {
        const [taken] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, id)))
          .limit(1);
        if (taken) throw conflict('An account with this email already exists');
      }
      const changes = { ...(email ? { email } : {}), ...(request.body.isAdmin !== undefined ? { isAdmin: request.body.isAdmin } : {}) };
      if (Object.keys(changes).length === 0) return findUser(id);
      const [user] = await app.db.update(users).set(changes).where(eq(users.id, id)).returning(publicUserColumns);
      return user!;
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { access: 'users' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === request.authUser!.id) throw badRequest('Invalid id', 'You cannot delete your own account');
      await findUser(id);
      await app.db.delete(users).where(eq(users.id, id));
      return { success: true as const };
    },
  );
};

export default userRoutes;
