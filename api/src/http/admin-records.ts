/**
 * The admin's read-and-correct routes over one kind of record (wishlist items, store ratings):
 * a paged list newest first with an optional owner filter, one record, a correction and a
 * removal, all behind the config area. Each feature gives its repository and schemas.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { paginationSchema } from '@koopjesland/shared/entities';
import { notFound } from './errors';
import { pageQuery, paginationOf } from './pagination';
import { errorResponses, idParam } from './route-schemas';

export interface AdminRecordRepository<Row, Changes> {
  list(query: { page: number; limit: number; ownerId?: number }): Promise<{ rows: Row[]; totalItems: number }>;
  find(id: number): Promise<Row | undefined>;
  /** False when there is no such record. */
  update(id: number, changes: Changes): Promise<boolean>;
  remove(id: number): Promise<boolean>;
}

export interface AdminRecordRoutes<Row, Changes> {
  /** `/admin/wishlists`. */
  path: string;
  /** Key of the list in the answer (`wishlistItems`). */
  listKey: string;
  /** Query parameter narrowing the list to one owner (`userId`, `storeId`). */
  ownerParam: string;
  notFoundMessage: string;
  // The answer's schema; rows carry Dates that its serialiser writes as ISO strings.
  recordSchema: ZodType;
  changesSchema: ZodType<Changes>;
  summaries: { list: string; one: string; update: string; remove: string };
  repository: AdminRecordRepository<Row, Changes>;
}

export function registerAdminRecordRoutes<Row, Changes>(fastify: FastifyInstance, routes: AdminRecordRoutes<Row, Changes>) {
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
      querystring: pageQuery.extend({ [routes.ownerParam]: idParam.shape.id.optional() }),
      response: { 200: z.object({ [routes.listKey]: z.array(recordSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      const query = request.query as { page: number; limit: number } & Record<string, number | undefined>;
      const { rows, totalItems } = await repository.list({ ...query, ownerId: query[routes.ownerParam] });
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
      if (!(await repository.update(request.params.id, request.body as Changes))) throw notFound(routes.notFoundMessage);
      return findOrFail(request.params.id);
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
      if (!(await repository.remove(request.params.id))) throw notFound(routes.notFoundMessage);
      return { success: true as const };
    },
  });
}
