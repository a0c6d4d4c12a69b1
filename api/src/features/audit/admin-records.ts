/**
 * The admin's read-and-correct routes over one kind of record (wishlist items, store ratings):
 * a paged list newest first with the feature's filters, one record, a correction and a
 * removal, all behind the config area. Each feature gives its repository and schemas;
 * corrections and removals go into the audit trail.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodRawShape, type ZodType } from 'zod';
import { changedFields, recordChange } from './trail';
import { paginationSchema } from '@koopjesland/shared/entities';
import { notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idParam } from '../../http/route-schemas';

export interface AdminRecordRepository<Row, Changes, Filters> {
  list(query: { page: number; limit: number } & Filters): Promise<{ rows: Row[]; totalItems: number }>;
  find(id: number): Promise<Row | undefined>;
  /** False when there is no such record. */
  update(id: number, changes: Changes): Promise<boolean>;
  remove(id: number): Promise<boolean>;
}

export interface AdminRecordRoutes<Row, Changes, Filters> {
  /** `/admin/wishlists`. */
  path: string;
  /** Key of the list in the answer (`wishlistItems`). */
  listKey: string;
  /** The list's filters as query parameters (`userId`, `storeId`, …), all optional. */
  filters: ZodRawShape;
  /** The record's name in the audit trail (`wishlist-item`). */
  auditEntity: string;
  /** What the audit trail shows of a record (the fields a correction may change). */
  auditView(row: Row): Record<string, unknown>;
  notFoundMessage: string;
  // The answer's schema; rows carry Dates that its serialiser writes as ISO strings.
  recordSchema: ZodType;
  changesSchema: ZodType<Changes>;
  summaries: { list: string; one: string; update: string; remove: string };
  repository: AdminRecordRepository<Row, Changes, Filters>;
}

export function registerAdminRecordRoutes<Row, Changes, Filters>(
  fastify: FastifyInstance,
  routes: AdminRecordRoutes<Row, Changes, Filters>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path, repository, recordSchema, summaries } = routes;
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const errors = errorResponses(400, 401, 403, 404);
  const findOrFail = async (id: number) => {
    const record = await repository.find(id);
    if (record === undefined) throw notFound(routes.notFoundMessage);
    return record;
  };

  app.get(path, {
    config: { access: 'config' },
    schema: {
      ...common,
      summary: summaries.list,
      querystring: pageQuery.extend(routes.filters),
      response: { 200: z.object({ [routes.listKey]: z.array(recordSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      const query = request.query as { page: number; limit: number } & Filters;
      const { rows, totalItems } = await repository.list(query);
      return { [routes.listKey]: rows, pagination: paginationOf(totalItems, query) };
    },
  });

  app.get(`${path}/:id`, {
    config: { access: 'config' },
    schema: { ...common, summary: summaries.one, params: idParam, response: { 200: recordSchema, ...errors } },
    handler: async (request) => findOrFail(request.params.id),
  });

  app.put(`${path}/:id`, {
    config: { access: 'config' },
    schema: {
      ...common,
      summary: summaries.update,
      params: idParam,
      body: routes.changesSchema,
      response: { 200: recordSchema, ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      const before = await findOrFail(id);
      if (!(await repository.update(id, request.body as Changes))) throw notFound(routes.notFoundMessage);
      const after = await findOrFail(id);
      const change = changedFields(routes.auditView(before), routes.auditView(after));
      if (Object.keys(change.after).length) recordChange(request, { entity: routes.auditEntity, entityId: id, action: 'update', ...change });
      return after;
    },
  });

  app.delete(`${path}/:id`, {
    config: { access: 'config' },
    schema: {
      ...common,
      summary: summaries.remove,
      params: idParam,
      response: { 200: z.object({ success: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      const before = await findOrFail(id);
      if (!(await repository.remove(id))) throw notFound(routes.notFoundMessage);
      recordChange(request, { entity: routes.auditEntity, entityId: id, action: 'delete', before: routes.auditView(before) });
      return { success: true as const };
    },
  });
}
