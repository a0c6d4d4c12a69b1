/**
 * Data access of held offers (feed prices held as implausible, features/feeds/plausibility.ts):
 * the review list, and the three ways a person releases one, each in one transaction with the
 * product summaries refreshed:
 * - accept: the offer is shown; its total joins the price history and is never held again;
 * - reject: the offer expires; its feed repeating the same total leaves it expired;
 * - split: a new product is made from the record's data and the offer moves there, kept there by
 *   the store's product id on later runs (the GTIN still matches the first product).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OVERIG_SLUG, type HeldOfferRecord, type HeldOfferSortField, type heldOfferSchema } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { lastSeenOf } from '../offers/last-seen';
import {
  categories,
  categoryAliasCategories,
  categoryAliases,
  priceHistory,
  prices,
  productCategories,
  productCategoryAliases,
  productImages,
  productProperties,
  productPrices,
  products,
  storeFeeds,
  stores,
} from '../../db/schema';
import { containsPattern, selectRows } from '../../db/sql';
import { offsetOf } from '../../http/pagination';
import { slugify } from '../../importers/normalise';
import { categoriesChanged } from '../specifications/values';
import { appendPriceHistory, percentageChangeOf, priceChangeOf } from '../offers/offer-change';
import { refreshPriceSummaries } from '../offers/price-summary';
import { offerAlias, visibleOffer } from '../offers/visible-offers';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Held: current and hidden as implausible. */
const isHeld = and(isNull(prices.validTo), eq(prices.hiddenReason, 'implausible'));

const SORT_COLUMNS = {
  heldSince: prices.updatedAt,
  total: prices.total,
  productName: products.name,
  storeName: stores.name,
} satisfies Record<HeldOfferSortField, unknown>;

export interface HeldOfferQuery {
  page: number;
  limit: number;
  sortBy: HeldOfferSortField;
  sortOrder: 'asc' | 'desc';
  storeId?: number;
  search?: string;
}

/** The held offers matching the filters; `scope` limits them to these stores (null = every store). */
export async function listHeldOffers(
  db: Database,
  query: HeldOfferQuery,
  scope: number[] | null,
): Promise<{ heldOffers: z.input<typeof heldOfferSchema>[]; total: number }> {
  const where = and(
    isHeld,
    query.storeId !== undefined ? eq(prices.storeId, query.storeId) : undefined,
    query.search ? ilike(products.name, containsPattern(query.search)) : undefined,
    scope === null ? undefined : scope.length ? inArray(prices.storeId, scope) : sql`false`,
  );
  const other = offerAlias('o');
  const order = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        priceId: prices.id,
        total: prices.total,
        amount: prices.amount,
        shipping: prices.shipping,
        url: prices.url,
        externalId: prices.externalId,
        heldSince: prices.updatedAt,
        record: prices.heldRecord,
        product: { id: products.id, name: products.name, slug: products.slug, lowestTotal: productPrices.lowestTotal },
        store: { id: stores.id, name: stores.name },
        feedId: storeFeeds.id,
        feedName: storeFeeds.name,
        medianTotal: sql<number | null>`(select round(percentile_cont(0.5) within group (order by ${other.total}))::int
          from prices o where ${other.productId} = ${prices.productId} and ${other.storeId} <> ${prices.storeId}
            and ${visibleOffer(other)})`,
        otherOffers: sql<number>`(select count(*)::int from prices o
          where ${other.productId} = ${prices.productId} and ${other.storeId} <> ${prices.storeId} and ${visibleOffer(other)})`,
      })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .innerJoin(stores, eq(stores.id, prices.storeId))
      .leftJoin(storeFeeds, eq(storeFeeds.id, prices.feedId))
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sortBy]), order(prices.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(where),
  ]);
  return {
    heldOffers: rows.map(({ feedId, feedName, ...row }) => ({
      ...row,
      feed: feedId === null || feedName === null ? null : { id: feedId, name: feedName },
    })),
    total: totals?.n ?? 0,
  };
}

export interface HeldOfferRow {
  id: number;
  productId: number;
  storeId: number;
  total: number;
  externalId: string | null;
  heldRecord: HeldOfferRecord | null;
}

/** One held offer (null when the offer does not exist or is not held). */
export async function findHeldOffer(db: Database, priceId: number): Promise<HeldOfferRow | null> {
  const [row] = await db
    .select({
      id: prices.id,
      productId: prices.productId,
      storeId: prices.storeId,
      total: prices.total,
      externalId: prices.externalId,
      heldRecord: prices.heldRecord,
    })
    .from(prices)
    .where(and(eq(prices.id, priceId), isHeld));
  return row ?? null;
}

/** Whether an offer exists at all (to tell 404 from "not held"). */
export async function offerStoreOf(db: Database, priceId: number): Promise<number | null> {
  const [row] = await db.select({ storeId: prices.storeId }).from(prices).where(eq(prices.id, priceId));
  return row?.storeId ?? null;
}

/** The offer's previous shown total: its latest history entry (null for a new offer). */
const previousTotal = (priceId: number): SQL =>
  sql`(select ${priceHistory.total} from ${priceHistory} where ${priceHistory.priceId} = ${priceId}
    order by ${priceHistory.recordedAt} desc, ${priceHistory.id} desc limit 1)`;

