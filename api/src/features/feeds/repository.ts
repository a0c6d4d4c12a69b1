/**
 * Data access of feeds: the feeds themselves (credentials stay inside: reads say only whether
 * some are stored), their runs (queue, claim, progress, cancel, finish, reap), the staging rows
 * a run reads into, and which feeds are due. The routes, runner and scheduler hold no SQL; the
 * set-based apply of a run lives in apply.ts.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FeedRunChangeKind } from '@koopjesland/shared/entities';
import type { FeedRunTrigger } from '@koopjesland/shared/entities';
import { copyText, type CopyWriter, type Database, type DatabaseHandle } from '../../db/client';
import { isUniqueViolation, selectRows } from '../../db/sql';
import { feedRunChanges, feedRuns, prices, products, storeFeeds, stores } from '../../db/schema';
import { offsetOf } from '../../http/pagination';
import type { NormalisedOffer } from '../../importers/types';
import { offerFingerprint } from '../../importers/fingerprint';
import type { CarriedOffers } from './carried-offers';
import { DEFAULT_INTERVAL_HOURS, nextRunAt } from './schedule-times';
import { lastSeenOf } from '../offers/last-seen';
import { createRunStaging, dropRunStaging, runStagingNames } from '../../db/run-staging';

export type FeedRunRow = typeof feedRuns.$inferSelect;

export { DEFAULT_INTERVAL_HOURS };
export type FeedRunChanges = Partial<typeof feedRuns.$inferInsert>;
export type RunTrigger = FeedRunTrigger;

/** A queued run, or null when the feed already has one queued or running (any instance). */
export async function insertQueuedRun(db: Database, feedId: number, trigger: RunTrigger): Promise<FeedRunRow | null> {
  try {
    // One queued or running run per feed (a partial unique index): nothing is inserted when there is one.
    const [run] = await db.insert(feedRuns).values({ feedId, trigger, status: 'queued' }).onConflictDoNothing().returning();
    return run ?? null;
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
    // A try after a failed download starts afresh: the earlier try's reason no longer applies.
    .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date(), failureReason: null })
    .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'queued')))
    .returning();
  return run;
}

/** Moves a held run to running for Apply anyway; undefined when it is not held or its feed has a run going. */
export async function claimHeldRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  try {
    const [run] = await db
      .update(feedRuns)
      .set({ status: 'running', phase: 'matching', heartbeatAt: new Date(), heldReason: null })
      .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'held')))
      .returning();
    return run;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Discards held runs (one by id, or every one of a feed) and their staged rows. */
async function discardHeld(db: Database, which: SQL): Promise<FeedRunRow[]> {
  const runs = await db
    .update(feedRuns)
    .set({ status: 'discarded', phase: null, finishedAt: new Date() })
    .where(and(which, eq(feedRuns.status, 'held')))
    .returning();
  if (runs.length) await dropRunStaging(db, runs.map((run) => run.id));
  return runs;
}

export async function discardHeldRun(db: Database, runId: number): Promise<FeedRunRow | undefined> {
  return (await discardHeld(db, eq(feedRuns.id, runId)))[0];
}

