/**
 * Store feeds and their runs (docs/product.md §7 Feeds, §5 "Feed form"; docs/feeds.md "API"): all admin (area 'stores'), each checked against the caller's stores.
 * Credentials are write-only: reads say only `hasCredentials`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEED_RUN_CHANGE_KINDS,
  feedCompressionSchema,
  feedImporterSchema,
  feedParametersSchema,
  feedProblemGroupSchema,
  feedRunChangeSchema,
  feedRunSchema,
  paginationSchema,
  storeFeedSchema,
  type FeedProblemGroup,
} from '@koopjesland/shared/entities';
import { assertStoreAccess } from '../auth/access';
import { recordChange } from '../audit/trail';
import { badRequest, conflict, notFound } from '../../http/errors';
import { ForbiddenHost, resolvePublicAddress, UnknownHost } from '../../importers/network-guard';
import { storagePathProblem } from '../../importers/storage-path';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import {
  changesOfRun,
  deleteFeed,
  discardHeldRun,
  feedsOfStore,
  findRun,
  hasRunningRun,
  insertFeed,
  presentedFeed,
  presentRun,
  previousSuccessfulRunId,
  runsOfFeed,
  storeOfRun,
  storeSlugOf,
  updateFeed,
  type FeedRunRow,
} from './repository';
import { isValidCron } from './schedule-times';
import { applyHeldRun, cancelRun, requestRun, stopActiveRuns } from './runner';

const storeParams = z.object({ storeId: idField });

/** A path in the feed storage folder; that it leads into the store's own folder is checked by assertStorePath. */
const storagePath = z.string({ message: 'Storage path is required' }).trim().min(1, 'Storage path is required').max(500);

/** The parameters as the schema says, and a cron expression the schedule can actually follow. */
const parametersSchema = feedParametersSchema.superRefine((parameters, context) => {
  if (typeof parameters.cron === 'string' && !isValidCron(parameters.cron)) {
    context.addIssue({ code: 'custom', path: ['cron'], message: 'Not a cron expression the schedule can follow' });
  }
});

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
  parameters: parametersSchema.default({}),
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
  parameters: parametersSchema.optional(),
  allowCreateProducts: z.boolean().optional(),
  credentials: feedBody.shape.credentials,
  isActive: z.boolean().optional(),
});

const diffQuery = pageQuery.extend({ kind: z.enum(FEED_RUN_CHANGE_KINDS).default('changed') });

/** What the audit trail keeps of a feed write: the fields, credentials only as set or not. */
function auditedFeedFields(values: Record<string, unknown>) {
  const { credentials, ...rest } = values;
  return credentials === undefined ? rest : { ...rest, credentials: credentials === null ? 'cleared' : 'set' };
}

const SSE_INTERVAL_MS = 1_000;
const isFinished = (run: FeedRunRow) => !['queued', 'running'].includes(run.status);

