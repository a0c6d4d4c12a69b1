/**
 * Merging a product that feeds created twice into the one to keep, and splitting it out again.
 * A merge moves the removed product's offers (with their price history), identifiers, images,
 * properties, categories, aliases, wishlist items, click-outs and representative roles to the
 * kept product in one transaction, and records in product_merges exactly what moved and which
 * rows the kept product already had an equivalent of (kept in the record instead), so a split
 * puts the removed product back with its own id, slug and rows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, selectRows } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../http/errors';
import { PRODUCT_UPDATED_AT, PRODUCTS_WITH_PRICES, refreshPriceSummaries } from '../offers/price-summary';
import { categoriesChanged } from '../specifications/values';

type Row = Record<string, unknown>;

/** What a merge moved and what it set aside, by table. Row objects are `to_jsonb` of the table row. */
export interface MergeSnapshot {
  product: Row;
  moved: {
    priceIds: number[];
    identifierIds: number[];
    imageIds: number[];
    mainImageId: number | null;
    propertyIds: number[];
    wishlistItemIds: number[];
    clickOutIds: number[];
    /** Earlier merges into the removed product, now pointing at the kept one. */
    mergeIds: number[];
  };
  links: {
    categories: { categoryId: number; sortOrder: number }[];
    addedCategoryIds: number[];
    aliasIds: number[];
    addedAliasIds: number[];
    representativeOf: number[];
  };
  /** Rows of the removed product whose equivalent the kept product already had. */
  setAside: { prices: Row[]; priceHistory: Row[]; images: Row[]; properties: Row[]; wishlistItems: Row[] };
}

export interface MergeRecord {
  id: number;
  keptProductId: number;
  removedProductId: number;
  removedName: string;
  removedSlug: string;
  mergedAt: Date;
  splitAt: Date | null;
}

const mergeColumns = sql`m.id, m.kept_product_id as "keptProductId", m.removed_product_id as "removedProductId",
  m.removed_name as "removedName", m.removed_slug as "removedSlug", m.merged_at as "mergedAt", m.split_at as "splitAt"`;

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

async function rowsOf(tx: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await selectRows<{ row: Row }>(tx, query)).map((r) => r.row);
}