export async function discardHeldRuns(db: Database, feedId: number): Promise<void> {
  await discardHeld(db, eq(feedRuns.feedId, feedId));
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

/** The staging columns a run writes, in the order of `stagingLine`. */
export const STAGING_COLUMNS = [
  'run_id', 'position', 'gtin', 'external_id', 'product_key', 'name', 'slug', 'brand', 'description',
  'amount', 'shipping', 'total', 'from_amount', 'url', 'delivery_time', 'delivery_days', 'category_path', 'images', 'properties',
  'in_stock', 'fingerprint', 'record_hash',
] as const;

/** One staged record as a line of COPY text. */
export function stagingLine(runId: number, o: NormalisedOffer, fingerprint = offerFingerprint(o)): string {
  return [
    runId,
    o.position,
    copyText(o.gtin),
    copyText(o.externalId),
    copyText(o.productKey),
    copyText(o.name),
    copyText(o.slug),
    copyText(o.brand),
    copyText(o.description),
    o.amount,
    o.shipping,
    o.total,
    copyText(o.fromAmount),
    copyText(o.url),
    copyText(o.deliveryTime),
    copyText(o.deliveryDays),
    copyText(o.categoryPath),
    o.images.length ? copyText(JSON.stringify(o.images)) : '\\N',
    o.properties.length ? copyText(JSON.stringify(o.properties)) : '\\N',
    o.inStock ? 't' : 'f',
    fingerprint,
    o.recordHash ?? '\\N',
  ].join('\t') + '\n';
}

/** Carried records listed per COPY write. */
const CARRIED_SLICE = 20_000;
/** The columns of a run's carried table (shaped as feed_staging_unchanged) in the order of `CarriedOffers.lines`. */
const UNCHANGED_COLUMNS = ['run_id', 'position', 'offer_id', 'product_id', 'record_hash'] as const;

export interface StagingWriter {
  add(batch: readonly NormalisedOffer[]): Promise<void>;
  /**
   * Lists the records carried since the last call in the run's carried table, once a slice of
   * them waits: the database takes them in while the file is still being read.
   */
  listCarried(carried: CarriedOffers): Promise<void>;
  /** Every added row is in the staging table once this resolves, and every carried record is listed. */
  finish(carried?: CarriedOffers): Promise<void>;
  /** Stops loading; the caller drops what was staged (`dropRunStaging`). */
  abort(): Promise<void>;
}

/**
 * Stages a run's records with COPY (one stream per run on PostgreSQL, slices on PGlite)
 * instead of INSERT statements: the database parses plain text, no JSON or parameters.
 */
export async function openStaging(handle: DatabaseHandle, runId: number): Promise<StagingWriter> {
  await createRunStaging(handle.db, runId);
  const tables = runStagingNames(runId);
  const writer = await handle.copyIn(tables.staged, STAGING_COLUMNS);
  /** The carried table's own COPY (a second connection on PostgreSQL), opened with its first slice. */
  let carriedWriter: CopyWriter | undefined;
  let listed = 0;
  const list = async (carried: CarriedOffers, atLeast: number) => {
    if (carried.count - listed < atLeast) return;
    carriedWriter ??= await handle.copyIn(tables.carried, UNCHANGED_COLUMNS);
    for (const text of carried.lines(runId, { from: listed, perSlice: CARRIED_SLICE })) await carriedWriter.write(text);
    listed = carried.count;
  };
  return {
    async add(batch) {
      let text = '';
      for (const offer of batch) text += stagingLine(runId, offer, offer.fingerprint);
      await writer.write(text);
    },
    listCarried: (carried) => list(carried, CARRIED_SLICE),
    async finish(carried) {
      await writer.finish();
      if (carried) await list(carried, 1);
      await carriedWriter?.finish();
    },
    async abort() {
      await Promise.all([writer.abort(), carriedWriter?.abort()]);
    },
  };
}

export async function findFeed(db: Database, feedId: number) {
  const [feed] = await db.select().from(storeFeeds).where(eq(storeFeeds.id, feedId));
  return feed;
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

/** A run as the API shows it: with its duration (so far, while it runs). */
export function presentRun(run: FeedRunRow) {
  const { problems: _problems, cancelRequested: _cancel, heartbeatAt: _heartbeat, priceChangesAt: _changes, ...rest } = run;
  const end = run.finishedAt ?? (run.status === 'running' ? new Date() : null);
  return { ...rest, durationMs: run.startedAt && end ? end.getTime() - run.startedAt.getTime() : null };
}

/**
 * A feed as the API shows it: `hasCredentials` instead of the credentials, its last run,
 * its current offers and when the scheduler starts it next.
 */
async function present(db: Database, feeds: FeedRow[]) {
  const ids = feeds.map((feed) => feed.id);
  const [runs, offers] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([feedRuns.feedId])
          .from(feedRuns)
          .where(inArray(feedRuns.feedId, ids))
          .orderBy(feedRuns.feedId, desc(feedRuns.id)),
        db
          .select({ feedId: prices.feedId, count: count() })
          .from(prices)
          .where(and(inArray(prices.feedId, ids), isNull(prices.validTo)))
          .groupBy(prices.feedId),
      ])
    : [[], []];
  const lastRunOf = new Map(runs.map((run) => [run.feedId, run]));
  const offersOf = new Map(offers.map((row) => [row.feedId, row.count]));
  return feeds.map(({ credentials, offersSeenAt: _offersSeenAt, ...feed }) => {
    const lastRun = lastRunOf.get(feed.id);
    return {
      ...feed,
      hasCredentials: !!credentials && Object.keys(credentials).length > 0,
      offerCount: offersOf.get(feed.id) ?? 0,
      nextRunAt: feed.isActive ? nextRunAt(feed.parameters, lastRun?.createdAt ?? null) : null,
      lastRun: lastRun ? presentRun(lastRun) : null,
    };
  });
}