export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['store feeds'];
  const access = { access: 'stores' as const };
  const errors = errorResponses(400, 401, 403, 404);
  app.addHook('onClose', stopActiveRuns);

  const loadFeed = async (request: FastifyRequest, id: number) => {
    const feed = await presentedFeed(app.db, id);
    if (!feed) throw notFound('Feed not found');
    assertStoreAccess(request, feed.storeId);
    return feed;
  };
  /** The store's slug, after checking that the caller may manage the store. */
  const assertStore = async (request: FastifyRequest, storeId: number) => {
    const slug = await storeSlugOf(app.db, storeId);
    if (slug === undefined) throw notFound('Store not found');
    assertStoreAccess(request, storeId);
    return slug;
  };
  /** 400 for a storage path outside the store's own folder of the feed storage. */
  const assertStorePath = (storagePath: string | undefined, storeSlug: string) => {
    const problem = storagePath === undefined ? null : storagePathProblem(storagePath, storeSlug);
    if (problem) throw badRequest('Invalid path', `path: ${problem}`);
  };
  /** 400 for a feed URL on a local or private address; a host that does not resolve yet fails its runs instead. */
  const assertPublicFeedUrl = async (url: string | null | undefined) => {
    if (!url) return;
    try {
      await resolvePublicAddress(new URL(url).hostname, app.config.feedAllowedHosts);
    } catch (error) {
      if (error instanceof ForbiddenHost) throw badRequest('Invalid url', `url: ${error.message}`);
      if (!(error instanceof UnknownHost)) throw error;
    }
  };
  const loadRun = async (request: FastifyRequest, id: number) => {
    const storeId = await storeOfRun(app.db, id);
    const run = storeId === undefined ? undefined : await findRun(app.db, id);
    if (storeId === undefined || !run) throw notFound('Feed run not found');
    assertStoreAccess(request, storeId);
    return run;
  };

  app.get('/store-feeds/store/:storeId', {
    config: access,
    schema: {
      tags,
      summary: "A store's feeds, each with its last run, current offers and next scheduled run (feed health)",
      params: storeParams,
      response: { 200: z.array(storeFeedSchema), ...errors },
    },
    handler: async (request) => {
      await assertStore(request, request.params.storeId);
      return feedsOfStore(app.db, request.params.storeId);
    },
  });

  app.post('/store-feeds/store/:storeId', {
    config: access,
    schema: { tags, summary: 'Add a feed to a store', params: storeParams, body: feedBody, response: { 201: storeFeedSchema, ...errors } },
    handler: async (request, reply) => {
      const storeSlug = await assertStore(request, request.params.storeId);
      const { url, credentials, ...values } = request.body;
      assertStorePath(values.path, storeSlug);
      await assertPublicFeedUrl(url);
      const feed = await insertFeed(app.db, request.params.storeId, { ...values, url: url ?? null, credentials: credentials ?? null });
      recordChange(request, {
        entity: 'feed',
        entityId: feed.id,
        action: 'create',
        after: auditedFeedFields({ storeId: feed.storeId, ...request.body }),
      });
      return reply.status(201).send(feed);
    },
  });

  app.get('/store-feeds/:id', {
    config: access,
    schema: { tags, summary: 'One feed', params: idParam, response: { 200: storeFeedSchema, ...errors } },
    handler: async (request) => loadFeed(request, request.params.id),
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
      const before = await loadFeed(request, request.params.id);
      assertStorePath(request.body.path, (await storeSlugOf(app.db, before.storeId)) ?? '');
      await assertPublicFeedUrl(request.body.url);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      const feed = await updateFeed(app.db, request.params.id, changes);
      if (!feed) throw notFound('Feed not found');
      const previous = before as unknown as Record<string, unknown>;
      recordChange(request, {
        entity: 'feed',
        entityId: feed.id,
        action: 'update',
        before: Object.fromEntries(
          Object.keys(changes).map((key) => [key, key === 'credentials' ? (before.hasCredentials ? 'set' : 'none') : previous[key]]),
        ),
        after: auditedFeedFields(changes),
      });
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
      const feed = await loadFeed(request, request.params.id);
      if (await hasRunningRun(app.db, feed.id)) throw conflict('A run of this feed is going: cancel it first');
      if (!(await deleteFeed(app.db, feed.id))) throw notFound('Feed not found');
      recordChange(request, { entity: 'feed', entityId: feed.id, action: 'delete', before: { name: feed.name, storeId: feed.storeId } });
      return reply.status(204).send(null);
    },
  });

  app.post('/store-feeds/:id/run', {
    config: access,
    schema: {
      tags,
      summary: 'Start a run of the feed (202 with the queued run; 409 when one is going; a held run is discarded)',
      params: idParam,
      response: { 202: feedRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const feed = await loadFeed(request, request.params.id);
      const run = await requestRun(app, feed.id, 'manual');
      recordChange(request, { entity: 'feed', entityId: feed.id, action: 'feed-run', after: { runId: run.id } });
      return reply.status(202).send(presentRun(run));
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
      const feed = await loadFeed(request, request.params.id);
      const { runs, totalItems } = await runsOfFeed(app.db, feed.id, request.query);
      return { runs, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/feed-runs/:id', {
    config: access,
    schema: {
      tags,
      summary: 'One feed run with its live progress and counts (poll at most once a second while it runs)',
      params: idParam,
      response: { 200: feedRunSchema, ...errors },
    },
    handler: async (request) => presentRun(await loadRun(request, request.params.id)),
  });

  app.get('/feed-runs/:id/events', {
    config: access,
    schema: {
      tags,
      summary: 'Server-sent events: the run as JSON about once a second while it changes, closed after it ended',
      params: idParam,
      response: errors,
    },
    handler: async (request, reply) => {
      const runId = request.params.id;
      let run = await loadRun(request, runId);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      let closed = false;
      request.raw.on('close', () => {
        closed = true;
      });
      let last = '';
      try {
        for (;;) {
          const data = JSON.stringify(feedRunSchema.parse(presentRun(run)));
          if (data !== last) out.write(`data: ${data}\n\n`);
          last = data;
          if (closed || isFinished(run)) break;
          await new Promise((resolve) => setTimeout(resolve, SSE_INTERVAL_MS));
          const next = await findRun(app.db, runId);
          if (!next) break;
          run = next;
        }
      } catch (error) {
        // The stream has started: all that is left is to end it (the client polls on).
        request.log.warn({ err: error, runId }, 'feed run event stream stopped');
      } finally {
        out.end();
      }
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
      await loadRun(request, request.params.id);
      const cancelled = await cancelRun(app, request.params.id);
      if (!cancelled) throw conflict('The run has already finished');
      recordChange(request, { entity: 'feed-run', entityId: cancelled.id, action: 'cancel' });
      return presentRun(cancelled);
    },
  });

  app.post('/feed-runs/:id/apply', {
    config: access,
    schema: {
      tags,
      summary: 'Apply anyway: apply a run the collapse guard held',
      params: idParam,
      response: { 200: feedRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const held = await loadRun(request, request.params.id);
      if (held.status !== 'held') throw conflict('The run is not held');
      const run = await applyHeldRun(app, held.id);
      if (!run) throw conflict('The run is not held', 'Another run of this feed may be going');
      recordChange(request, { entity: 'feed-run', entityId: run.id, action: 'apply', before: { status: 'held' }, after: { status: run.status } });
      return presentRun(run);
    },
  });

  app.post('/feed-runs/:id/discard', {
    config: access,
    schema: {
      tags,
      summary: "Discard a run the collapse guard held; the last good run's offers stay",
      params: idParam,
      response: { 200: feedRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      await loadRun(request, request.params.id);
      const run = await discardHeldRun(app.db, request.params.id);
      if (!run) throw conflict('The run is not held');
      recordChange(request, { entity: 'feed-run', entityId: run.id, action: 'discard', before: { status: 'held' }, after: { status: run.status } });
      return presentRun(run);
    },
  });

  app.get('/feed-runs/:id/problems', {
    config: access,
    schema: {
      tags,
      summary: "A run's record problems grouped by reason, most frequent first, with up to 20 examples each",
      params: idParam,
      response: { 200: z.object({ problems: z.array(feedProblemGroupSchema) }), ...errors },
    },
    handler: async (request) => {
      const run = await loadRun(request, request.params.id);
      return { problems: run.problems as FeedProblemGroup[] };
    },
  });

  app.get('/feed-runs/:id/diff', {
    config: access,
    schema: {
      tags,
      summary: 'What the run changed against the previous successful run: new, removed offers, price changes (largest drops first)',
      params: idParam,
      querystring: diffQuery,
      response: {
        200: z.object({
          previousRunId: z.number().int().nullable(),
          summary: z.object({ newOffers: z.number().int(), removedOffers: z.number().int(), priceChanges: z.number().int() }),
          changes: z.array(feedRunChangeSchema),
          pagination: paginationSchema,
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const run = await loadRun(request, request.params.id);
      const { kind, ...paging } = request.query;
      const [previousRunId, diff] = await Promise.all([
        previousSuccessfulRunId(app.db, run),
        changesOfRun(app.db, run.id, kind, paging),
      ]);
      return { previousRunId, summary: diff.summary, changes: diff.changes, pagination: paginationOf(diff.totalItems, paging) };
    },
  });
}
