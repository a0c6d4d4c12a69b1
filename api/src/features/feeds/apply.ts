/**
 * Applies one run's staged records to the catalog, set-based. Matching against existing
 * products (GTIN, then the store's product id) runs first in short statements of its own
 * (phase 'matching'); then one transaction (phase 'applying') re-checks the matches, drops
 * duplicates, classifies offers against the current ones, holds the run when it would
 * expire too many of the feed's offers (collapse guard), creates missing products when the
 * feed allows it, links category aliases, creates/updates/refreshes offers with price
 * history, expires the feed's offers not seen, records the run's changes for its diff and
 * refreshes the products' price summaries. Records the run carried unchanged (their offer's
 * fingerprint, runner.ts) are not staged: they are listed in the run's carried table (db/run-staging.ts),
 * count as seen and take part only in the duplicate check.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { FeedProblemReason } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import {
  categories,
  categoryAliasCategories,
  categoryAliases,
  feedRunChanges,
  feedRuns,
  feedStaging,
  feedStagingUnchanged,
  priceHistory,
  prices,
  productCategories,
  productCategoryAliases,
  productIdentifiers,
  productImages,
  productPrices,
  productProperties,
  products,
  storeFeeds,
  stores,
} from '../../db/schema';
import { columnList, columnName as col, nextIdOf } from '../../db/sql';
import { appendPriceHistory, percentageChangeOf, priceChangeOf } from '../offers/offer-change';
import { refreshPriceSummariesOf } from '../offers/price-summary';
import { keepVerifiedFromPrices } from '../deals/repository';
import { holdImplausibleOffers, REJECTED_PRICE_REASON, routeReviewedRecords, type HeldRecord } from './plausibility';
import { showReportedOffersCarriedByRun } from '../offers/hidden-offers';
import { lastSeenOf } from '../offers/last-seen';
import { offerAlias } from '../offers/visible-offers';
import { profiled, type RunProfile } from './profile';
import { FeedFailure } from '../../importers/source';
import { registerImageUrls } from '../image-copies/copier';
import { normaliseRunProducts } from '../specifications/values';
import { analyzeRunStaging, dropRunStaging, indexRunStaging, runStaging } from '../../db/run-staging';

export interface ApplyTarget {
  runId: number;
  feedId: number;
  storeId: number;
  allowCreateProducts: boolean;
}

export interface ApplyCounts {
  offersCreated: number;
  offersUpdated: number;
  offersUnchanged: number;
  offersExpired: number;
  productsCreated: number;
  productsMatched: number;
}

export interface ApplyResult extends ApplyCounts {
  rejected: { position: number; reason: string; code: FeedProblemReason; value: string | null }[];
  /** Offers applied hidden as implausible (plausibility.ts): the run's 'implausible-price' problems. */
  held: HeldRecord[];
  /** "From" prices the store did not charge in the last 30 days (deals/repository.ts): dropped, counted as 'unverified-from-price'. */
  fromPricesDropped: { position: number; value: string | null }[];
}

/** The collapse guard: the share of the feed's current offers a run may expire; null = no guard. */
export interface ApplyOptions {
  maxExpireRatio: number | null;
  /** Notes each statement's time (the import benchmark). */
  profile?: RunProfile;
  /** The longest one statement may take (milliseconds); past it the transaction fails as ApplyTimedOut. */
  statementTimeoutMs?: number;
}

/** Thrown when a statement of the apply transaction ran past its timeout: the transaction was rolled back. */
export class ApplyTimedOut extends FeedFailure {
  constructor(readonly timeoutMs: number) {
    super(`Applying the run stopped: one step took longer than ${timeoutMs / 1000} s. Nothing was changed`);
  }
}

/** PostgreSQL's query_canceled, raised by statement_timeout. */
const QUERY_CANCELED = '57014';

function isStatementTimeout(error: unknown): boolean {
  for (let cause = error as { code?: string; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === QUERY_CANCELED) return true;
  }
  return false;
}

/** Thrown inside the transaction to roll it back when the collapse guard holds the run. */
export class RunHeld extends Error {
  constructor(
    readonly counts: ApplyResult,
    readonly currentOffers: number,
  ) {
    super(`The run would expire ${counts.offersExpired} of the feed's ${currentOffers} current offers`);
  }
}

type Tx = Pick<Database, 'execute'>;

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Advisory lock namespace of feed imports (the second key is the feed id). */
export const FEED_LOCK_NAMESPACE = 727_001;

export const DUPLICATE_REASON = 'Another record of this feed already offers the same product';
export const NO_MATCH_REASON = 'No product with this EAN/GTIN or store product id, and this feed does not create products';

