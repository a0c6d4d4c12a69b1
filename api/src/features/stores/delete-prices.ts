/**
 * Deletes all of a store's prices in one transaction, then the products left without any
 * price and the category aliases (of those products) left without products.
 */
import { sql } from 'drizzle-orm';
import type { DeleteAllPricesResult } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { refreshPriceSummariesOf } from '../offers/price-summary';

export async function deleteAllStorePrices(db: Database, storeId: number): Promise<DeleteAllPricesResult | null> {
  return db.transaction(async (tx) => {
    const run = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [store] = await run<{ id: number }>(sql`select id from stores where id = ${storeId} for update`);
    if (!store) return null;
    await tx.execute(sql`create temporary table if not exists store_price_products (id int primary key) on commit drop`);
    await tx.execute(sql`
      insert into store_price_products select distinct product_id from prices where store_id = ${storeId}
      on conflict do nothing`);
    const [prices] = await run<{ count: number }>(sql`
      with deleted as (delete from prices where store_id = ${storeId} returning 1) select count(*)::int as count from deleted`);
    await tx.execute(sql`create temporary table if not exists store_price_aliases (id int primary key) on commit drop`);
    await tx.execute(sql`
      insert into store_price_aliases
      select distinct alias_id from product_category_aliases where product_id in (select id from store_price_products)
      on conflict do nothing`);
    const [products] = await run<{ count: number }>(sql`
      with deleted as (
        delete from products p where p.id in (select id from store_price_products)
          and not exists (select 1 from prices x where x.product_id = p.id)
        returning 1)
      select count(*)::int as count from deleted`);
    const [aliases] = await run<{ count: number }>(sql`
      with deleted as (
        delete from category_aliases a where a.id in (select id from store_price_aliases)
          and not exists (select 1 from product_category_aliases x where x.alias_id = a.id)
        returning 1)
      select count(*)::int as count from deleted`);
    await refreshPriceSummariesOf(tx, sql`select id from store_price_products`);
    return {
      deletedPrices: prices?.count ?? 0,
      deletedProducts: products?.count ?? 0,
      deletedCategoryAliases: aliases?.count ?? 0,
    };
  });
}
