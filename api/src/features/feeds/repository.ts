/**
 * Data access of feeds: the feeds themselves (credentials stay inside: reads say only whether
 * some are stored), their runs (queue, claim, progress, cancel, finish, reap), the staging rows
 * a run reads into, and which feeds are due. The routes, runner and scheduler hold no SQL; the
 * set-based apply of a run lives in apply.ts.
 */
import { and, asc, count, desc, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { FeedRunTrigger } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { feedRuns, feedStaging, storeFeeds, stores } from '../../db/schema';
import { offsetOf } from '../../http/pagination';
import type { NormalisedOffer } from '../../importers/types';

export type FeedRunRow = typeof feedRuns.$inferSelect;
export type FeedRunChanges = Partial<typeof feedRuns.$inferInsert>;
export type RunTrigger = FeedRunTrigger;

/** A queued run, or null when the feed already has one queued or running (any instance). */
export async function insertQueuedRun(db: Database, feedId: number, trigger: RunTrigger): Promise<FeedRunRow | null> {
  try {
    const [run] = await db.insert(feedRuns).values({ feedId, trigger, status: 'queued' }).returning();
    return run!;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function findRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  const [run] = await db.select().from(feedRuns).where(eq(feedRuns.id, runId));
  return run;
}

/** Moves a queued run to running; undefined when it was not queued (cancelled meanwhile). */
export async function claimQueuedRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  const [run] = await db
    .update(feedRuns)
    .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'queued')))
    .returning();
  return run;
}

export async function cancelQueuedRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  const [run] = await db
    .update(feedRuns)
    .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date(), failureReason: 'Cancelled' })
    .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'queued')))
    .returning();
  return run;
}

export async function requestCancelOfRunningRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  const [run] = await db
    .update(feedRuns)
    .set({ cancelRequested: true })
    .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'running')))
    .returning();
  return run;
}

export async function touchRun(db: Database, runId: number): Promise<void> {
  await db.update(feedRuns).set({ heartbeatAt: sql`now()` }).where(eq(feedRuns.id, runId));
}

/** Records progress; answers whether a cancel was asked for meanwhile. */
export async function recordProgress(db: Database, runId: number, progress: FeedRunChanges): Promise<boolean> {
  const [run] = await db
    .update(feedRuns)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(eq(feedRuns.id, runId))
    .returning({ cancelRequested: feedRuns.cancelRequested });
  return run?.cancelRequested ?? false;
}

export async function isCancelRequested(db: Database, runId: number): Promise<boolean> {
  const [run] = await db.select({ cancel: feedRuns.cancelRequested }).from(feedRuns).where(eq(feedRuns.id, runId));
  return run?.cancel ?? false;
}