/** Merges `removedId` into `keptId`; answers the merge record. */
export async function mergeProducts(db: Database, keptId: number, removedId: number, userId: number | null): Promise<MergeRecord> {
  if (keptId === removedId) throw badRequest('Invalid sourceProductId', 'sourceProductId: a product cannot be merged into itself');
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const locked = await selectRows<{ id: number }>(tx, sql`select id from products where id in (${keptId}, ${removedId}) order by id for update`);
    if (!locked.some((row) => row.id === keptId)) throw notFound('Product not found');
    if (!locked.some((row) => row.id === removedId)) throw badRequest('Invalid sourceProductId', 'sourceProductId: unknown product');

    // The product with its price summary, one row as the snapshots have always held it; its
    // updated_at is the product's as shown, so a split gives it back that.
    const [product] = await rowsOf(tx, sql`select (to_jsonb(p) - 'search_vector') || (to_jsonb(pp) - 'product_id')
        || jsonb_build_object('updated_at', ${PRODUCT_UPDATED_AT}) as row
      from ${PRODUCTS_WITH_PRICES} where p.id = ${removedId}`);

    // Offers: one per product and store, so an offer in a store the kept product also sells in is set aside.
    const clashing = sql`select o.id from prices o where o.product_id = ${removedId}
      and exists (select 1 from prices k where k.product_id = ${keptId} and k.store_id = o.store_id)`;
    const setAsidePrices = await rowsOf(tx, sql`select to_jsonb(o) as row from prices o where o.id in (${clashing}) order by o.id`);
    const setAsideHistory = await rowsOf(tx, sql`select to_jsonb(h) as row from price_history h where h.price_id in (${clashing}) order by h.id`);
    await tx.execute(sql`delete from prices where id in (${clashing})`);
    const priceIds = ids(await selectRows<{ id: number }>(tx, sql`update prices set product_id = ${keptId} where product_id = ${removedId} returning id`));
    if (priceIds.length) await tx.execute(sql`update price_history set product_id = ${keptId} where price_id = any(${intArray(priceIds)})`);

    const identifierIds = ids(await selectRows<{ id: number }>(tx, sql`update product_identifiers set product_id = ${keptId} where product_id = ${removedId} returning id`));

    const clashingImages = sql`select i.id from product_images i where i.product_id = ${removedId}
      and exists (select 1 from product_images k where k.product_id = ${keptId} and k.url = i.url)`;
    const setAsideImages = await rowsOf(tx, sql`select to_jsonb(i) as row from product_images i where i.id in (${clashingImages}) order by i.id`);
    await tx.execute(sql`delete from product_images where id in (${clashingImages})`);
    const [main] = await selectRows<{ id: number }>(tx, sql`select id from product_images where product_id = ${removedId} and is_main`);
    const imageIds = ids(await selectRows<{ id: number }>(tx, sql`update product_images set product_id = ${keptId}, is_main = false where product_id = ${removedId} returning id`));

    // A property the kept product already names stays out of its list (kept in the record).
    const clashingProperties = sql`select pp.id from product_properties pp where pp.product_id = ${removedId}
      and exists (select 1 from product_properties k where k.product_id = ${keptId} and lower(k.name) = lower(pp.name))`;
    const setAsideProperties = await rowsOf(tx, sql`select to_jsonb(pp) as row from product_properties pp where pp.id in (${clashingProperties}) order by pp.id`);
    await tx.execute(sql`delete from product_properties where id in (${clashingProperties})`);
    const propertyIds = ids(await selectRows<{ id: number }>(tx, sql`update product_properties set product_id = ${keptId} where product_id = ${removedId} returning id`));

    const categories = await selectRows<{ categoryId: number; sortOrder: number }>(
      tx,
      sql`select category_id as "categoryId", sort_order as "sortOrder" from product_categories where product_id = ${removedId} order by category_id`,
    );
    const addedCategoryIds = (
      await selectRows<{ categoryId: number }>(
        tx,
        sql`insert into product_categories (product_id, category_id, sort_order)
            select ${keptId}, category_id, sort_order from product_categories where product_id = ${removedId}
            on conflict do nothing returning category_id as "categoryId"`,
      )
    ).map((row) => row.categoryId);
    const aliasIds = (await selectRows<{ aliasId: number }>(tx, sql`select alias_id as "aliasId" from product_category_aliases where product_id = ${removedId} order by alias_id`)).map(
      (row) => row.aliasId,
    );
    const addedAliasIds = (
      await selectRows<{ aliasId: number }>(
        tx,
        sql`insert into product_category_aliases (product_id, alias_id)
            select ${keptId}, alias_id from product_category_aliases where product_id = ${removedId}
            on conflict do nothing returning alias_id as "aliasId"`,
      )
    ).map((row) => row.aliasId);

    const clashingWishes = sql`select w.id from wishlist_items w where w.product_id = ${removedId}
      and exists (select 1 from wishlist_items k where k.product_id = ${keptId} and k.user_id = w.user_id)`;
    const setAsideWishes = await rowsOf(tx, sql`select to_jsonb(w) as row from wishlist_items w where w.id in (${clashingWishes}) order by w.id`);
    await tx.execute(sql`delete from wishlist_items where id in (${clashingWishes})`);
    const wishlistItemIds = ids(await selectRows<{ id: number }>(tx, sql`update wishlist_items set product_id = ${keptId} where product_id = ${removedId} returning id`));
    const clickOutIds = ids(await selectRows<{ id: number }>(tx, sql`update click_outs set product_id = ${keptId} where product_id = ${removedId} returning id`));
    const representativeOf = (
      await selectRows<{ categoryId: number }>(
        tx,
        sql`update category_settings set representative_product_id = ${keptId} where representative_product_id = ${removedId} returning category_id as "categoryId"`,
      )
    ).map((row) => row.categoryId);
    const mergeIds = ids(await selectRows<{ id: number }>(tx, sql`update product_merges set kept_product_id = ${keptId} where kept_product_id = ${removedId} returning id`));

    const snapshot: MergeSnapshot = {
      product: product!,
      moved: { priceIds, identifierIds, imageIds, mainImageId: main?.id ?? null, propertyIds, wishlistItemIds, clickOutIds, mergeIds },
      links: { categories, addedCategoryIds, aliasIds, addedAliasIds, representativeOf },
      setAside: { prices: setAsidePrices, priceHistory: setAsideHistory, images: setAsideImages, properties: setAsideProperties, wishlistItems: setAsideWishes },
    };
    await tx.execute(sql`delete from products where id = ${removedId}`);
    const [record] = await selectRows<MergeRecord>(
      tx,
      sql`insert into product_merges as m (kept_product_id, removed_product_id, removed_slug, removed_name, snapshot, merged_by)
          values (${keptId}, ${removedId}, ${product!.slug as string}, ${product!.name as string}, ${JSON.stringify(snapshot)}::jsonb, ${userId})
          returning ${mergeColumns}`,
    );
    await tx.execute(sql`update products set updated_at = now() where id = ${keptId}`);
    await refreshKeepingChange(tx, keptId);
    // The kept product gained the other's categories and properties.
    await categoriesChanged(tx, [keptId]);
    return record!;
  });
}

