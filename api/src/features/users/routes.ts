/**
 * User administration (docs/product.md §7 Admin): the paged, sortable, searchable list at
 * GET /auth/users and GET/PUT/DELETE /admin/users/{id}. An admin can neither remove
 * their own admin flag nor delete themselves, so the site never locks itself out by accident.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationSchema, sortOrderSchema, userSchema } from '@koopjesland/shared/entities';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idParam } from '../../http/route-schemas';
import { deleteUser, emailTakenByOther, findUser, listUsers, updateUser } from './repository';

const listQuery = pageQuery.extend({
  sortBy: z.enum(['email', 'isAdmin', 'createdAt', 'updatedAt']).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  search: z.string().trim().max(200).optional(),
});

const updateBody = z.object({
  email: z.email().max(320).optional(),
  isAdmin: z.boolean().optional(),
});

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['users'], security: [{ bearer: [] }] };

  const findOrFail = async (id: number) => {
    const user = await findUser(app.db, id);
    if (!user) throw notFound('User not found');
    return user;
  };

  app.get('/auth/users', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'List users (admin)',
      querystring: listQuery,
      response: { 200: z.object({ users: z.array(userSchema), pagination: paginationSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listUsers(app.db, request.query);
      return { users: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/admin/users/:id', {
    config: { access: 'users' },
    schema: { ...common, summary: 'One user (admin)', params: idParam, response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => findOrFail(request.params.id),
  });

  app.put('/admin/users/:id', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: "Change a user's email or admin flag (admin)",
      params: idParam,
      body: updateBody,
      response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await findOrFail(id);
      if (id === request.authUser!.id && request.body.isAdmin === false) {
        throw badRequest('Invalid isAdmin', 'You cannot remove your own admin rights');
      }
      const email = request.body.email?.trim().toLowerCase();
      if (email && (await emailTakenByOther(app.db, email, id))) throw conflict('An account with this email already exists');
      const changes = { ...(email ? { email } : {}), ...(request.body.isAdmin !== undefined ? { isAdmin: request.body.isAdmin } : {}) };
      if (Object.keys(changes).length === 0) return findOrFail(id);
      return (await updateUser(app.db, id, changes)) ?? findOrFail(id);
    },
  });

  app.delete('/admin/users/:id', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'Delete a user (admin)',
      params: idParam,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { id } = request.params;
      if (id === request.authUser!.id) throw badRequest('Invalid id', 'You cannot delete your own account');
      await findOrFail(id);
      await deleteUser(app.db, id);
      return { success: true as const };
    },
  });
}