/** The staged records of a run, as every statement below reads them (columns of the run's own table). */
const s = alias(feedStaging, 's');
/** The records a run carried unchanged (runner.ts). */
const u = alias(feedStagingUnchanged, 'u');
const p = offerAlias('p');
const P = sql`${prices} ${sql.identifier('p')}`;
/** An offer as a statement that updates it found it. */
const was = offerAlias('was');
const W = sql`${prices} ${sql.identifier('was')}`;

/** The run's own staging tables (db/run-staging.ts) under those aliases, as FROM, UPDATE and DELETE name them. */
function stagingOf(runId: number): { S: SQL; U: SQL } {
  const { staged, carried } = runStaging(runId);
  return { S: sql`${staged} ${sql.identifier('s')}`, U: sql`${carried} ${sql.identifier('u')}` };
}
/** A row's physical address in a staging table, under the alias the statement reads it. */
const ctid = (name: 's' | 'u') => sql`${sql.identifier(name)}.ctid`;

/** Links staged records to existing products by GTIN, then by the store's own product id. */
async function matchProducts(tx: Tx, runId: number, storeId: number): Promise<void> {
  const { S } = stagingOf(runId);
  await tx.execute(sql`
    update ${S} set ${col(s.productId)} = ${productIdentifiers.productId}
    from ${productIdentifiers}
    where ${s.runId} = ${runId} and ${s.productId} is null and ${s.gtin} is not null
      and ${productIdentifiers.value} = ${s.gtin} and ${productIdentifiers.type} in ('EAN', 'GTIN', 'UPC', 'GTIN-13', 'GTIN-14')`);
  await tx.execute(sql`
    update ${S} set ${col(s.productId)} = ${p.productId}
    from ${P}
    where ${s.runId} = ${runId} and ${s.productId} is null and ${s.externalId} is not null
      and ${p.storeId} = ${storeId} and ${p.externalId} = ${s.externalId}`);
}

/** Phase 'matching': outside the apply transaction, so the site stays responsive meanwhile. */
export async function matchStagedRun(db: Database, target: ApplyTarget): Promise<void> {
  // The staged rows were just written: without fresh statistics the planner takes this run's
  // thousands of rows for a handful and joins them row by row.
  const { carried } = runStaging(target.runId);
  await analyzeRunStaging(db, target.runId);
  await db.execute(sql`analyze ${carried}`);
  await matchProducts(db, target.runId, target.storeId);
}

/** Large growth, in rows, below which the planner's estimates are good enough. */
const GROWTH_WORTH_ANALYZING = 1_000;

/**
 * ANALYZE `table` when this transaction added more than a fifth of the rows the planner believes
 * it has. Runs inside the apply transaction: ANALYZE samples the transaction's own new rows. Its
 * lock conflicts with itself and is held to the commit, so while another feed's apply transaction
 * has analysed the table this one skips it (SKIP_LOCKED) instead of waiting for that whole
 * transaction: its statements join on indexed columns and stay linear without fresh statistics.
 */
async function analyzeIfGrown(tx: Tx, table: typeof products | typeof prices, added: number): Promise<void> {
  if (added < GROWTH_WORTH_ANALYZING) return;
  const [estimate] = await rows<{ tuples: number }>(tx, sql`
    select greatest(reltuples, 0)::float8 as tuples from pg_class where oid = ${getTableName(table)}::regclass`);
  if (added > (estimate?.tuples ?? 0) * 0.2) await tx.execute(sql`analyze (skip_locked) ${table}`);
}

/**
 * Settings for this transaction only (SET LOCAL): a statement timeout (a plan gone wrong fails the
 * run instead of holding the transaction's locks for hours), memory for its joins and sorts, and a commit
 * that does not wait for its WAL to reach the disk. That is safe here: a crash right after the
 * commit can at worst lose the run's changes as a whole (never half of them), and the run's end,
 * recorded next with an ordinary commit, flushes them first; a lost run is reaped and the feed
 * imported again. No JIT compilation: each statement runs once, over rows it reaches through
 * indexes and hash joins, and compiling its expressions cost more than it saved (up to a second
 * per statement on a busy machine). gin_pending_list_limit stays at the server's setting: a longer pending list
 * makes this run's inserts cheaper only by moving the merge into a later statement that reads
 * the index (a re-import's summary refresh), which then pays more than was saved.
 */
