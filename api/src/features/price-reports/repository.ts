/**
 * Data access of wrong-price reports: visitors report an offer; the store
 * admin's queue shows the open reports grouped per offer; resolving hides the offer until its
 * feed's next import (offers/hidden-offers.ts shows it again) or dismisses the reports.
 */
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  PriceReportReason,
  PriceReportResolution,
  PriceReportSortField,
  OfferHiddenReason,
} from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { priceReports, prices } from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { offsetOf } from '../../http/pagination';
import { refreshPriceSummaries } from '../offers/price-summary';
import { visibleOffer } from '../offers/visible-offers';

/** An offer a visitor can report: current and shown; undefined otherwise. */
export async function findReportableOffer(db: Database, priceId: number) {
  const [offer] = await db
    .select({ id: prices.id, storeId: prices.storeId })
    .from(prices)
    .where(and(eq(prices.id, priceId), visibleOffer()));
  return offer;
}

export async function insertReport(
  db: Database,
  report: { priceId: number; reason: PriceReportReason; note: string | null; userId: number | null },
) {
  const [row] = await db
    .insert(priceReports)
    .values(report)
    .returning({ id: priceReports.id, priceId: priceReports.priceId, reason: priceReports.reason });
  return row!;
}

export interface ReportQueueQuery {
  page: number;
  limit: number;
  sortBy: PriceReportSortField;
  sortOrder: 'asc' | 'desc';
  storeId?: number;
}

interface ReportGroupRow {
  priceId: number;
  total: number;
  url: string;
  hiddenReason: OfferHiddenReason | null;
  isCurrent: boolean;
  productId: number;
  productName: string;
  productSlug: string;
  storeId: number;
  storeName: string;
  reasons: { reason: PriceReportReason; count: number }[];
  notes: string[];
  count: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
}

const SORT_KEYS: Record<PriceReportSortField, SQL> = {
  lastReportedAt: sql`g.last_reported_at`,
  firstReportedAt: sql`g.first_reported_at`,
  count: sql`g.count`,
};

/** Notes shown per offer in the queue, newest first. */
const NOTES_PER_OFFER = 5;

/**
 * The open reports grouped per offer: reasons with their counts, the latest notes, the number of
 * reports and the first and last report. `scope` limits it to these stores (null = every store).
 */
export async function listReportGroups(db: Database, query: ReportQueueQuery, scope: number[] | null) {
  const storeFilter = sql.join(
    [
      sql`true`,
      ...(scope === null ? [] : [sql`o.store_id = any(${intArray(scope)})`]),
      ...(query.storeId === undefined ? [] : [sql`o.store_id = ${query.storeId}`]),
    ],
    sql` and `,
  );
  const open = sql`${priceReports.resolvedAt} is null`;
  const groups = sql`(
    select ${priceReports.priceId} as price_id, count(*)::int as count,
      min(${priceReports.createdAt}) as first_reported_at, max(${priceReports.createdAt}) as last_reported_at
    from ${priceReports} where ${open} group by ${priceReports.priceId}) g
    join prices o on o.id = g.price_id`;
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const [rows, [total]] = await Promise.all([
    selectRows<ReportGroupRow>(
      db,
      sql`select g.price_id as "priceId", o.total, o.url, o.hidden_reason as "hiddenReason", o.valid_to is null as "isCurrent",
          p.id as "productId", p.name as "productName", p.slug as "productSlug", s.id as "storeId", s.name as "storeName",
          g.count, g.first_reported_at as "firstReportedAt", g.last_reported_at as "lastReportedAt",
          (select json_agg(json_build_object('reason', x.reason, 'count', x.n) order by x.n desc, x.reason)
            from (select r.reason, count(*)::int as n from price_reports r
                  where r.price_id = g.price_id and r.resolved_at is null group by r.reason) x) as reasons,
          (select coalesce(json_agg(y.note order by y.created_at desc, y.id desc), '[]'::json)
            from (select r.note, r.created_at, r.id from price_reports r
                  where r.price_id = g.price_id and r.resolved_at is null and r.note is not null
                  order by r.created_at desc, r.id desc limit ${NOTES_PER_OFFER}) y) as notes
        from ${groups}
        join products p on p.id = o.product_id
        join stores s on s.id = o.store_id
        where ${storeFilter}
        order by ${SORT_KEYS[query.sortBy]} ${direction}, g.price_id ${direction}
        limit ${query.limit} offset ${offsetOf(query)}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${groups} where ${storeFilter}`),
  ]);
  return {
    rows: rows.map((row) => ({
      priceId: row.priceId,
      offer: { total: row.total, url: row.url, hiddenReason: row.hiddenReason, isCurrent: row.isCurrent },
      product: { id: row.productId, name: row.productName, slug: row.productSlug },
      store: { id: row.storeId, name: row.storeName },
      reasons: row.reasons,
      notes: row.notes,
      count: row.count,
      firstReportedAt: row.firstReportedAt,
      lastReportedAt: row.lastReportedAt,
    })),
    totalItems: total?.count ?? 0,
  };
}

/** The offer behind a queue row (any state), for the store check; undefined when there is none. */
export async function findOffer(db: Database, priceId: number) {
  const [offer] = await db
    .select({ id: prices.id, storeId: prices.storeId, productId: prices.productId, hiddenReason: prices.hiddenReason })
    .from(prices)
    .where(eq(prices.id, priceId));
  return offer;
}

export async function openReportCount(db: Database, priceId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(priceReports)
    .where(and(eq(priceReports.priceId, priceId), isNull(priceReports.resolvedAt)));
  return row?.value ?? 0;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function resolveOpenReports(
  db: Database | Tx,
  priceId: number,
  resolution: PriceReportResolution,
  userId: number,
): Promise<number> {
  const resolved = await db
    .update(priceReports)
    .set({ resolvedAt: sql`now()`, resolution, resolvedBy: userId })
    .where(and(eq(priceReports.priceId, priceId), isNull(priceReports.resolvedAt)))
    .returning({ id: priceReports.id });
  return resolved.length;
}

/**
 * Hides the offer as reported (unless it is already hidden for another reason, which it keeps)
 * and closes its open reports, with the product's price summary, in one transaction.
 * Returns the number of reports closed.
 */
export async function hideReportedOffer(db: Database, offer: { id: number; productId: number }, userId: number) {
  return db.transaction(async (tx) => {
    await tx
      .update(prices)
      .set({ hiddenReason: 'reported', updatedAt: sql`now()` })
      .where(and(eq(prices.id, offer.id), isNull(prices.hiddenReason)));
    await refreshPriceSummaries(tx, [offer.productId]);
    return resolveOpenReports(tx, offer.id, 'hidden', userId);
  });
}

/** Closes the offer's open reports without changing the offer. Returns the number closed. */
export async function dismissReports(db: Database, priceId: number, userId: number) {
  return resolveOpenReports(db, priceId, 'dismissed', userId);
}