/** The store's slug, which names its folder in the feed storage; undefined when there is no such store. */
export async function storeSlugOf(db: Database, storeId: number): Promise<string | undefined> {
  const [store] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
  return store?.slug;
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
  // Staged rows have no foreign key: a held run's go with it.
  await discardHeldRuns(db, id);
  return db.transaction(async (tx) => {
    // Its offers stay without a feed: each keeps when the feed last carried it (offers/last-seen.ts).
    await tx.update(prices).set({ lastSeen: lastSeenOf() }).where(and(eq(prices.feedId, id), isNull(prices.validTo)));
    const deleted = await tx.delete(storeFeeds).where(eq(storeFeeds.id, id)).returning({ id: storeFeeds.id });
    return deleted.length > 0;
  });
}

/** A feed's runs, newest first. */
export async function runsOfFeed(db: Database, feedId: number, paging: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(feedRuns).where(eq(feedRuns.feedId, feedId)).orderBy(desc(feedRuns.id)).limit(paging.limit).offset(offsetOf(paging)),
    db.select({ value: count() }).from(feedRuns).where(eq(feedRuns.feedId, feedId)),
  ]);
  return { runs: rows.map(presentRun), totalItems: total?.value ?? 0 };
}

/** The store a run's feed belongs to (for the store access check); undefined when there is no such run. */
export async function storeOfRun(db: Database, runId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ storeId: storeFeeds.storeId })
    .from(feedRuns)
    .innerJoin(storeFeeds, eq(storeFeeds.id, feedRuns.feedId))
    .where(eq(feedRuns.id, runId));
  return row?.storeId;
}

/** The feed's last successful run before this one. */
export async function previousSuccessfulRunId(db: Database, run: FeedRunRow): Promise<number | null> {
  const [row] = await db
    .select({ id: feedRuns.id })
    .from(feedRuns)
    .where(and(eq(feedRuns.feedId, run.feedId), eq(feedRuns.status, 'succeeded'), lt(feedRuns.id, run.id)))
    .orderBy(desc(feedRuns.id))
    .limit(1);
  return row?.id ?? null;
}

/** What an applied run changed: one kind, paged; price changes with the largest drops first. */
export async function changesOfRun(db: Database, runId: number, kind: FeedRunChangeKind, paging: { page: number; limit: number }) {
  const change = sql<number | null>`${feedRunChanges.newTotal} - ${feedRunChanges.oldTotal}`;
  const where = and(eq(feedRunChanges.runId, runId), eq(feedRunChanges.kind, kind));
  const [rows, summary] = await Promise.all([
    db
      .select({
        kind: feedRunChanges.kind,
        priceId: feedRunChanges.priceId,
        productId: feedRunChanges.productId,
        productName: sql<string>`coalesce(${products.name}, '')`,
        oldTotal: feedRunChanges.oldTotal,
        newTotal: feedRunChanges.newTotal,
        change,
      })
      .from(feedRunChanges)
      .leftJoin(products, eq(products.id, feedRunChanges.productId))
      .where(where)
      .orderBy(kind === 'changed' ? asc(change) : asc(products.name), asc(feedRunChanges.priceId))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db
      .select({ kind: feedRunChanges.kind, count: count() })
      .from(feedRunChanges)
      .where(eq(feedRunChanges.runId, runId))
      .groupBy(feedRunChanges.kind),
  ]);
  const countOf = (k: FeedRunChangeKind) => summary.find((row) => row.kind === k)?.count ?? 0;
  return {
    changes: rows,
    summary: { newOffers: countOf('new'), removedOffers: countOf('removed'), priceChanges: countOf('changed') },
    totalItems: countOf(kind),
  };
}

// ------------------------------------------------------------------ queue, workers, schedules

/**
 * Advisory-lock namespace of feed runs: the lock (FEED_RUN_LOCK, feed id) is held, on a
 * connection of its own, by the process that runs that feed, from before it claims the run
 * until after it recorded the end. A running run whose lock nobody holds lost its process.
 */
export const FEED_RUN_LOCK = 710_001;
/** Namespace of the transaction lock that makes "is it due, then queue it" one step per feed. */
const FEED_SCHEDULE_LOCK = 710_002;

/** Takes the feed's run lock for this session (a dedicated connection); false when another holds it. */
export async function tryLockFeed(db: Database, feedId: number): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(db, sql`select pg_try_advisory_lock(${FEED_RUN_LOCK}, ${feedId}) as locked`);
  return row?.locked === true;
}

