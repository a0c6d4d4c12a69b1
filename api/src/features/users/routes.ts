/**
 * User administration (docs/product.md §7 Admin; docs/product.md "Accounts, roles and audit
 * API"): the paged list at GET /auth/users, and create, read, change and delete at /admin/users.
 * An admin can neither demote nor delete themself, and the last admin can never be removed, so
 * the site cannot lock itself out.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserSchema, paginationSchema, sortOrderSchema, userRoleSchema, type UserRole } from '@koopjesland/shared/entities';
import { changedFields, recordChange } from '../audit/trail';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { createResetToken, INVITATION_LINK_DAYS } from '../auth/reset-tokens';
import { insertUser } from '../auth/account-scope';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import { invitationMail } from '../../mail/templates';
import { mailerOf } from '../../mail/mailer';
import {
  deleteUser,
  emailTakenByOther,
  findAdminUser,
  listUsers,
  lockAdminIds,
  setStoreAssignments,
  unknownStoreIds,
  updateUser,
} from './repository';

const listQuery = pageQuery.extend({
  sortBy: z.enum(['email', 'isAdmin', 'role', 'createdAt', 'updatedAt', 'lastSignInAt']).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  search: z.string().trim().max(200).optional(),
  role: userRoleSchema.optional(),
});

const emailField = z.string().trim().toLowerCase().max(320).pipe(z.email('Enter a valid email address'));
const storeIdsField = z.array(idField).max(1000);

const createBody = z.object({
  email: emailField,
  role: userRoleSchema.default('user'),
  storeIds: storeIdsField.optional(),
  /** An initial password; without one an invitation mail lets the user choose it. */
  password: z.string().max(1024).optional(),
});

const updateBody = z.object({
  email: emailField.optional(),
  role: userRoleSchema.optional(),
  storeIds: storeIdsField.nullish(),
  /** The older form of role: true = admin, false = user. */
  isAdmin: z.boolean().optional(),
});

const LAST_ADMIN = 'The last admin cannot be removed';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['users'], security: [{ bearer: [] }] };

  const findOrFail = async (id: number) => {
    const user = await findAdminUser(app.db, id);
    if (!user) throw notFound('User not found');
    return user;
  };
  const assertStoresExist = async (storeIds: number[]) => {
    const unknown = await unknownStoreIds(app.db, storeIds);
    if (unknown.length) throw badRequest('Invalid storeIds', `Store not found: ${unknown.join(', ')}`);
  };
  /** What the trail shows of a user. */
  const auditView = (user: { email: string; role: UserRole; storeIds: number[] | null }) => ({
    email: user.email,
    role: user.role,
    storeIds: user.storeIds,
  });

  app.get('/auth/users', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'List users (admin)',
      querystring: listQuery,
      response: { 200: z.object({ users: z.array(adminUserSchema), pagination: paginationSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listUsers(app.db, request.query);
      return { users: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/admin/users/:id', {
    config: { access: 'users' },
    schema: { ...common, summary: 'One user (admin)', params: idParam, response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => findOrFail(request.params.id),
  });

  app.post('/admin/users', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'Create a user with an initial password, or send an invitation mail (admin)',
      body: createBody,
      response: { 201: adminUserSchema, ...errorResponses(400, 401, 403, 409, 502) },
    },
    handler: async (request, reply) => {
      const { email, role, password } = request.body;
      const storeIds = role === 'store_manager' ? (request.body.storeIds ?? []) : [];
      if (password !== undefined) {
        const problem = passwordProblem(password, email);
        if (problem) throw badRequest('Invalid password', problem);
      }
      await assertStoresExist(storeIds);
      // An invited user has no usable password until they follow the link.
      const passwordHash = await hashPassword(password ?? crypto.randomBytes(32).toString('base64url'));
      // The invitation is sent last inside the transaction: if it cannot be sent, no account is left behind.
      const created = await app.db.transaction(async (tx) => {
        const user = await insertUser(tx, { email, passwordHash, role });
        if (!user) return undefined;
        await setStoreAssignments(tx, user.id, storeIds);
        if (password === undefined) {
          const token = await createResetToken(tx, user.id, 'invitation');
          const link = `${app.config.publicUrl}/reset-password?token=${token}`;
          await mailerOf(app)
            .send(invitationMail(email, link, INVITATION_LINK_DAYS), tx)
            .catch((error: unknown) => {
              request.log.error({ err: error }, 'invitation mail could not be sent');
              throw new HttpError(502, 'The invitation mail could not be sent');
            });
        }
        return user;
      });
      if (!created) throw conflict('An account with this email already exists');
      const user = await findOrFail(created.id);
      recordChange(request, { entity: 'user', entityId: user.id, action: 'create', after: auditView(user) });
      return reply.status(201).send(user);
    },
  });

  app.put('/admin/users/:id', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: "Change a user's email, role or a store manager's stores (admin)",
      params: idParam,
      body: updateBody,
      response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const before = await findOrFail(id);
      const { email, isAdmin } = request.body;
      const role: UserRole =
        request.body.role ?? (isAdmin === true ? 'admin' : isAdmin === false && before.role === 'admin' ? 'user' : before.role);
      if (id === request.authUser!.id && before.role === 'admin' && role !== 'admin') {
        throw badRequest('Invalid role', 'You cannot remove your own admin rights');
      }
      if (email && (await emailTakenByOther(app.db, email, id))) throw conflict('An account with this email already exists');
      const storeIds = role !== 'store_manager' ? [] : request.body.storeIds !== undefined ? (request.body.storeIds ?? []) : null;
      if (storeIds) await assertStoresExist(storeIds);
      const lastAdmin = await app.db.transaction(async (tx) => {
        if (before.role === 'admin' && role !== 'admin') {
          const admins = await lockAdminIds(tx);
          if (admins.length <= 1 && admins.includes(id)) return true;
        }
        await updateUser(tx, id, { ...(email ? { email } : {}), role });
        // Unchanged assignments (null) stay; another role never keeps any.
        if (storeIds) await setStoreAssignments(tx, id, storeIds);
        return false;
      });
      if (lastAdmin) throw conflict(LAST_ADMIN);
      const after = await findOrFail(id);
      const change = changedFields(auditView(before), auditView(after));
      if (Object.keys(change.after).length) recordChange(request, { entity: 'user', entityId: id, action: 'update', ...change });
      return after;
    },
  });

  app.delete('/admin/users/:id', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'Delete a user (admin)',
      params: idParam,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      if (id === request.authUser!.id) throw badRequest('Invalid id', 'You cannot delete your own account');
      const before = await findOrFail(id);
      const lastAdmin = await app.db.transaction(async (tx) => {
        if (before.role === 'admin') {
          const admins = await lockAdminIds(tx);
          if (admins.length <= 1 && admins.includes(id)) return true;
        }
        await deleteUser(tx, id);
        return false;
      });
      if (lastAdmin) throw conflict(LAST_ADMIN);
      recordChange(request, { entity: 'user', entityId: id, action: 'delete', before: auditView(before) });
      return { success: true as const };
    },
  });
}
