/**
 * Data access of stores: the list (paged, sorted, searched), one store with its counts, and
 * writes. Deleting a store's prices with what they leave behind is in delete-prices.ts.
 */
import { containsPattern } from '../../db/sql';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offsetOf } from '../../http/pagination';
import { feedRuns, prices, productPrices, products, storeFeeds, storeRatings, stores } from '../../db/schema';
import type { ImageCopy } from '@koopjesland/shared/entities';
import { imageCopyOf } from '../image-copies/shown-image';
import { dropRunStaging } from '../../db/run-staging';

export const STORE_SORT_COLUMNS = {
  name: stores.name,
  slug: stores.slug,
  url: stores.url,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
  lastPriceUpdate: stores.lastPriceUpdate,
} as const;
export type StoreSortField = keyof typeof STORE_SORT_COLUMNS;

/**
 * The outer row's id inside a correlated subquery. Drizzle leaves columns of a one-table query
 * unqualified, and an unqualified "id" there would mean the subquery's own table.
 */
const outerStoreId = sql`${stores}.${sql.identifier('id')}`;

const averageRating = sql<number | null>`(select round(avg(${storeRatings.rating})::numeric, 1)::float8 from ${storeRatings} where ${storeRatings.storeId} = ${outerStoreId})`;

const storeColumns = {
  id: stores.id,
  name: stores.name,
  slug: stores.slug,
  url: stores.url,
  logo: stores.logo,
  logoCopy: sql<ImageCopy | null>`${imageCopyOf(sql`${stores.logo}`)}`,
  lastPriceUpdate: stores.lastPriceUpdate,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
  averageRating,
};

export interface StoreListQuery {
  page: number;
  limit: number;
  sortBy: StoreSortField;
  sortOrder: 'asc' | 'desc';
  search?: string;
}

/** A store's counts: current prices, ratings, feeds and products with any offer. */
const countColumns = {
  prices: sql<number>`(select count(*)::int from ${prices} where ${prices.storeId} = ${outerStoreId} and ${prices.validTo} is null)`,
  storeRatings: sql<number>`(select count(*)::int from ${storeRatings} where ${storeRatings.storeId} = ${outerStoreId})`,
  feeds: sql<number>`(select count(*)::int from ${storeFeeds} where ${storeFeeds.storeId} = ${outerStoreId})`,
  products: sql<number>`(select count(distinct ${prices.productId})::int from ${prices} where ${prices.storeId} = ${outerStoreId})`,
};

type CountedRow<T> = T & { prices: number; storeRatings: number; feeds: number; products: number };

function withCountObject<T extends object>(row: CountedRow<T>) {
  const { prices: priceCount, storeRatings: ratingCount, feeds, products: productCount, ...rest } = row;
  return { ...rest, _count: { prices: priceCount, storeRatings: ratingCount, feeds, products: productCount } };
}

/**
 * The stores list; `scope` limits it to these store ids (null = every store). The admin list
 * asks for each store's counts; the public list (up to 1000 stores for filters) does not.
 */
export async function listStores(db: Database, query: StoreListQuery, scope: number[] | null = null, options: { counts?: boolean } = {}) {
  const { sortBy, sortOrder, search } = query;
  const where = and(
    search ? or(ilike(stores.name, containsPattern(search)), ilike(stores.slug, containsPattern(search))) : undefined,
    scope === null ? undefined : scope.length ? inArray(stores.id, scope) : sql`false`,
  );
  const order = sortOrder === 'asc' ? asc(STORE_SORT_COLUMNS[sortBy]) : desc(STORE_SORT_COLUMNS[sortBy]);
  const rowsOf = async () => {
    const columns = options.counts ? { ...storeColumns, ...countColumns } : storeColumns;
    const found = await db.select(columns).from(stores).where(where).orderBy(order, asc(stores.id)).limit(query.limit).offset(offsetOf(query));
    return options.counts ? (found as CountedRow<(typeof found)[number]>[]).map(withCountObject) : found;
  };
  const [rows, [total]] = await Promise.all([rowsOf(), db.select({ value: count() }).from(stores).where(where)]);
  return { rows, totalItems: total?.value ?? 0 };
}

/** One store with counts of current prices, ratings and feeds; undefined when there is none. */
export async function findStore(db: Database, id: number) {
  const [store] = await db
    .select({ ...storeColumns, ...countColumns })
    .from(stores)
    .where(eq(stores.id, id));
  return store ? withCountObject(store) : undefined;
}

export type StoreValues = Pick<typeof stores.$inferInsert, 'name' | 'slug' | 'url' | 'logo'>;

export async function insertStore(db: Database, values: StoreValues): Promise<number> {
  const [created] = await db.insert(stores).values(values).returning({ id: stores.id });
  return created!.id;
}

/** Applies the given changes; false when the store does not exist. */
export async function updateStore(db: Database, id: number, changes: Partial<StoreValues>): Promise<boolean> {
  const [updated] = Object.keys(changes).length
    ? await db.update(stores).set(changes).where(eq(stores.id, id)).returning({ id: stores.id })
    : await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
  return Boolean(updated);
}

export async function storeExists(db: Database, storeId: number): Promise<boolean> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return Boolean(store);
}

/**
 * Deletes a store; its feeds and their runs go with it (foreign keys). The staging tables of its
 * runs (a held run keeps them for review) have no foreign key, so they are dropped first.
 */
export async function deleteStore(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const runs = await tx
      .select({ id: feedRuns.id })
      .from(feedRuns)
      .innerJoin(storeFeeds, eq(storeFeeds.id, feedRuns.feedId))
      .where(eq(storeFeeds.storeId, id));
    await dropRunStaging(tx, runs.map((run) => run.id));
    await tx.delete(stores).where(eq(stores.id, id));
  });
}

export const STORE_PRODUCT_SORT_COLUMNS = {
  name: products.name,
  brand: products.brand,
  lowestPrice: productPrices.lowestTotal,
  priceCount: productPrices.offerCount,
  createdAt: products.createdAt,
} as const;
export type StoreProductSortField = keyof typeof STORE_PRODUCT_SORT_COLUMNS;

export interface StoreProductQuery {
  page: number;
  limit: number;
  sortBy: StoreProductSortField;
  sortOrder: 'asc' | 'desc';
  search?: string;
}

/** The products with any offer (current or expired) in the store, with their price summary. */
export async function listStoreProducts(db: Database, storeId: number, query: StoreProductQuery) {
  const { sortBy, sortOrder, search } = query;
  const inStore = exists(
    db.select({ one: sql`1` }).from(prices).where(and(eq(prices.storeId, storeId), eq(prices.productId, products.id))),
  );
  const where = and(
    inStore,
    search ? or(ilike(products.name, containsPattern(search)), ilike(products.brand, containsPattern(search))) : undefined,
  );
  const column = STORE_PRODUCT_SORT_COLUMNS[sortBy];
  const order = sortOrder === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        brand: products.brand,
        image: products.image,
        imageCopy: sql<ImageCopy | null>`${imageCopyOf(sql`${products.image}`)}`,
        lowestPrice: productPrices.lowestTotal,
        priceCount: productPrices.offerCount,
        createdAt: products.createdAt,
      })
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .where(where)
      .orderBy(order, asc(products.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}