async function tuneApplyTransaction(tx: Tx, statementTimeoutMs: number): Promise<void> {
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('synchronous_commit', 'off', true),
    set_config('statement_timeout', ${String(statementTimeoutMs)}, true), set_config('jit', 'off', true)`);
}

/** Every statement of the apply step is linear in the run's size; this bounds one gone wrong anyway. */
const DEFAULT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** The tables `unchecked` inserts go to; every trigger of theirs must fire always (migrations 0019, 0024, 0030). */
const UNCHECKED_TABLES = [
  products, productPrices, prices, priceHistory, feedRunChanges, productIdentifiers, productImages, productProperties, productCategoryAliases, productCategories,
].map((table) => getTableName(table));

/**
 * Whether this transaction may insert without the per-row foreign-key checks: the role may set
 * session_replication_role (a superuser: the docker-compose database's owner, PGlite) and every
 * trigger of the tables written fires always, so that mode skips only the foreign-key checks.
 */
async function mayInsertUnchecked(tx: Tx): Promise<boolean> {
  const [row] = await rows<{ may: boolean }>(tx, sql`
    select current_setting('is_superuser') = 'on' and not exists (
      select 1 from pg_trigger t
      where t.tgrelid = any(${`{${UNCHECKED_TABLES.join(',')}}`}::regclass[]) and not t.tgisinternal and t.tgenabled <> 'A') as may`);
  return row?.may === true;
}

/** The id column of a table that inserted rows reference. */
type ReferencedId = Column & { table: PgTable };

/**
 * Takes the lock each foreign-key check would take (FOR KEY SHARE) on the rows of `id`'s table
 * that rows about to be inserted reference, once per row instead of once per referencing row, and
 * answers whether every one of them exists (else the checked statement runs and reports it).
 * Held to the end of the transaction: nobody deletes them meanwhile.
 */
async function lockReferenced(tx: Tx, id: ReferencedId, ids: SQL): Promise<boolean> {
  const [row] = await rows<{ wanted: number; locked: number }>(tx, sql`
    with wanted as (select distinct id from (${ids}) as w(id) where id is not null),
    locked as (select ${id} from ${id.table} where ${id} in (select id from wanted) for key share of ${id.table})
    select (select count(*) from wanted)::int as wanted, (select count(*) from locked)::int as locked`);
  return row !== undefined && row.wanted === row.locked;
}

/**
 * Runs inserts without their per-row foreign-key checks (session_replication_role = replica,
 * this transaction only) when `allowed`: for rows that reference only rows this transaction
 * created (new products, new offers) or locked with `lockReferenced`, each check would find what
 * is known to be there. Each check costs an index probe and a row lock per inserted row: about a
 * quarter of a large first import. Triggers still fire (migration 0019).
 */
async function unchecked<T>(tx: Tx, allowed: boolean, work: () => Promise<T>): Promise<T> {
  if (!allowed) return work();
  await tx.execute(sql`select set_config('session_replication_role', 'replica', true)`);
  const result = await work();
  await tx.execute(sql`select set_config('session_replication_role', 'origin', true)`);
  return result;
}

/** The feed's offers that count now. */
export async function currentOfferCount(db: Tx, feedId: number): Promise<number> {
  const [row] = await rows<{ count: number }>(db, sql`
    select count(*)::int as count from ${prices} where ${prices.feedId} = ${feedId} and ${prices.validTo} is null`);
  return row?.count ?? 0;
}

export async function applyStagedRun(db: Database, target: ApplyTarget, options: ApplyOptions): Promise<ApplyResult> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  try {
    return await applyInTransaction(db, target, options, statementTimeoutMs);
  } catch (error) {
    if (isStatementTimeout(error)) throw new ApplyTimedOut(statementTimeoutMs);
    throw error;
  }
}

async function applyInTransaction(db: Database, target: ApplyTarget, options: ApplyOptions, statementTimeoutMs: number): Promise<ApplyResult> {
  const { runId, feedId, storeId } = target;
  return db.transaction(async (transaction) => {
    // With a profile (the import benchmark), each statement's time is noted under its first words.
    const tx = profiled(transaction, options.profile, 'apply');
    // Two instances never apply the same feed at once, whatever their run bookkeeping says.
    await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK_NAMESPACE}, ${feedId})`);
    await tuneApplyTransaction(tx, statementTimeoutMs);
    const { S, U } = stagingOf(runId);
    const ofRun = sql`${s.runId} = ${runId}`;
    const staged = sql`${S} where ${ofRun}`;
    const priceOfferColumns = columnList(prices.id, prices.productId, prices.storeId, prices.amount, prices.shipping, prices.total);
    const changeColumns = columnList(
      feedRunChanges.runId, feedRunChanges.kind, feedRunChanges.priceId, feedRunChanges.productId, feedRunChanges.oldTotal, feedRunChanges.newTotal,
    );

    // Matches made before the lock may point at products deleted since; match the rest now.
    await tx.execute(sql`
      update ${S} set ${col(s.productId)} = null, ${col(s.isNewProduct)} = false, ${col(s.priceId)} = null, ${col(s.offerId)} = null
      where ${ofRun} and (${s.isNewProduct} or (${s.productId} is not null
        and not exists (select 1 from ${products} where ${products.id} = ${s.productId})))`);
    await matchProducts(tx, runId, storeId);
    // Implausible prices, part 1 (plausibility.ts): split offers keep their product; rejected totals stay out.
    const repeatedRejections = await routeReviewedRecords(tx, target);

    // One offer per product and store: the first record wins, a carried one among them (a carried
    // record's product can only meet staged records: each offer is carried once).
    const duplicates = await rows<{ position: number; value: string | null }>(tx, sql`
      with candidates as (
        select true as is_staged, ${ctid('s')} as row_id, ${s.productId} as product_id, ${s.productKey} as product_key, ${s.position} as position
        from ${staged}
        union all
        select false, ${ctid('u')}, ${u.productId}, null, ${u.position}
        from ${U} where ${u.runId} = ${runId}
          and ${u.productId} in (select ${s.productId} from ${staged} and ${s.productId} is not null)),
      ranked as (
        select is_staged, row_id, row_number() over (
          partition by coalesce('p:' || product_id::text, product_key) order by position) as n
        from candidates),
      staged_out as (
        delete from ${S} using ranked
        where ${ofRun} and ranked.is_staged and ${ctid('s')} = ranked.row_id and ranked.n > 1
        returning ${s.position} as position, coalesce(${s.gtin}, ${s.externalId}) as value),
      carried_out as (
        delete from ${U} using ranked
        where ${u.runId} = ${runId} and not ranked.is_staged and ${ctid('u')} = ranked.row_id and ranked.n > 1
        returning ${u.position} as position, (select ${prices.externalId} from ${prices} where ${prices.id} = ${u.offerId}) as value)
      select position, value from staged_out union all select position, value from carried_out`);
    const rejected: ApplyResult['rejected'] = duplicates.map((d) => ({
      position: d.position,
      reason: DUPLICATE_REASON,
      code: 'duplicate-product',
      value: d.value,
    }));
    rejected.push(
      ...repeatedRejections.map((r) => ({ ...r, reason: REJECTED_PRICE_REASON, code: 'implausible-price' as const })),
    );

    if (!target.allowCreateProducts) {
      const unmatched = await rows<{ position: number; value: string | null }>(tx, sql`
        delete from ${S} where ${ofRun} and ${s.productId} is null
        returning ${s.position} as position, coalesce(${s.gtin}, ${s.externalId}) as value`);
      rejected.push(
        ...unmatched.map((m) => ({ position: m.position, reason: NO_MATCH_REASON, code: 'no-matching-product' as const, value: m.value })),
      );
    }

    // Offers: classify against the current offer of the product in this store.
    await tx.execute(sql`
      update ${S} set
        ${col(s.priceId)} = ${p.id},
        ${col(s.offerId)} = ${p.id},
        ${col(s.totalChanged)} = ${p.total} <> ${s.total},
        ${col(s.isChanged)} = ${p.validTo} is not null or ${p.total} <> ${s.total} or ${p.amount} <> ${s.amount}
          or ${p.shipping} <> ${s.shipping} or ${p.url} <> ${s.url} or ${p.inStock} <> ${s.inStock}
          or ${p.deliveryTime} is distinct from ${s.deliveryTime}
          or ${p.feedId} is distinct from ${feedId} or ${p.externalId} is distinct from ${s.externalId}
      from ${P}
      where ${ofRun} and ${p.productId} = ${s.productId} and ${p.storeId} = ${storeId}`);
    // What the run creates gets its ids up front, in one pass: every new offer its id, every new
    // product its id and its main image's id. So a new product is written once, with its image and
    // its price summary (its one offer), instead of being inserted and then updated twice. (A run
    // the collapse guard holds below leaves its ids unused: sequences have gaps anyway.)
    await tx.execute(sql`
      update ${S} set
        ${col(s.offerId)} = ${nextIdOf(prices.id)},
        ${col(s.productId)} = coalesce(${s.productId}, ${nextIdOf(products.id)}),
        ${col(s.isNewProduct)} = ${s.productId} is null,
        ${col(s.newImageId)} = case when ${s.productId} is null and ${s.images} is not null
          then ${nextIdOf(productImages.id)} end
      where ${ofRun} and ${s.priceId} is null`);
    await indexRunStaging(tx, runId);
    const [counts] = await rows<{ created: number; updated: number; unchanged: number; matched: number; unmatched: number }>(tx, sql`
      select
        count(*) filter (where ${s.priceId} is null)::int as created,
        count(*) filter (where ${s.priceId} is not null and ${s.isChanged})::int as updated,
        count(*) filter (where ${s.priceId} is not null and not ${s.isChanged})::int as unchanged,
        count(*) filter (where not ${s.isNewProduct})::int as matched,
        count(*) filter (where ${s.isNewProduct})::int as unmatched
      from ${staged}`);
    // One pass over the feed's current offers: those carried (an offer deleted or expired since
    // its record was carried is not), and those neither staged nor carried, which expire.
    // Joins, not a probe of both lists per offer: a hash join reads each list once. (Each offer
    // is carried at most once, and staged at most once after the duplicates went.)
    const [current] = await rows<{ carried: number; expiring: number }>(tx, sql`
      select count(c.offer_id)::int as carried, count(*) filter (where c.offer_id is null and r.offer_id is null)::int as expiring
      from ${P}
      left join (select ${u.offerId} as offer_id from ${U} where ${u.runId} = ${runId}) c on c.offer_id = ${p.id}
      left join (select ${s.offerId} as offer_id from ${staged}) r on r.offer_id = ${p.id}
      where ${p.feedId} = ${feedId} and ${p.validTo} is null`);
    const carried = current?.carried ?? 0;
    const result: ApplyResult = {
      offersCreated: counts?.created ?? 0,
      offersUpdated: counts?.updated ?? 0,
      offersUnchanged: (counts?.unchanged ?? 0) + carried,
      offersExpired: current?.expiring ?? 0,
      productsCreated: counts?.unmatched ?? 0,
      productsMatched: (counts?.matched ?? 0) + carried,
      rejected,
      held: [],
      fromPricesDropped: [],
    };

    if (options.maxExpireRatio !== null && result.offersExpired > 0) {
      const current = await currentOfferCount(tx, feedId);
      if (result.offersExpired > current * options.maxExpireRatio) throw new RunHeld(result, current);
    }

    // Rows the run creates reference new rows of its own, or the store, feed and run locked here once.
    const fast =
      (await mayInsertUnchecked(tx)) &&
      (await lockReferenced(tx, stores.id, sql`select ${storeId}::int`)) &&
      (await lockReferenced(tx, storeFeeds.id, sql`select ${feedId}::int`)) &&
      (await lockReferenced(tx, feedRuns.id, sql`select ${runId}::int`));

    // The staging statistics (taken before matching) still say these rows have no product, no
    // offer and no change: every join on them below (new products, changed offers, the summary
    // refresh) would be planned for one row and run as a loop per row (a re-import with 20,000
    // changed totals spent minutes rescanning an aggregate per product).
    const stagedRows = result.offersCreated + result.offersUpdated + result.offersUnchanged - carried;
    if (stagedRows >= GROWTH_WORTH_ANALYZING) await analyzeRunStaging(tx, runId);
    if (result.productsCreated > 0) {
      // Each new product with the summary a refresh would give it, its only offer being this one
      // (price-summary.ts), in one statement: the trigger that gives a product its summary row
      // finds it written. Unchecked: the summaries reference the products inserted beside them.
      const isNew = sql`${staged} and ${s.isNewProduct}`;
      await unchecked(tx, fast, () => tx.execute(sql`
        with created as (
          insert into ${products} (${columnList(
            products.id, products.slug, products.name, products.brand, products.description, products.image, products.imageId,
          )})
          select ${s.productId}, ${s.slug}, ${s.name}, ${s.brand}, ${s.description}, ${s.images}->>0, ${s.newImageId}
          from ${isNew})
        insert into ${productPrices} (${columnList(
          productPrices.productId, productPrices.lowestPriceId, productPrices.lowestTotal, productPrices.lowestStoreId,
          productPrices.highestTotal, productPrices.offerCount,
        )})
        select ${s.productId}, case when ${s.inStock} then ${s.offerId} end, case when ${s.inStock} then ${s.total} end,
          case when ${s.inStock} then ${storeId}::int end, ${s.total}, 1
        from ${isNew}`));
      await analyzeIfGrown(tx, products, result.productsCreated);
      await unchecked(tx, fast, async () => {
        // Another feed's run may create a product with the same GTIN meanwhile: its identifier wins.
        await tx.execute(sql`
          insert into ${productIdentifiers} (${columnList(productIdentifiers.productId, productIdentifiers.type, productIdentifiers.value)})
          select ${s.productId}, case when length(${s.gtin}) = 14 then 'GTIN' else 'EAN' end, ${s.gtin}
          from ${staged} and ${s.isNewProduct} and ${s.gtin} is not null
          on conflict do nothing`);
        // A URL listed twice is one image, at its first place (so the main image is always kept).
        // The products are new: nothing can conflict.
        await tx.execute(sql`
          insert into ${productImages} (${columnList(productImages.id, productImages.productId, productImages.url, productImages.storeId, productImages.isMain)})
          select case when i.n = 1 then i.new_image_id else ${nextIdOf(productImages.id)} end,
            i.product_id, i.url, ${storeId}, i.n = 1
          from (
            select distinct on (${s.productId}, x.url) ${s.productId} as product_id, ${s.newImageId} as new_image_id, x.url, x.n
            from ${S}, lateral jsonb_array_elements_text(${s.images}) with ordinality as x(url, n)
            where ${ofRun} and ${s.isNewProduct} and ${s.images} is not null
            order by ${s.productId}, x.url, x.n) as i`);
        // Our own copies of the new images are made after the run (features/image-copies).
        await registerImageUrls(tx, sql`
          select x.url from ${S}, lateral jsonb_array_elements_text(${s.images}) as x(url)
          where ${ofRun} and ${s.isNewProduct} and ${s.images} is not null`);
        await tx.execute(sql`
          insert into ${productProperties} (${columnList(productProperties.productId, productProperties.name, productProperties.value)})
          select ${s.productId}, x.name, x.value
          from ${S}, lateral jsonb_to_recordset(${s.properties}) as x(name text, value text)
          where ${ofRun} and ${s.isNewProduct} and ${s.properties} is not null`);
      });
    }

    // Category aliases: new paths start in the default category 'Overig' until someone assigns them.
    await tx.execute(sql`
      with new_aliases as (
        insert into ${categoryAliases} (${columnList(categoryAliases.path)})
        select distinct ${s.categoryPath} from ${staged} and ${s.categoryPath} is not null
        on conflict (${columnList(categoryAliases.path)}) do nothing
        returning ${categoryAliases.id} as id)
      insert into ${categoryAliasCategories} (${columnList(categoryAliasCategories.aliasId, categoryAliasCategories.categoryId)})
      select n.id, ${categories.id} from new_aliases n join ${categories} on ${categories.slug} = 'overig'
      on conflict do nothing`);
    // Existing products keep the links they have; a new product has none yet, so its links are
    // plain inserts, unchecked once the aliases and categories they name are locked. Links are
    // inserted in product order: their primary key (product first) then grows page by page
    // instead of taking a random page per row, as the unordered output of DISTINCT would.
    const aliasLinkColumns = columnList(productCategoryAliases.productId, productCategoryAliases.aliasId);
    await tx.execute(sql`
      insert into ${productCategoryAliases} (${aliasLinkColumns})
      select distinct ${s.productId}, ${categoryAliases.id}
      from ${S}
      join ${categoryAliases} on ${categoryAliases.path} = ${s.categoryPath}
      where ${ofRun} and not ${s.isNewProduct}
      order by ${s.productId}
      on conflict do nothing`);
    const newProductAliases = sql`
      from ${S} join ${categoryAliases} on ${categoryAliases.path} = ${s.categoryPath}
      where ${ofRun} and ${s.isNewProduct}`;
    if (result.productsCreated > 0) {
      await unchecked(tx, fast && (await lockReferenced(tx, categoryAliases.id, sql`select ${categoryAliases.id} ${newProductAliases}`)), () =>
        tx.execute(sql`
          insert into ${productCategoryAliases} (${aliasLinkColumns})
          select distinct ${s.productId}, ${categoryAliases.id} ${newProductAliases} order by ${s.productId}`),
      );
    }
    // Products without a category follow their aliases' categories (admins' choices are kept).
    const categoryLinkColumns = columnList(productCategories.productId, productCategories.categoryId);
    await tx.execute(sql`
      insert into ${productCategories} (${categoryLinkColumns})
      select distinct ${s.productId}, ${categoryAliasCategories.categoryId}
      from ${S}
      join ${categoryAliases} on ${categoryAliases.path} = ${s.categoryPath}
      join ${categoryAliasCategories} on ${categoryAliasCategories.aliasId} = ${categoryAliases.id}
      where ${ofRun} and not ${s.isNewProduct}
        and not exists (select 1 from ${productCategories} where ${productCategories.productId} = ${s.productId})
      order by ${s.productId}
      on conflict do nothing`);
    const newProductCategories = sql`
      from ${S}
      join ${categoryAliases} on ${categoryAliases.path} = ${s.categoryPath}
      join ${categoryAliasCategories} on ${categoryAliasCategories.aliasId} = ${categoryAliases.id}
      where ${ofRun} and ${s.isNewProduct}`;
    if (result.productsCreated > 0) {
      await unchecked(
        tx,
        fast && (await lockReferenced(tx, categories.id, sql`select ${categoryAliasCategories.categoryId} ${newProductCategories}`)),
        () =>
          tx.execute(sql`
            insert into ${productCategories} (${categoryLinkColumns})
            select distinct ${s.productId}, ${categoryAliasCategories.categoryId} ${newProductCategories} order by ${s.productId}`),
      );
    }

    // New offers, their first history entry and their change record in one statement, from the
    // inserted rows themselves: a join back to prices would be planned from statistics that do
    // not yet know this store's offers (a new store's first run took minutes on a large catalogue).
    // Unchecked when the existing products that get a new offer are locked (the new ones are ours).
    const pricesFast =
      fast && result.offersCreated > 0 &&
      (await lockReferenced(tx, products.id, sql`select ${s.productId} from ${staged} and ${s.priceId} is null and not ${s.isNewProduct}`));
    await unchecked(tx, pricesFast, () => tx.execute(sql`
      with inserted as (
        insert into ${prices} (${columnList(
          prices.id, prices.productId, prices.storeId, prices.feedId, prices.externalId, prices.amount, prices.shipping, prices.total, prices.url,
          prices.deliveryTime, prices.deliveryDays, prices.validFrom, prices.lastSeen, prices.inStock, prices.fingerprint, prices.recordHash,
        )})
        select ${s.offerId}, ${s.productId}, ${storeId}, ${feedId}, ${s.externalId}, ${s.amount}, ${s.shipping}, ${s.total}, ${s.url},
          ${s.deliveryTime}, ${s.deliveryDays}, now(), now(), ${s.inStock}, ${s.fingerprint}, ${s.recordHash}
        from ${staged} and ${s.priceId} is null
        returning ${priceOfferColumns}),
      history as (
        insert into ${priceHistory} (${columnList(
          priceHistory.priceId, priceHistory.productId, priceHistory.storeId, priceHistory.amount, priceHistory.shipping, priceHistory.total,
        )})
        select ${priceOfferColumns} from inserted)
      insert into ${feedRunChanges} (${changeColumns})
      select ${runId}, 'new', id, product_id, null, total from inserted`));
    // A run that grew the offers by a large share (a new store on a young site) leaves the
    // planner's statistics describing the table before it: every later step reads prices.
    await analyzeIfGrown(tx, prices, result.offersCreated);

    // Changed offers, and each change of a total for the run's diff, in one pass over them: `was`
    // is the offer as this statement found it. Unchecked: the changes reference the run, locked
    // above. (A new price, link or stock changes no indexed column: the offer's new version stays
    // on its page. Only a new store product id or a returning offer touches an index.)
    await unchecked(tx, fast, () => tx.execute(sql`
      with updated as (
        update ${P} set
          ${col(p.amount)} = ${s.amount}, ${col(p.shipping)} = ${s.shipping}, ${col(p.total)} = ${s.total}, ${col(p.url)} = ${s.url},
          ${col(p.deliveryTime)} = ${s.deliveryTime}, ${col(p.deliveryDays)} = ${s.deliveryDays}, ${col(p.inStock)} = ${s.inStock},
          ${col(p.feedId)} = ${feedId}, ${col(p.externalId)} = ${s.externalId}, ${col(p.fingerprint)} = ${s.fingerprint},
          ${col(p.recordHash)} = ${s.recordHash},
          ${col(p.priceChange)} = case when ${s.totalChanged} then ${priceChangeOf(sql`${s.total}`, sql`${p.total}`)} else ${p.priceChange} end,
          ${col(p.percentageChange)} = case when ${s.totalChanged} then ${percentageChangeOf(sql`${s.total}`, sql`${p.total}`)} else ${p.percentageChange} end,
          ${col(p.validFrom)} = case when ${s.totalChanged} or ${p.validTo} is not null then now() else ${p.validFrom} end,
          ${col(p.validTo)} = null, ${col(p.lastSeen)} = now(), ${col(p.updatedAt)} = now()
        from ${S} join ${W} on ${was.id} = ${s.offerId}
        where ${ofRun} and ${s.offerId} = ${p.id} and ${s.isChanged}
        returning ${p.id} as id, ${p.productId} as product_id, ${was.total} as old_total, ${s.total} as new_total,
          ${s.totalChanged} and ${was.validTo} is null as total_changed)
      insert into ${feedRunChanges} (${changeColumns})
      select ${runId}, 'changed', id, product_id, old_total, new_total from updated where total_changed`));
    // A record applied the full way without a change to its offer (a field only its product is
    // built from, a first run after fingerprints existed): its fingerprint lets the next run carry it.
    await tx.execute(sql`
      update ${P} set ${col(p.fingerprint)} = ${s.fingerprint}, ${col(p.recordHash)} = ${s.recordHash}
      from ${S}
      where ${ofRun} and ${s.priceId} is not null and ${s.offerId} = ${p.id} and not ${s.isChanged}
        and (${p.fingerprint}, ${p.recordHash}) is distinct from (${s.fingerprint}, ${s.recordHash})`);
    // An offer carried by its fingerprint that has no record hash yet (written before there were
    // any) gets its record's, so the next run carries it by its text.
    await tx.execute(sql`
      update ${P} set ${col(p.recordHash)} = ${u.recordHash}
      from ${U}
      where ${u.runId} = ${runId} and ${u.recordHash} is not null and ${p.id} = ${u.offerId} and ${p.recordHash} is null`);
    // Unchecked: the offers were updated (so locked) above.
    await unchecked(tx, fast, () =>
      appendPriceHistory(tx, sql`select ${s.priceId} from ${staged} and ${s.isChanged} and ${s.totalChanged}`),
    );
    // The offers carried unchanged are not written: the feed's mark, set below, says when the
    // run saw them (offers/last-seen.ts).
    // Offers hidden after wrong-price reports stay hidden only until the feed's next import
    // that carries them: this run carries them, so they are shown again.
    await showReportedOffersCarriedByRun(tx, feedId, sql`select ${s.priceId} from ${staged} and ${s.priceId} is not null`);

    // Offers of this feed missing from this complete run stop counting; each keeps the feed's
    // previous mark as when it was last seen. (Counted above: nothing else changes the feed's
    // offers meanwhile, so a run that expires none skips the pass over them.) Unchecked: the
    // changes reference the run.
    if (result.offersExpired > 0) await unchecked(tx, fast, () => tx.execute(sql`
      with expired as (
        update ${P} set ${col(p.validTo)} = now(), ${col(p.updatedAt)} = now(), ${col(p.lastSeen)} = ${lastSeenOf(p)}
        where ${p.feedId} = ${feedId} and ${p.validTo} is null
          and not exists (select 1 from ${staged} and ${s.offerId} = ${p.id})
          and not exists (select 1 from ${U} where ${u.runId} = ${runId} and ${u.offerId} = ${p.id})
        returning ${p.id} as id, ${p.productId} as product_id, ${p.total} as total)
      insert into ${feedRunChanges} (${changeColumns})
      select ${runId}, 'removed', id, product_id, total, null from expired`));

    // Implausible prices, part 2 (plausibility.ts): held hidden, without history or a drop, before the summaries.
    result.held = await holdImplausibleOffers(tx, target);

    // New products were written with their summary; the others' summaries follow their offers.
    await refreshPriceSummariesOf(
      tx,
      sql`select ${s.productId} from ${staged} and not ${s.isNewProduct} and (${s.priceId} is null or ${s.isChanged})`,
    );
    if (result.offersExpired > 0) {
      await refreshPriceSummariesOf(tx, sql`select ${prices.productId} from ${prices} where ${prices.feedId} = ${feedId} and ${prices.validTo} = now()`);
    }
    await tx.execute(sql`update ${stores} set ${col(stores.lastPriceUpdate)} = now() where ${stores.id} = ${storeId}`);
    // Every current offer of the feed was carried by this run (the rest were expired above).
    await tx.execute(sql`update ${storeFeeds} set ${col(storeFeeds.offersSeenAt)} = now() where ${storeFeeds.id} = ${feedId}`);
    // Honest deals: a "from" price is kept on the offer only when the store charged it lately.
    result.fromPricesDropped = await keepVerifiedFromPrices(tx, runStaging(runId).staged, runId, storeId);
    await normaliseRunProducts(tx, sql`select ${s.productId} from ${staged}`);
    // Dropped with the commit; a rollback (a held run) keeps them.
    await dropRunStaging(tx, [runId]);
    return result;
  });
}
