/**
 * Applies one run's staged records to the catalog, set-based. Matching against existing
 * products (GTIN, then the store's product id) runs first in short statements of its own
 * (phase 'matching'); then one transaction (phase 'applying') re-checks the matches, drops
 * duplicates, classifies offers against the current ones, holds the run when it would
 * expire too many of the feed's offers (collapse guard), creates missing products when the
 * feed allows it, links category aliases, creates/updates/refreshes offers with price
 * history, expires the feed's offers not seen, records the run's changes for its diff and
 * refreshes the products' price summaries.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FeedProblemReason } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
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

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Advisory lock namespace of feed imports (the second key is the feed id). */
export const FEED_LOCK_NAMESPACE = 727_001;

export const DUPLICATE_REASON = 'Another record of this feed already offers the same product';
export const NO_MATCH_REASON = 'No product with this EAN/GTIN or store product id, and this feed does not create products';

/** Links staged records to existing products by GTIN, then by the store's own product id. */
async function matchProducts(tx: Tx, runId: number, storeId: number): Promise<void> {
  await tx.execute(sql`
    update feed_staging s set product_id = pi.product_id
    from product_identifiers pi
    where s.run_id = ${runId} and s.product_id is null and s.gtin is not null
      and pi.value = s.gtin and pi.type in ('EAN', 'GTIN', 'UPC', 'GTIN-13', 'GTIN-14')`);
  await tx.execute(sql`
    update feed_staging s set product_id = p.product_id
    from prices p
    where s.run_id = ${runId} and s.product_id is null and s.external_id is not null
      and p.store_id = ${storeId} and p.external_id = s.external_id`);
}

/** Phase 'matching': outside the apply transaction, so the site stays responsive meanwhile. */
export async function matchStagedRun(db: Database, target: ApplyTarget): Promise<void> {
  // The staged rows were just written: without fresh statistics the planner takes this run's
  // thousands of rows for a handful and joins them row by row.
  await db.execute(sql`analyze feed_staging`);
  await matchProducts(db, target.runId, target.storeId);
}

/** Large growth, in rows, below which the planner's estimates are good enough. */
const GROWTH_WORTH_ANALYZING = 1_000;

/**
 * ANALYZE `table` when this transaction added more than a fifth of the rows the planner believes
 * it has. Runs inside the apply transaction: ANALYZE samples the transaction's own new rows.
 */
async function analyzeIfGrown(tx: Tx, table: 'products' | 'prices', added: number): Promise<void> {
  if (added < GROWTH_WORTH_ANALYZING) return;
  const [estimate] = await rows<{ tuples: number }>(tx, sql`
    select greatest(reltuples, 0)::float8 as tuples from pg_class where oid = ${table}::regclass`);
  if (added > (estimate?.tuples ?? 0) * 0.2) await tx.execute(sql.raw(`analyze ${table}`));
}

/**
 * Settings for this transaction only (SET LOCAL): a statement timeout (a plan gone wrong fails the
 * run instead of holding the transaction's locks for hours), memory for its joins and sorts, and a commit
 * that does not wait for its WAL to reach the disk. That is safe here: a crash right after the
 * commit can at worst lose the run's changes as a whole (never half of them), and the run's end,
 * recorded next with an ordinary commit, flushes them first; a lost run is reaped and the feed
 * imported again. gin_pending_list_limit stays at the server's setting: a longer pending list
 * makes this run's inserts cheaper only by moving the merge into a later statement that reads
 * the index (a re-import's summary refresh), which then pays more than was saved.
 */