/**
 * Refreshes the kept product's lowest offer and count, but keeps its price change: gaining or
 * losing another product's offers is not a price drop or rise a visitor should see.
 */
async function refreshKeepingChange(tx: Database, productId: number) {
  const [before] = await selectRows<{ priceChange: number | null; percentageChange: number | null }>(
    tx,
    sql`select price_change as "priceChange", percentage_change as "percentageChange" from product_prices where product_id = ${productId}`,
  );
  await refreshPriceSummaries(tx, [productId]);
  await tx.execute(sql`update product_prices set price_change = ${before?.priceChange ?? null}, percentage_change = ${before?.percentageChange ?? null}
    where product_id = ${productId}`);
}

/**
 * Inserts `to_jsonb` rows back into their table with their own ids (every column the row names
 * that the table has now: a snapshot may be older than a column's move to another table).
 */
async function reinsert(tx: Database, table: string, rows: Row[]) {
  if (!rows.length) return;
  const own = await selectRows<{ name: string }>(tx, sql`select attname as name from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''`);
  const names = new Set(own.map((column) => column.name));
  const columns = Object.keys(rows[0]!).filter((column) => names.has(column)).map((column) => sql.identifier(column));
  const list = sql.join(columns, sql`, `);
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/** Puts the removed product of a merge back with everything it brought; answers the record and the restored id. */
export async function splitMerge(db: Database, mergeId: number): Promise<MergeRecord> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [merge] = await selectRows<MergeRecord & { snapshot: MergeSnapshot }>(
      tx,
      sql`select ${mergeColumns}, m.snapshot from product_merges m where m.id = ${mergeId} for update`,
    );
    if (!merge) throw notFound('Merge not found');
    if (merge.splitAt) throw conflict('Merge already split', 'mergeId: this merge was split before');
    const { snapshot: s, keptProductId: keptId, removedProductId: removedId } = merge;
    const [taken] = await selectRows<{ id: number }>(tx, sql`select id from products where id = ${removedId}`);
    if (taken) throw conflict('Product exists', 'mergeId: the removed product exists again');

    await reinsert(tx, 'products', [s.product]);
    // Its price summary as it was (the row the insert's trigger gave it is empty).
    await tx.execute(sql`update product_prices s set
        (lowest_price_id, lowest_total, lowest_store_id, highest_total, offer_count, price_change, percentage_change, reference_total, deal_percentage)
        = (r.lowest_price_id, r.lowest_total, r.lowest_store_id, r.highest_total, coalesce(r.offer_count, 0), r.price_change,
          r.percentage_change, r.reference_total, r.deal_percentage)
      from jsonb_populate_record(null::product_prices, ${JSON.stringify(s.product)}::jsonb) r
      where s.product_id = ${removedId}`);
    const back = (table: string, rowIds: number[]) =>
      rowIds.length ? tx.execute(sql`update ${sql.identifier(table)} set product_id = ${removedId} where id = any(${intArray(rowIds)})`) : undefined;
    await back('prices', s.moved.priceIds);
    if (s.moved.priceIds.length) await tx.execute(sql`update price_history set product_id = ${removedId} where price_id = any(${intArray(s.moved.priceIds)})`);
    await back('product_identifiers', s.moved.identifierIds);
    await back('product_images', s.moved.imageIds);
    if (s.moved.mainImageId !== null) await tx.execute(sql`update product_images set is_main = true where id = ${s.moved.mainImageId}`);
    await back('product_properties', s.moved.propertyIds);
    await back('wishlist_items', s.moved.wishlistItemIds);
    await back('click_outs', s.moved.clickOutIds);
    if (s.moved.mergeIds.length)
      await tx.execute(sql`update product_merges set kept_product_id = ${removedId} where id = any(${intArray(s.moved.mergeIds)})`);
    await reinsert(tx, 'prices', s.setAside.prices);
    await reinsert(tx, 'price_history', s.setAside.priceHistory);
    await reinsert(tx, 'product_images', s.setAside.images);
    await reinsert(tx, 'product_properties', s.setAside.properties);
    await reinsert(tx, 'wishlist_items', s.setAside.wishlistItems);

    if (s.links.addedCategoryIds.length)
      await tx.execute(sql`delete from product_categories where product_id = ${keptId} and category_id = any(${intArray(s.links.addedCategoryIds)})`);
    for (const link of s.links.categories)
      await tx.execute(sql`insert into product_categories (product_id, category_id, sort_order)
        select ${removedId}, id, ${link.sortOrder} from categories where id = ${link.categoryId} on conflict do nothing`);
    if (s.links.addedAliasIds.length)
      await tx.execute(sql`delete from product_category_aliases where product_id = ${keptId} and alias_id = any(${intArray(s.links.addedAliasIds)})`);
    if (s.links.aliasIds.length)
      await tx.execute(sql`insert into product_category_aliases (product_id, alias_id)
        select ${removedId}, id from category_aliases where id = any(${intArray(s.links.aliasIds)}) on conflict do nothing`);
    if (s.links.representativeOf.length)
      await tx.execute(sql`update category_settings set representative_product_id = ${removedId}
        where category_id = any(${intArray(s.links.representativeOf)}) and representative_product_id = ${keptId}`);

    const [record] = await selectRows<MergeRecord>(tx, sql`update product_merges m set split_at = now() where m.id = ${mergeId} returning ${mergeColumns}`);
    await refreshKeepingChange(tx, keptId);
    // The restored row already holds its summary; a refresh only follows offers that changed meanwhile.
    await refreshPriceSummaries(tx, [removedId]);
    await categoriesChanged(tx, [keptId, removedId]);
    return record!;
  });
}

