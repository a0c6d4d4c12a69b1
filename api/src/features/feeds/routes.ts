/**
 * Store feeds and their runs (spec §7 Feeds, §5 "Feed form"): all admin (area 'stores').
 * Credentials are write-only: reads say only `hasCredentials`.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedCompressionSchema,
  feedImporterSchema,
  feedRunSchema,
  paginationSchema,
  storeFeedSchema,
} from '@koopjesland/shared/entities';
import { feedRuns, storeFeeds, stores } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { cancelRun, startRun, stopActiveRuns } from './runner';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const storeParams = z.object({ storeId: z.coerce.number().int().positive() });

const fieldList = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(10)]);

/** The documented parameters are checked; others are kept as given (docs/feeds.md). */
export const feedParametersSchema = z.looseObject({
  format: z.enum(['xml', 'csv', 'json']).optional(),
  delimiter: z.string().length(1).optional(),
  encoding: z.enum(['utf8', 'latin1']).optional(),
  recordElement: z.string().regex(/^[A-Za-z_][\w.-]*$/).optional(),
  zipEntry: z.string().max(200).optional(),
  intervalHours: z.number().positive().max(24 * 30).optional(),
  maxInvalidRatio: z.number().min(0).max(1).optional(),
  fieldMap: z
    .partialRecord(
      z.enum(['externalId', 'gtin', 'name', 'description', 'brand', 'price', 'currency', 'shipping', 'deliveryTime', 'url', 'images', 'categoryPath']),
      fieldList,
    )
    .optional(),
});

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

type FeedRow = typeof storeFeeds.$inferSelect;

async function withLastRuns(app: FastifyInstance, feeds: FeedRow[]) {
  const ids = feeds.map((f) => f.id);
  const runs = ids.length
    ? await app.db
        .selectDistinctOn([feedRuns.feedId], {
          feedId: feedRuns.feedId,
          id: feedRuns.id,
          status: feedRuns.status,
          startedAt: feedRuns.startedAt,
          finishedAt: feedRuns.finishedAt,
        })
        .from(feedRuns)
        .where(inArray(feedRuns.feedId, ids))
        .orderBy(feedRuns.feedId, desc(feedRuns.id))
    : [];
  return feeds.map(({ credentials, ...feed }) => {
    const run = runs.find((r) => r.feedId === feed.id);
    return {
      ...feed,
      importer: feedImporterSchema.parse(feed.importer),
      compression: feedCompressionSchema.parse(feed.compression),
      hasCredentials: !!credentials && Object.keys(credentials).length > 0,
      lastRun: run ? { id: run.id, status: run.status, startedAt: run.startedAt, finishedAt: run.finishedAt } : null,
    };
  });
}

async function loadFeed(app: FastifyInstance, id: number) {
  const [feed] = await app.db.select().from(storeFeeds).where(eq(storeFeeds.id, id));
  if (!feed) throw notFound('Feed not found');
  return feed;
}

