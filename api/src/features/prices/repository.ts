/**
 * Data access of offers for the store admin: the filtered list, one offer, and writes by hand.
 * A write changes an offer the way a feed run does (offers/offer-change.ts for the change and
 * the price history, offers/price-summary.ts for the product's lowest price), in one transaction.
 */
import { containsPattern } from '../../db/sql';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { PriceSortField, PriceStatus } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { priceHistory, prices, products, stores } from '../../db/schema';
import { offsetOf } from '../../http/pagination';
import { appendPriceHistory, percentageChangeOf, priceChangeOf } from '../offers/offer-change';
import { refreshPriceSummaries } from '../offers/price-summary';
import { lastSeenOf } from '../offers/last-seen';

const SORT_COLUMNS = {
  createdAt: prices.createdAt,
  total: prices.total,
  amount: prices.amount,
  shipping: prices.shipping,
  validFrom: prices.validFrom,
  validTo: prices.validTo,
  lastSeen: lastSeenOf(),
  productName: products.name,
  storeName: stores.name,
} satisfies Record<PriceSortField, unknown>;

const priceColumns = {
  id: prices.id,
  productId: prices.productId,
  storeId: prices.storeId,
  feedId: prices.feedId,
  externalId: prices.externalId,
  amount: prices.amount,
  shipping: prices.shipping,
  total: prices.total,
  url: prices.url,
  deliveryTime: prices.deliveryTime,
  deliveryDays: prices.deliveryDays,
  description: prices.description,
  priceChange: prices.priceChange,
  percentageChange: prices.percentageChange,
  validFrom: prices.validFrom,
  validTo: prices.validTo,
  lastSeen: lastSeenOf().mapWith(prices.lastSeen),
  createdAt: prices.createdAt,
  updatedAt: prices.updatedAt,
  product: { id: products.id, name: products.name, slug: products.slug, brand: products.brand, image: products.image },
  store: { id: stores.id, name: stores.name, logo: stores.logo },
};

export interface PriceListQuery {
  page: number;
  limit: number;
  sortBy: PriceSortField;
  sortOrder: 'asc' | 'desc';
  status: PriceStatus;
  search?: string;
  productId?: number;
  storeId?: number;
  minPrice?: number;
  maxPrice?: number;
}

const selectPrices = (db: Database) =>
  db
    .select(priceColumns)
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .innerJoin(stores, eq(stores.id, prices.storeId));

/** The offers matching the filters; `scope` limits them to these stores (null = every store). */
export async function listPrices(db: Database, query: PriceListQuery, scope: number[] | null) {
  const where = and(
    query.status === 'active'
      ? isNull(prices.validTo)
      : query.status === 'expired'
        ? isNotNull(prices.validTo)
        : undefined,
    query.search ? ilike(products.name, containsPattern(query.search)) : undefined,
    query.productId !== undefined ? eq(prices.productId, query.productId) : undefined,
    query.storeId !== undefined ? eq(prices.storeId, query.storeId) : undefined,
    query.minPrice !== undefined ? gte(prices.total, query.minPrice) : undefined,
    query.maxPrice !== undefined ? lte(prices.total, query.maxPrice) : undefined,
    scope === null ? undefined : scope.length ? inArray(prices.storeId, scope) : sql`false`,
  );
  const column = SORT_COLUMNS[query.sortBy];
  const order = query.sortOrder === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    selectPrices(db).where(where).orderBy(order, desc(prices.id)).limit(query.limit).offset(offsetOf(query)),
    db.select({ value: count() }).from(prices).innerJoin(products, eq(products.id, prices.productId)).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}

export async function findPrice(db: Database, id: number) {
  const [price] = await selectPrices(db).where(eq(prices.id, id));
  return price;
}

export type AdminPriceRow = NonNullable<Awaited<ReturnType<typeof findPrice>>>;

export async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return Boolean(row);
}

export interface NewOffer {
  productId: number;
  storeId: number;
  amount: number;
  shipping: number;
  url: string;
  deliveryTime: string | null;
  description: string | null;
  validTo: Date | null;
}

/** Inserts an offer by hand with its first history entry; the product's summary follows. */
export async function insertPrice(db: Database, offer: NewOffer): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(prices)
      .values({ ...offer, total: offer.amount + offer.shipping, validFrom: new Date(), lastSeen: new Date() })
      .returning({ id: prices.id });
    await appendPriceHistory(tx, sql`select ${created!.id}::int`);
    await refreshPriceSummaries(tx, [offer.productId]);
    return created!.id;
  });
}

export interface OfferChanges {
  amount?: number;
  shipping?: number;
  url?: string;
  deliveryTime?: string | null;
  validTo?: Date | null;
}

/**
 * Changes an offer as an import does: a changed total sets the change against the old one,
 * a new `validFrom` and a history entry; the product's lowest price and change are refreshed.
 * False when there is no such offer.
 */
export async function updatePrice(db: Database, id: number, changes: OfferChanges): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(prices).where(eq(prices.id, id)).for('update');
    if (!current) return false;
    const amount = changes.amount ?? current.amount;
    const shipping = changes.shipping ?? current.shipping;
    const total = amount + shipping;
    const totalChanged = total !== current.total;
    const newTotal = sql`${total}::int`;
    await tx
      .update(prices)
      .set({
        ...changes,
        total,
        ...(totalChanged
          ? {
              priceChange: sql`${priceChangeOf(newTotal, sql`${prices.total}`)}`,
              percentageChange: sql`${percentageChangeOf(newTotal, sql`${prices.total}`)}`,
              validFrom: new Date(),
            }
          : {}),
        // Expired by hand, the offer keeps when its feed last carried it (offers/last-seen.ts).
        lastSeen: lastSeenOf(),
        updatedAt: new Date(),
      })
      .where(eq(prices.id, id));
    if (totalChanged) await appendPriceHistory(tx, sql`select ${id}::int`);
    await refreshPriceSummaries(tx, [current.productId]);
    return true;
  });
}

/** Deletes an offer; the product's summary follows. False when there is no such offer. */
export async function deletePrice(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(prices).where(eq(prices.id, id)).returning({ productId: prices.productId });
    if (!deleted) return false;
    await refreshPriceSummaries(tx, [deleted.productId]);
    return true;
  });
}

export async function historyOfPrice(db: Database, priceId: number) {
  return db
    .select({
      id: priceHistory.id,
      amount: priceHistory.amount,
      shipping: priceHistory.shipping,
      total: priceHistory.total,
      recordedAt: priceHistory.recordedAt,
    })
    .from(priceHistory)
    .where(eq(priceHistory.priceId, priceId))
    .orderBy(asc(priceHistory.recordedAt), asc(priceHistory.id));
}