export async function mergesInto(db: Database, keptId: number): Promise<MergeRecord[]> {
  return selectRows<MergeRecord>(db, sql`select ${mergeColumns} from product_merges m where m.kept_product_id = ${keptId} order by m.merged_at desc, m.id desc`);
}

export interface DuplicateRow {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  image: string | null;
  offerCount: number;
  reason: 'ean' | 'name';
  similarity: number;
}

const digits = (column: ReturnType<typeof sql>) => sql`ltrim(regexp_replace(${column}, '[^0-9]', '', 'g'), '0')`;

/** Possible duplicates: the same EAN in another form (leading zeros, GTIN-14), or the same brand with a trigram-similar name. */
export async function duplicatesOf(db: Database, productId: number): Promise<DuplicateRow[]> {
  const [product] = await selectRows<{ id: number }>(db, sql`select id from products where id = ${productId}`);
  if (!product) throw notFound('Product not found');
  const rows = await selectRows<DuplicateRow>(
    db,
    sql`with codes as (
          select distinct ${digits(sql`value`)} as code from product_identifiers where product_id = ${productId}
        ),
        target as (select name, brand from products where id = ${productId})
        select p.id, p.name, p.slug, p.brand, p.image, pp.offer_count as "offerCount", 'ean' as reason, 1::real as similarity
        from product_identifiers pi join ${PRODUCTS_WITH_PRICES} on p.id = pi.product_id
        where ${digits(sql`pi.value`)} in (select code from codes where length(code) >= 8) and p.id <> ${productId}
        union all
        select * from (
          select p.id, p.name, p.slug, p.brand, p.image, pp.offer_count, 'name', similarity(p.name, t.name)::real
          from ${PRODUCTS_WITH_PRICES}, target t
          where t.brand is not null and p.brand = t.brand and p.id <> ${productId} and p.name % t.name
          order by similarity(p.name, t.name) desc, p.id limit 20
        ) by_name`,
  );
  const seen = new Set<number>();
  return rows
    .sort((a, b) => (a.reason === b.reason ? b.similarity - a.similarity || a.id - b.id : a.reason === 'ean' ? -1 : 1))
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, 20);
}
