/**
 * Store feeds and their runs (docs/product.md §7 Feeds, §5 "Feed form"): all admin (area 'stores').
 * Credentials are write-only: reads say only `hasCredentials`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedCompressionSchema,
  feedImporterSchema,
  feedParametersSchema,
  feedRunSchema,
  paginationSchema,
  storeFeedSchema,
} from '@koopjesland/shared/entities';
import { conflict, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import {
  deleteFeed,
  feedsOfStore,
  findRun,
  hasRunningRun,
  insertFeed,
  presentedFeed,
  runsOfFeed,
  storeExists,
  updateFeed,
} from './repository';
import { cancelRun, startRun, stopActiveRuns } from './runner';

const storeParams = z.object({ storeId: idField });

/** A relative path inside the feed storage folder: no absolute paths, no "..". */
const storagePath = z
  .string({ message: 'Storage path is required' })
  .trim()
  .min(1, 'Storage path is required')
  .max(500)
  .refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), 'The storage path must stay inside the feed storage folder');

const feedBody = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  importer: feedImporterSchema,
  url: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' }).nullable())
    .nullish(),
  path: storagePath,
  compression: feedCompressionSchema.default('none'),
  parameters: feedParametersSchema.default({}),
  allowCreateProducts: z.boolean().default(true),
  /** Write-only; null clears them. */
  credentials: z.record(z.string().max(100), z.string().max(2000)).nullish(),
  isActive: z.boolean().default(true),
});

const feedUpdateBody = z.object({
  name: feedBody.shape.name.optional(),
  importer: feedImporterSchema.optional(),
  url: feedBody.shape.url,
  path: storagePath.optional(),
  compression: feedCompressionSchema.optional(),
  parameters: feedParametersSchema.optional(),
  allowCreateProducts: z.boolean().optional(),
  credentials: feedBody.shape.credentials,
  isActive: z.boolean().optional(),
});

export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['store feeds'];
  const access = { access: 'stores' as const };
  const errors = errorResponses(400, 401, 403, 404);
  app.addHook('onClose', stopActiveRuns);

  const loadFeed = async (id: number) => {
    const feed = await presentedFeed(app.db, id);
    if (!feed) throw notFound('Feed not found');
    return feed;
  };
  const assertStore = async (storeId: number) => {
    if (!(await storeExists(app.db, storeId))) throw notFound('Store not found');
  };

  app.get('/store-feeds/store/:storeId', {
    config: access,
    schema: { tags, summary: "A store's feeds", params: storeParams, response: { 200: z.array(storeFeedSchema), ...errors } },
    handler: async (request) => {
      await assertStore(request.params.storeId);
      return feedsOfStore(app.db, request.params.storeId);
    },
  });

  app.post('/store-feeds/store/:storeId', {
    config: access,
    schema: { tags, summary: 'Add a feed to a store', params: storeParams, body: feedBody, response: { 201: storeFeedSchema, ...errors } },
    handler: async (request, reply) => {
      await assertStore(request.params.storeId);
      const { url, credentials, ...values } = request.body;
      const feed = await insertFeed(app.db, request.params.storeId, { ...values, url: url ?? null, credentials: credentials ?? null });
      return reply.status(201).send(feed);
    },
  });

  app.get('/store-feeds/:id', {
    config: access,
    schema: { tags, summary: 'One feed', params: idParam, response: { 200: storeFeedSchema, ...errors } },
    handler: async (request) => loadFeed(request.params.id),
  });

  app.put('/store-feeds/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Update a feed (credentials: omitted keeps them, null clears them)',
      params: idParam,
      body: feedUpdateBody,
      response: { 200: storeFeedSchema, ...errors },
    },
    handler: async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      const feed = await updateFeed(app.db, request.params.id, changes);
      if (!feed) throw notFound('Feed not found');
      return feed;
    },
  });

  app.delete('/store-feeds/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Delete a feed (its offers stay, detached from it)',
      params: idParam,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      if (await hasRunningRun(app.db, request.params.id)) throw conflict('A run of this feed is going: cancel it first');
      if (!(await deleteFeed(app.db, request.params.id))) throw notFound('Feed not found');
      return reply.status(204).send(null);
    },
  });

  app.post('/store-feeds/:id/run', {
    config: access,
    schema: {
      tags,
      summary: 'Start a run of the feed (202 with the queued run; 409 when one is going)',
      params: idParam,
      response: { 202: feedRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const feed = await loadFeed(request.params.id);
      return reply.status(202).send(await startRun(app, feed.id, 'manual'));
    },
  });

  app.get('/store-feeds/:id/runs', {
    config: access,
    schema: {
      tags,
      summary: "A feed's runs, newest first",
      params: idParam,
      querystring: pageQuery,
      response: { 200: z.object({ runs: z.array(feedRunSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      const feed = await loadFeed(request.params.id);
      const { runs, totalItems } = await runsOfFeed(app.db, feed.id, request.query);
      return { runs, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/feed-runs/:id', {
    config: access,
    schema: { tags, summary: 'One feed run with its progress and counts', params: idParam, response: { 200: feedRunSchema, ...errors } },
    handler: async (request) => {
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound('Feed run not found');
      return run;
    },
  });

  app.post('/feed-runs/:id/cancel', {
    config: access,
    schema: {
      tags,
      summary: 'Cancel a queued or running run',
      params: idParam,
      response: { 200: feedRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const cancelled = await cancelRun(app, request.params.id);
      if (cancelled) return cancelled;
      if (!(await findRun(app.db, request.params.id))) throw notFound('Feed run not found');
      throw conflict('The run has already finished');
    },
  });
}