export async function unlockFeed(db: Database, feedId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${FEED_RUN_LOCK}, ${feedId})`);
}

/**
 * PostgreSQL: marks running runs failed whose feed's run lock no session of this database holds
 * (their worker died: its connection closed and the lock went with it), and drops their staged
 * rows. Queued runs keep waiting for their job. Answers the runs reaped.
 */
export async function reapOrphanedRuns(db: Database, reason: string): Promise<number[]> {
  const lockHeld = sql`exists (
    select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${FEED_RUN_LOCK}::oid and l.objid = ${feedRuns.feedId}::oid and l.objsubid = 2)`;
  const reaped = await db
    .update(feedRuns)
    .set({ status: 'failed', phase: null, finishedAt: new Date(), failureReason: reason })
    .where(and(eq(feedRuns.status, 'running'), sql`not ${lockHeld}`))
    .returning({ id: feedRuns.id });
  const ids = reaped.map((run) => run.id);
  if (ids.length) await dropRunStaging(db, ids);
  return ids;
}

/** Queued runs (PGlite: their in-process jobs died with the process and are sent again). */
export async function queuedRunIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: feedRuns.id }).from(feedRuns).where(eq(feedRuns.status, 'queued')).orderBy(asc(feedRuns.id));
  return rows.map((row) => row.id);
}

/**
 * Puts a run whose download failed back in the queue for another try (its job retries after a
 * back-off); undefined when it cannot (cancelled meanwhile, or another run of the feed queued).
 */
export async function requeueRun(
  db: Database,
  runId: number,
  reason: string,
  from: 'failed' | 'cancelled',
): Promise<FeedRunRow | undefined> {
  try {
    const [run] = await db
      .update(feedRuns)
      .set({ status: 'queued', phase: null, finishedAt: null, failureReason: reason })
      .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, from)))
      .returning();
    return run;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * Turns a run that its own worker's shutdown cancelled on the last try into a failure saying so
 * (nobody cancelled it); undefined when the run is no longer cancelled.
 */
export async function failStoppedRun(db: Database, runId: number, reason: string): Promise<FeedRunRow | undefined> {
  const [run] = await db
    .update(feedRuns)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(feedRuns.id, runId), eq(feedRuns.status, 'cancelled')))
    .returning();
  return run;
}

export interface ScheduleCandidate {
  id: number;
  parameters: Record<string, unknown>;
  /** When the feed's last run was created; null when it never ran. */
  lastRunAt: Date | null;
  /** When a price of the feed's last successful run changes by itself (a sale period starts or ends). */
  priceChangesAt: Date | null;
}

/** Active feeds with their parameters, the creation time of their last run and their next price change, for the schedule. */
export async function scheduleCandidates(db: Database): Promise<ScheduleCandidate[]> {
  const lastRun = db
    .select({ feedId: feedRuns.feedId, at: sql<Date>`max(${feedRuns.createdAt})`.as('at') })
    .from(feedRuns)
    .groupBy(feedRuns.feedId)
    .as('last_run');
  const lastGood = db
    .selectDistinctOn([feedRuns.feedId], { feedId: feedRuns.feedId, changesAt: sql<Date | null>`${feedRuns.priceChangesAt}`.as('changes_at') })
    .from(feedRuns)
    .where(eq(feedRuns.status, 'succeeded'))
    .orderBy(feedRuns.feedId, desc(feedRuns.id))
    .as('last_good');
  const rows = await db
    .select({ id: storeFeeds.id, parameters: storeFeeds.parameters, lastRunAt: lastRun.at, priceChangesAt: lastGood.changesAt })
    .from(storeFeeds)
    .leftJoin(lastRun, eq(lastRun.feedId, storeFeeds.id))
    .leftJoin(lastGood, eq(lastGood.feedId, storeFeeds.id))
    .where(eq(storeFeeds.isActive, true))
    .orderBy(asc(storeFeeds.id));
  return rows.map((row) => ({
    ...row,
    lastRunAt: row.lastRunAt ? new Date(row.lastRunAt) : null,
    priceChangesAt: row.priceChangesAt ? new Date(row.priceChangesAt) : null,
  }));
}

/**
 * Queues a scheduled run exactly once however many workers ask at the same moment: under a
 * transaction lock per feed, the feed's last run is read again and must be older than `dueAfter`
 * (or absent); `then` runs in the same transaction (the queue's job goes in with the run).
 */
export async function queueIfDue<T>(
  db: Database,
  feedId: number,
  dueAfter: Date | null,
  then: (tx: Database, run: FeedRunRow) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEED_SCHEDULE_LOCK}, ${feedId})`);
    const recent = await tx
      .select({ id: feedRuns.id })
      .from(feedRuns)
      .where(and(eq(feedRuns.feedId, feedId), dueAfter ? sql`${feedRuns.createdAt} >= ${dueAfter.toISOString()}` : sql`true`))
      .limit(1);
    if (recent.length) return null;
    const [run] = await tx
      .insert(feedRuns)
      .values({ feedId, trigger: 'schedule', status: 'queued' })
      .onConflictDoNothing()
      .returning();
    if (!run) return null;
    return then(tx as unknown as Database, run);
  });
}