export async function finishRun(db: Database, runId: number, values: FeedRunChanges): Promise<FeedRunRow> {
  const [run] = await db
    .update(feedRuns)
    .set({ ...values, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(eq(feedRuns.id, runId))
    .returning();
  return run!;
}

/**
 * Marks unfinished runs failed: every one (`everything`, one process whose runs all died) or
 * those whose heartbeat went quiet; drops their staging rows. Answers how many.
 */
export async function reapRuns(db: Database, everything: boolean): Promise<number> {
  const stale = everything
    ? sql`true`
    : sql`coalesce(${feedRuns.heartbeatAt}, ${feedRuns.createdAt}) < now() - interval '2 minutes'`;
  const reaped = await db
    .update(feedRuns)
    .set({ status: 'failed', finishedAt: new Date(), failureReason: 'Interrupted: the server stopped during the run' })
    .where(and(inArray(feedRuns.status, ['queued', 'running']), stale))
    .returning({ id: feedRuns.id });
  if (reaped.length) {
    await db.delete(feedStaging).where(inArray(feedStaging.runId, reaped.map((run) => run.id)));
  }
  if (everything) {
    const running = db.select({ id: feedRuns.id }).from(feedRuns).where(eq(feedRuns.status, 'running'));
    await db.delete(feedStaging).where(notInArray(feedStaging.runId, running));
  }
  return reaped.length;
}

/** Stages one batch in a single statement: the rows travel as one JSON parameter. */
export async function stageBatch(db: Database, runId: number, batch: NormalisedOffer[]): Promise<void> {
  const payload = JSON.stringify(
    batch.map((o) => ({
      position: o.position,
      gtin: o.gtin,
      external_id: o.externalId,
      product_key: o.productKey,
      name: o.name,
      slug: o.slug,
      brand: o.brand,
      description: o.description,
      amount: o.amount,
      shipping: o.shipping,
      total: o.total,
      url: o.url,
      delivery_time: o.deliveryTime,
      delivery_days: o.deliveryDays,
      category_path: o.categoryPath,
      images: o.images.length ? o.images : null,
      properties: o.properties.length ? o.properties : null,
    })),
  );
  await db.execute(sql`
    insert into ${feedStaging} (run_id, "position", gtin, external_id, product_key, name, slug, brand, description,
      amount, shipping, total, url, delivery_time, delivery_days, category_path, images, properties)
    select ${runId}, x."position", x.gtin, x.external_id, x.product_key, x.name, x.slug, x.brand, x.description,
      x.amount, x.shipping, x.total, x.url, x.delivery_time, x.delivery_days, x.category_path, x.images, x.properties
    from jsonb_to_recordset(${payload}::jsonb) as x("position" int, gtin text, external_id text, product_key text,
      name text, slug text, brand text, description text, amount int, shipping int, total int, url text,
      delivery_time text, delivery_days int, category_path text, images jsonb, properties jsonb)`);
}

export async function dropStaging(db: Database, runId: number): Promise<void> {
  await db.delete(feedStaging).where(eq(feedStaging.runId, runId));
}

export async function findFeed(db: Database, feedId: number) {
  const [feed] = await db.select().from(storeFeeds).where(eq(storeFeeds.id, feedId));
  return feed;
}

/** Active feeds whose last run started longer ago than their interval (or that never ran). */
export async function dueFeedIds(db: Database, defaultIntervalHours: number): Promise<number[]> {
  const interval = sql`make_interval(secs => 3600 * coalesce((${storeFeeds.parameters}->>'intervalHours')::float8, ${defaultIntervalHours}))`;
  const recentRun = db
    .select({ one: sql`1` })
    .from(feedRuns)
    .where(and(eq(feedRuns.feedId, storeFeeds.id), sql`${feedRuns.createdAt} > now() - ${interval}`));
  const rows = await db
    .select({ id: storeFeeds.id })
    .from(storeFeeds)
    .where(and(eq(storeFeeds.isActive, true), notExists(recentRun)))
    .orderBy(asc(storeFeeds.id));
  return rows.map((row) => row.id);
}

/** Feeds for the import CLI: one by id, a store's active ones by slug, or every active one. */
export async function feedsToImport(
  db: Database,
  choice: { feedId?: number; storeSlug?: string },
): Promise<{ id: number; name: string }[]> {
  const columns = { id: storeFeeds.id, name: storeFeeds.name };
  if (choice.feedId !== undefined) return db.select(columns).from(storeFeeds).where(eq(storeFeeds.id, choice.feedId));
  if (choice.storeSlug !== undefined) {
    return db
      .select(columns)
      .from(storeFeeds)
      .innerJoin(stores, eq(stores.id, storeFeeds.storeId))
      .where(and(eq(stores.slug, choice.storeSlug), eq(storeFeeds.isActive, true)))
      .orderBy(asc(storeFeeds.id));
  }
  return db.select(columns).from(storeFeeds).where(eq(storeFeeds.isActive, true)).orderBy(asc(storeFeeds.id));
}

// ------------------------------------------------------------------ feeds

export type FeedRow = typeof storeFeeds.$inferSelect;
export type FeedValues = Omit<typeof storeFeeds.$inferInsert, 'id' | 'storeId' | 'createdAt' | 'updatedAt'>;

/** A feed as the API shows it: `hasCredentials` instead of the credentials, and its last run. */
async function present(db: Database, feeds: FeedRow[]) {
  const ids = feeds.map((feed) => feed.id);
  const runs = ids.length
    ? await db
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
  const lastRunOf = new Map(runs.map(({ feedId, ...run }) => [feedId, run]));
  return feeds.map(({ credentials, ...feed }) => ({
    ...feed,
    hasCredentials: !!credentials && Object.keys(credentials).length > 0,
    lastRun: lastRunOf.get(feed.id) ?? null,
  }));
}

export async function storeExists(db: Database, storeId: number): Promise<boolean> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return Boolean(store);
}

export async function feedsOfStore(db: Database, storeId: number) {
  const feeds = await db.select().from(storeFeeds).where(eq(storeFeeds.storeId, storeId)).orderBy(storeFeeds.name, storeFeeds.id);
  return present(db, feeds);
}

export async function presentedFeed(db: Database, id: number) {
  const feed = await findFeed(db, id);
  return feed ? (await present(db, [feed]))[0] : undefined;
}

export async function insertFeed(db: Database, storeId: number, values: FeedValues) {
  const [feed] = await db.insert(storeFeeds).values({ ...values, storeId }).returning();
  return (await present(db, [feed!]))[0]!;
}

/** Applies the given changes; undefined when there is no such feed. */
export async function updateFeed(db: Database, id: number, changes: Partial<FeedValues>) {
  const [feed] = Object.keys(changes).length
    ? await db.update(storeFeeds).set(changes).where(eq(storeFeeds.id, id)).returning()
    : [await findFeed(db, id)];
  return feed ? (await present(db, [feed]))[0] : undefined;
}

export async function hasRunningRun(db: Database, feedId: number): Promise<boolean> {
  const [active] = await db
    .select({ id: feedRuns.id })
    .from(feedRuns)
    .where(and(eq(feedRuns.feedId, feedId), eq(feedRuns.status, 'running')));
  return Boolean(active);
}

export async function deleteFeed(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(storeFeeds).where(eq(storeFeeds.id, id)).returning({ id: storeFeeds.id });
  return deleted.length > 0;
}

/** A feed's runs, newest first. */
export async function runsOfFeed(db: Database, feedId: number, paging: { page: number; limit: number }) {
  const [runs, [total]] = await Promise.all([
    db.select().from(feedRuns).where(eq(feedRuns.feedId, feedId)).orderBy(desc(feedRuns.id)).limit(paging.limit).offset(offsetOf(paging)),
    db.select({ value: count() }).from(feedRuns).where(eq(feedRuns.feedId, feedId)),
  ]);
  return { runs, totalItems: total?.value ?? 0 };
}