export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['store feeds'];
  const access = { access: 'stores' as const };
  app.addHook('onClose', stopActiveRuns);

  app.get('/store-feeds/store/:storeId', {
    config: access,
    schema: { tags, summary: "A store's feeds", params: storeParams, response: { 200: z.array(storeFeedSchema) } },
    handler: async (request) => {
      const [store] = await app.db.select({ id: stores.id }).from(stores).where(eq(stores.id, request.params.storeId));
      if (!store) throw notFound('Store not found');
      const feeds = await app.db.select().from(storeFeeds).where(eq(storeFeeds.storeId, store.id)).orderBy(storeFeeds.name, storeFeeds.id);
      return withLastRuns(app, feeds);
    },
  });

  app.post('/store-feeds/store/:storeId', {
    config: access,
    schema: { tags, summary: 'Add a feed to a store', params: storeParams, body: feedBody, response: { 201: storeFeedSchema } },
    handler: async (request, reply) => {
      const [store] = await app.db.select({ id: stores.id }).from(stores).where(eq(stores.id, request.params.storeId));
      if (!store) throw notFound('Store not found');
      const [feed] = await app.db
        .insert(storeFeeds)
        .values({ ...request.body, url: request.body.url ?? null, credentials: request.body.credentials ?? null, storeId: store.id })
        .returning();
      const [result] = await withLastRuns(app, [feed!]);
      return reply.status(201).send(result!);
    },
  });

  app.get('/store-feeds/:id', {
    config: access,
    schema: { tags, summary: 'One feed', params: idParams, response: { 200: storeFeedSchema } },
    handler: async (request) => (await withLastRuns(app, [await loadFeed(app, request.params.id)]))[0]!,
  });

  app.put('/store-feeds/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Update a feed (credentials: omitted keeps them, null clears them)',
      params: idParams,
      body: feedUpdateBody,
      response: { 200: storeFeedSchema },
    },
    handler: async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      const [feed] = Object.keys(changes).length
        ? await app.db.update(storeFeeds).set(changes).where(eq(storeFeeds.id, request.params.id)).returning()
        : [await loadFeed(app, request.params.id)];
      if (!feed) throw notFound('Feed not found');
      return (await withLastRuns(app, [feed]))[0]!;
    },
  });

  app.delete('/store-feeds/:id', {
    config: access,
    schema: { tags, summary: 'Delete a feed (its offers stay, detached from it)', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const [active] = await app.db
        .select({ id: feedRuns.id })
        .from(feedRuns)
        .where(and(eq(feedRuns.feedId, request.params.id), eq(feedRuns.status, 'running')));
      if (active) throw conflict('A run of this feed is going: cancel it first');
      const deleted = await app.db.delete(storeFeeds).where(eq(storeFeeds.id, request.params.id)).returning({ id: storeFeeds.id });
      if (!deleted.length) throw notFound('Feed not found');
      return reply.status(204).send(null);
    },
  });

  app.post('/store-feeds/:id/run', {
    config: access,
    schema: {
      tags,
      summary: 'Start a run of the feed (202 with the queued run; 409 when one is going)',
      params: idParams,
      response: { 202: feedRunSchema },
    },
    handler: async (request, reply) => {
      const feed = await loadFeed(app, request.params.id);
      const run = await startRun(app, feed.id, 'manual');
      return reply.status(202).send(run as z.input<typeof feedRunSchema>);
    },
  });

  app.get('/store-feeds/:id/runs', {
    config: access,
    schema: {
      tags,
      summary: "A feed's runs, newest first",
      params: idParams,
      querystring: z.object({
        page: z.coerce.number().int().min(1).default(1),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      response: { 200: z.object({ runs: z.array(feedRunSchema), pagination: paginationSchema }) },
    },
    handler: async (request) => {
      const feed = await loadFeed(app, request.params.id);
      const { page, limit } = request.query;
      const [runs, [total]] = await Promise.all([
        app.db.select().from(feedRuns).where(eq(feedRuns.feedId, feed.id)).orderBy(desc(feedRuns.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ value: count() }).from(feedRuns).where(eq(feedRuns.feedId, feed.id)),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        runs: runs as z.input<typeof feedRunSchema>[],
        pagination: { currentPage: page, totalPages: Math.ceil(totalItems / limit), totalItems, itemsPerPage: limit },
      };
    },
  });

  app.get('/feed-runs/:id', {
    config: access,
    schema: { tags, summary: 'One feed run with its progress and counts', params: idParams, response: { 200: feedRunSchema } },
    handler: async (request) => {
      const [run] = await app.db.select().from(feedRuns).where(eq(feedRuns.id, request.params.id));
      if (!run) throw notFound('Feed run not found');
      return run as z.input<typeof feedRunSchema>;
    },
  });

  app.post('/feed-runs/:id/cancel', {
    config: access,
    schema: { tags, summary: 'Cancel a queued or running run', params: idParams, response: { 200: feedRunSchema } },
    handler: async (request) => {
      const cancelled = await cancelRun(app, request.params.id);
      if (cancelled) return cancelled as z.input<typeof feedRunSchema>;
      const [run] = await app.db.select({ id: feedRuns.id }).from(feedRuns).where(eq(feedRuns.id, request.params.id));
      if (!run) throw notFound('Feed run not found');
      throw conflict('The run has already finished');
    },
  });
}