async function tuneApplyTransaction(tx: Tx, statementTimeoutMs: number): Promise<void> {
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('synchronous_commit', 'off', true),
    set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`);
}

/** Every statement of the apply step is linear in the run's size; this bounds one gone wrong anyway. */
const DEFAULT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** The tables `unchecked` inserts go to; every trigger of theirs must fire always (migration 0019). */
const UNCHECKED_TABLES = [
  'prices', 'price_history', 'feed_run_changes', 'product_identifiers', 'product_images', 'product_properties',
  'product_category_aliases', 'product_categories',
];

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

type Referenced = 'stores' | 'store_feeds' | 'feed_runs' | 'products' | 'category_aliases' | 'categories';

/**
 * Takes the lock each foreign-key check would take (FOR KEY SHARE) on the rows of `table` that
 * rows about to be inserted reference, once per row instead of once per referencing row, and
 * answers whether every one of them exists (else the checked statement runs and reports it).
 * Held to the end of the transaction: nobody deletes them meanwhile.
 */
async function lockReferenced(tx: Tx, table: Referenced, ids: SQL): Promise<boolean> {
  const [row] = await rows<{ wanted: number; locked: number }>(tx, sql`
    with wanted as (select distinct id from (${ids}) as w(id) where id is not null),
    locked as (select t.id from ${sql.identifier(table)} t where t.id in (select id from wanted) for key share of t)
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
    select count(*)::int as count from prices where feed_id = ${feedId} and valid_to is null`);
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
    const staged = sql`feed_staging s where s.run_id = ${runId}`;

    // Matches made before the lock may point at products deleted since; match the rest now.
    await tx.execute(sql`
      update feed_staging s set product_id = null, is_new_product = false, price_id = null, offer_id = null
      where s.run_id = ${runId} and (s.is_new_product or (s.product_id is not null
        and not exists (select 1 from products p where p.id = s.product_id)))`);
    await matchProducts(tx, runId, storeId);
    // Implausible prices, part 1 (plausibility.ts): split offers keep their product; rejected totals stay out.
    const repeatedRejections = await routeReviewedRecords(tx, target);

    // One offer per product and store: the first record wins.
    const duplicates = await rows<{ position: number; value: string | null }>(tx, sql`
      with ranked as (
        select ctid as row_id, row_number() over (
          partition by coalesce('p:' || product_id::text, product_key) order by "position") as n
        from ${staged})
      delete from feed_staging s using ranked
      where s.run_id = ${runId} and s.ctid = ranked.row_id and ranked.n > 1
      returning s."position", coalesce(s.gtin, s.external_id) as value`);
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
        delete from feed_staging s where s.run_id = ${runId} and s.product_id is null
        returning s."position", coalesce(s.gtin, s.external_id) as value`);
      rejected.push(
        ...unmatched.map((u) => ({ position: u.position, reason: NO_MATCH_REASON, code: 'no-matching-product' as const, value: u.value })),
      );
    }

    // Offers: classify against the current offer of the product in this store.
    await tx.execute(sql`
      update feed_staging s set
        price_id = p.id,
        offer_id = p.id,
        total_changed = p.total <> s.total,
        is_changed = p.valid_to is not null or p.total <> s.total or p.amount <> s.amount
          or p.shipping <> s.shipping or p.url <> s.url or p.in_stock <> s.in_stock
          or p.delivery_time is distinct from s.delivery_time
          or p.feed_id is distinct from ${feedId} or p.external_id is distinct from s.external_id
      from prices p
      where s.run_id = ${runId} and p.product_id = s.product_id and p.store_id = ${storeId}`);
    const [counts] = await rows<{ created: number; updated: number; unchanged: number; matched: number; unmatched: number }>(tx, sql`
      select
        count(*) filter (where s.price_id is null)::int as created,
        count(*) filter (where s.price_id is not null and s.is_changed)::int as updated,
        count(*) filter (where s.price_id is not null and not s.is_changed)::int as unchanged,
        count(*) filter (where s.product_id is not null)::int as matched,
        count(*) filter (where s.product_id is null)::int as unmatched
      from ${staged}`);
    const [toExpire] = await rows<{ count: number }>(tx, sql`
      select count(*)::int as count from prices p
      where p.feed_id = ${feedId} and p.valid_to is null
        and not exists (select 1 from ${staged} and s.offer_id = p.id)`);
    const result: ApplyResult = {
      offersCreated: counts?.created ?? 0,
      offersUpdated: counts?.updated ?? 0,
      offersUnchanged: counts?.unchanged ?? 0,
      offersExpired: toExpire?.count ?? 0,
      productsCreated: counts?.unmatched ?? 0,
      productsMatched: counts?.matched ?? 0,
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
      (await lockReferenced(tx, 'stores', sql`select ${storeId}::int`)) &&
      (await lockReferenced(tx, 'store_feeds', sql`select ${feedId}::int`)) &&
      (await lockReferenced(tx, 'feed_runs', sql`select ${runId}::int`));

    // What the run creates gets its ids up front, in one pass: every new offer its id, every new
    // product its id and its main image's id. So a new product is written once, with its image and
    // its price summary (its one offer), instead of being inserted and then updated twice.
    if (result.offersCreated > 0) {
      await tx.execute(sql`
        update feed_staging s set
          offer_id = nextval(pg_get_serial_sequence('prices', 'id')),
          product_id = coalesce(s.product_id, nextval(pg_get_serial_sequence('products', 'id'))),
          is_new_product = s.product_id is null,
          new_image_id = case when s.product_id is null and s.images is not null
            then nextval(pg_get_serial_sequence('product_images', 'id')) end
        where s.run_id = ${runId} and s.price_id is null`);
    }
    // The staging statistics (taken before matching) still say these rows have no product, no
    // offer and no change: every join on them below (new products, changed offers, the summary
    // refresh) would be planned for one row and run as a loop per row (a re-import with 20,000
    // changed totals spent minutes rescanning an aggregate per product).
    const stagedRows = result.offersCreated + result.offersUpdated + result.offersUnchanged;
    if (stagedRows >= GROWTH_WORTH_ANALYZING) await tx.execute(sql`analyze feed_staging`);
    if (result.productsCreated > 0) {
      // The summary a refresh would give a product whose only offer is this one (price-summary.ts).
      await tx.execute(sql`
        insert into products (id, slug, name, brand, description, image, image_id,
          lowest_price_id, lowest_total, lowest_store_id, highest_total, offer_count)
        select s.product_id, s.slug, s.name, s.brand, s.description, s.images->>0, s.new_image_id,
          case when s.in_stock then s.offer_id end, case when s.in_stock then s.total end,
          case when s.in_stock then ${storeId}::int end, s.total, 1
        from ${staged} and s.is_new_product`);
      await analyzeIfGrown(tx, 'products', result.productsCreated);
      await unchecked(tx, fast, async () => {
        // Another feed's run may create a product with the same GTIN meanwhile: its identifier wins.
        await tx.execute(sql`
          insert into product_identifiers (product_id, type, value)
          select s.product_id, case when length(s.gtin) = 14 then 'GTIN' else 'EAN' end, s.gtin
          from ${staged} and s.is_new_product and s.gtin is not null
          on conflict do nothing`);
        // A URL listed twice is one image, at its first place (so the main image is always kept).
        // The products are new: nothing can conflict.
        await tx.execute(sql`
          insert into product_images (id, product_id, url, store_id, is_main)
          select case when i.n = 1 then i.new_image_id else nextval(pg_get_serial_sequence('product_images', 'id')) end,
            i.product_id, i.url, ${storeId}, i.n = 1
          from (
            select distinct on (s.product_id, x.url) s.product_id, s.new_image_id, x.url, x.n
            from feed_staging s, lateral jsonb_array_elements_text(s.images) with ordinality as x(url, n)
            where s.run_id = ${runId} and s.is_new_product and s.images is not null
            order by s.product_id, x.url, x.n) as i`);
        // Our own copies of the new images are made after the run (features/image-copies).
        await registerImageUrls(tx, sql`
          select x.url from feed_staging s, lateral jsonb_array_elements_text(s.images) as x(url)
          where s.run_id = ${runId} and s.is_new_product and s.images is not null`);
        await tx.execute(sql`
          insert into product_properties (product_id, name, value)
          select s.product_id, x.name, x.value
          from feed_staging s, lateral jsonb_to_recordset(s.properties) as x(name text, value text)
          where s.run_id = ${runId} and s.is_new_product and s.properties is not null`);
      });
    }

    // Category aliases: new paths start in the default category 'Overig' until someone assigns them.
    await tx.execute(sql`
      with new_aliases as (
        insert into category_aliases (path)
        select distinct s.category_path from ${staged} and s.category_path is not null
        on conflict (path) do nothing
        returning id)
      insert into category_alias_categories (alias_id, category_id)
      select n.id, c.id from new_aliases n join categories c on c.slug = 'overig'
      on conflict do nothing`);
    // Existing products keep the links they have; a new product has none yet, so its links are
    // plain inserts, unchecked once the aliases and categories they name are locked.
    await tx.execute(sql`
      insert into product_category_aliases (product_id, alias_id)
      select distinct s.product_id, a.id
      from feed_staging s
      join category_aliases a on a.path = s.category_path
      where s.run_id = ${runId} and not s.is_new_product
      on conflict do nothing`);
    const newProductAliases = sql`
      from feed_staging s join category_aliases a on a.path = s.category_path
      where s.run_id = ${runId} and s.is_new_product`;
    if (result.productsCreated > 0) {
      await unchecked(tx, fast && (await lockReferenced(tx, 'category_aliases', sql`select a.id ${newProductAliases}`)), () =>
        tx.execute(sql`insert into product_category_aliases (product_id, alias_id) select distinct s.product_id, a.id ${newProductAliases}`),
      );
    }
    // Products without a category follow their aliases' categories (admins' choices are kept).
    await tx.execute(sql`
      insert into product_categories (product_id, category_id)
      select distinct s.product_id, cac.category_id
      from feed_staging s
      join category_aliases a on a.path = s.category_path
      join category_alias_categories cac on cac.alias_id = a.id
      where s.run_id = ${runId} and not s.is_new_product
        and not exists (select 1 from product_categories pc where pc.product_id = s.product_id)
      on conflict do nothing`);
    const newProductCategories = sql`
      from feed_staging s
      join category_aliases a on a.path = s.category_path
      join category_alias_categories cac on cac.alias_id = a.id
      where s.run_id = ${runId} and s.is_new_product`;
    if (result.productsCreated > 0) {
      await unchecked(tx, fast && (await lockReferenced(tx, 'categories', sql`select cac.category_id ${newProductCategories}`)), () =>
        tx.execute(sql`
          insert into product_categories (product_id, category_id)
          select distinct s.product_id, cac.category_id ${newProductCategories}`),
      );
    }

    // New offers, their first history entry and their change record in one statement, from the
    // inserted rows themselves: a join back to prices would be planned from statistics that do
    // not yet know this store's offers (a new store's first run took minutes on a large catalogue).
    // Unchecked when the existing products that get a new offer are locked (the new ones are ours).
    const pricesFast =
      fast && result.offersCreated > 0 &&
      (await lockReferenced(tx, 'products', sql`select s.product_id from ${staged} and s.price_id is null and not s.is_new_product`));
    await unchecked(tx, pricesFast, () => tx.execute(sql`
      with inserted as (
        insert into prices (id, product_id, store_id, feed_id, external_id, amount, shipping, total, url,
          delivery_time, delivery_days, valid_from, last_seen, in_stock)
        select s.offer_id, s.product_id, ${storeId}, ${feedId}, s.external_id, s.amount, s.shipping, s.total, s.url,
          s.delivery_time, s.delivery_days, now(), now(), s.in_stock
        from ${staged} and s.price_id is null
        returning id, product_id, store_id, amount, shipping, total),
      history as (
        insert into price_history (price_id, product_id, store_id, amount, shipping, total)
        select id, product_id, store_id, amount, shipping, total from inserted)
      insert into feed_run_changes (run_id, kind, price_id, product_id, old_total, new_total)
      select ${runId}, 'new', id, product_id, null, total from inserted`));
    // A run that grew the offers by a large share (a new store on a young site) leaves the
    // planner's statistics describing the table before it: every later step reads prices.
    await analyzeIfGrown(tx, 'prices', result.offersCreated);

    await tx.execute(sql`
      insert into feed_run_changes (run_id, kind, price_id, product_id, old_total, new_total)
      select ${runId}, 'changed', p.id, p.product_id, p.total, s.total
      from feed_staging s join prices p on p.id = s.offer_id
      where s.run_id = ${runId} and s.total_changed and p.valid_to is null`);
    await tx.execute(sql`
      update prices p set
        amount = s.amount, shipping = s.shipping, total = s.total, url = s.url,
        delivery_time = s.delivery_time, delivery_days = s.delivery_days, in_stock = s.in_stock,
        feed_id = ${feedId}, external_id = s.external_id,
        price_change = case when s.total_changed then ${priceChangeOf(sql`s.total`, sql`p.total`)} else p.price_change end,
        percentage_change = case when s.total_changed then ${percentageChangeOf(sql`s.total`, sql`p.total`)} else p.percentage_change end,
        valid_from = case when s.total_changed or p.valid_to is not null then now() else p.valid_from end,
        valid_to = null, last_seen = now(), updated_at = now()
      from feed_staging s
      where s.run_id = ${runId} and s.offer_id = p.id and s.is_changed`);
    await appendPriceHistory(tx, sql`select s.price_id from ${staged} and s.is_changed and s.total_changed`);
    // The offers carried unchanged are not written: the feed's mark, set below, says when the
    // run saw them (offers/last-seen.ts).
    // Offers hidden after wrong-price reports stay hidden only until the feed's next import
    // that carries them: this run carries them, so they are shown again.
    await showReportedOffersCarriedByRun(tx, feedId, sql`select s.price_id from ${staged} and s.price_id is not null`);

    // Offers of this feed missing from this complete run stop counting; each keeps the feed's
    // previous mark as when it was last seen.
    await tx.execute(sql`
      with expired as (
        update prices p set valid_to = now(), updated_at = now(), last_seen = ${lastSeenOf(offerAlias('p'))}
        where p.feed_id = ${feedId} and p.valid_to is null
          and not exists (select 1 from ${staged} and s.offer_id = p.id)
        returning p.id, p.product_id, p.total)
      insert into feed_run_changes (run_id, kind, price_id, product_id, old_total, new_total)
      select ${runId}, 'removed', id, product_id, total, null from expired`);

    // Implausible prices, part 2 (plausibility.ts): held hidden, without history or a drop, before the summaries.
    result.held = await holdImplausibleOffers(tx, target);

    // New products were written with their summary; the others' summaries follow their offers.
    await refreshPriceSummariesOf(tx, sql`select s.product_id from ${staged} and not s.is_new_product and (s.price_id is null or s.is_changed)`);
    await refreshPriceSummariesOf(tx, sql`select product_id from prices where feed_id = ${feedId} and valid_to = now()`);
    await tx.execute(sql`update stores set last_price_update = now() where id = ${storeId}`);
    // Every current offer of the feed was carried by this run (the rest were expired above).
    await tx.execute(sql`update store_feeds set offers_seen_at = now() where id = ${feedId}`);
    // Honest deals: a "from" price is kept on the offer only when the store charged it lately.
    result.fromPricesDropped = await keepVerifiedFromPrices(tx, runId, storeId);
    await normaliseRunProducts(tx, sql`select s.product_id from ${staged}`);
    await tx.execute(sql`delete from feed_staging where run_id = ${runId}`);
    return result;
  });
}