/** Shows a held offer: its total is accepted (never held again) and joins the history. Null when not held. */
export async function acceptHeldOffer(db: Database, priceId: number): Promise<HeldOfferRow | null> {
  return db.transaction(async (tx) => {
    const held = await lockHeld(tx, priceId);
    if (!held) return null;
    await tx
      .update(prices)
      .set({
        hiddenReason: null,
        heldRecord: null,
        acceptedTotal: held.total,
        rejectedTotal: null,
        priceChange: sql`${priceChangeOf(sql`${prices.total}`, previousTotal(priceId))}`,
        percentageChange: sql`${percentageChangeOf(sql`${prices.total}`, previousTotal(priceId))}`,
        validFrom: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(prices.id, priceId));
    await appendPriceHistory(tx, sql`select ${priceId}::int`);
    await refreshPriceSummaries(tx, [held.productId]);
    return held;
  });
}

/** Expires a held offer and remembers its total: the feed repeating it changes nothing. Null when not held. */
export async function rejectHeldOffer(db: Database, priceId: number): Promise<HeldOfferRow | null> {
  return db.transaction(async (tx) => {
    const held = await lockHeld(tx, priceId);
    if (!held) return null;
    await tx
      .update(prices)
      .set({
        hiddenReason: null,
        heldRecord: null,
        rejectedTotal: held.total,
        validTo: sql`now()`,
        lastSeen: lastSeenOf(),
        updatedAt: sql`now()`,
      })
      .where(eq(prices.id, priceId));
    await refreshPriceSummaries(tx, [held.productId]);
    return held;
  });
}

/**
 * Makes a product of the held offer's record (name, brand, description, images, properties,
 * category alias; not its GTIN, which stays the first product's) and moves the offer there,
 * shown. Null when not held; the new product's id otherwise.
 */
export async function splitHeldOffer(db: Database, priceId: number): Promise<{ held: HeldOfferRow; productId: number } | null> {
  return db.transaction(async (tx) => {
    const held = await lockHeld(tx, priceId);
    if (!held) return null;
    const record: HeldOfferRecord = held.heldRecord ?? {
      name: `Offer ${held.id}`,
      brand: null,
      description: null,
      gtin: null,
      images: null,
      categoryPath: null,
      properties: null,
    };
    const images = [...new Set(record.images ?? [])];
    const [product] = await tx
      .insert(products)
      .values({
        name: record.name,
        slug: slugify(record.name),
        brand: record.brand,
        description: record.description,
        image: images[0] ?? null,
      })
      .returning({ id: products.id });
    const productId = product!.id;
    if (images.length) {
      const inserted = await tx
        .insert(productImages)
        .values(images.map((url, index) => ({ productId, url, storeId: held.storeId, isMain: index === 0 })))
        .onConflictDoNothing()
        .returning({ id: productImages.id, isMain: productImages.isMain });
      const main = inserted.find((image) => image.isMain);
      if (main) await tx.update(products).set({ imageId: main.id }).where(eq(products.id, productId));
    }
    if (record.properties?.length) {
      await tx.insert(productProperties).values(record.properties.map((property) => ({ productId, ...property })));
    }
    if (record.categoryPath) await linkCategoryAlias(tx, productId, record.categoryPath);
    await categoriesChanged(tx, [productId]);

    await tx
      .update(prices)
      .set({
        productId,
        hiddenReason: null,
        heldRecord: null,
        keepProduct: true,
        acceptedTotal: held.total,
        rejectedTotal: null,
        priceChange: null,
        percentageChange: null,
        validFrom: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(prices.id, priceId));
    await appendPriceHistory(tx, sql`select ${priceId}::int`);
    await refreshPriceSummaries(tx, [held.productId, productId]);
    return { held, productId };
  });
}

async function lockHeld(tx: Tx, priceId: number): Promise<HeldOfferRow | null> {
  const [row] = await selectRows<HeldOfferRow>(
    tx,
    sql`select ${prices.id} as id, ${prices.productId} as "productId", ${prices.storeId} as "storeId",
        ${prices.total} as total, ${prices.externalId} as "externalId", ${prices.heldRecord} as "heldRecord"
      from ${prices}
      where ${prices.id} = ${priceId} and ${prices.validTo} is null and ${prices.hiddenReason} = 'implausible'
      for update`,
  );
  return row ?? null;
}

/** The record's category path as the product's alias, as a feed run links it (a new alias starts in 'Overig'). */
async function linkCategoryAlias(tx: Tx, productId: number, path: string): Promise<void> {
  const [created] = await tx.insert(categoryAliases).values({ path }).onConflictDoNothing().returning({ id: categoryAliases.id });
  if (created) {
    const [overig] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, OVERIG_SLUG));
    if (overig) await tx.insert(categoryAliasCategories).values({ aliasId: created.id, categoryId: overig.id }).onConflictDoNothing();
  }
  const [alias] = await tx.select({ id: categoryAliases.id }).from(categoryAliases).where(eq(categoryAliases.path, path));
  if (!alias) return;
  await tx.insert(productCategoryAliases).values({ productId, aliasId: alias.id }).onConflictDoNothing();
  await tx.execute(sql`
    insert into ${productCategories} (product_id, category_id)
    select ${productId}, ${categoryAliasCategories.categoryId} from ${categoryAliasCategories}
    where ${categoryAliasCategories.aliasId} = ${alias.id}
    on conflict do nothing`);
}
