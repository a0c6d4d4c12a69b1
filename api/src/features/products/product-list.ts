/**
 * The one product list query behind GET /products, the category page and search.
 * Reads only the denormalised price summary on `products` (never aggregates offers),
 * filters in SQL and pages with a bounded OFFSET: at most RESULT_WINDOW rows are
 * reachable and counted, so a deep page or a count never scans a whole table.
 */
import type { LowestPrice, ProductSortBy } from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { paginationOf } from '../../http/pagination';
import { OVERIG_SLUG } from '../categories/lookup';
import { intArray, selectRows } from './sql';

/** Rows a list can reach by paging and the cap of its count (documented in docs/architecture.md). */
export const RESULT_WINDOW = 10_000;
export const DESCRIPTION_PREVIEW = 150;

export interface ProductFilters {
  search?: string;
  /** Products in any of these categories (the category and, when asked, its descendants). */
  categoryIds?: number[];
  categoryAliasId?: number;
  excludeUncategorized?: boolean;
  brand?: string;
  productIds?: number[];
  storeId?: number;
  minPrice?: number;
  maxPrice?: number;
}

export interface ProductListOptions extends ProductFilters {
  page: number;
  limit: number;
  sortBy: ProductSortBy;
  sortOrder: 'asc' | 'desc';
  /** Category whose product_categories.sort_order the 'manual' sort follows. */
  manualCategoryId?: number;
}

export interface ProductListRow {
  id: number;
  slug: string;
  name: string;
  brand: string | null;
  description: string | null;
  image: string | null;
  imageId: number | null;
  lowestPriceId: number | null;
  lowestPrice: LowestPrice | null;
  highestPrice: number | null;
  offerCount: number;
  priceChange: number | null;
  percentageChange: number | null;
  views: number;
  createdAt: Date;
  updatedAt: Date;
  categories: { id: number; name: string; slug: string }[];
}

const tsQuery = (search: string) => sql`websearch_to_tsquery('dutch', ${search})`;

/** Full text (Dutch stems) or trigram word similarity on the name (plurals, typos, prefixes). */
export function searchCondition(search: string, alias = sql.raw('p')): SQL {
  return sql`(${alias}.search_vector @@ ${tsQuery(search)} or ${alias}.name %> ${search})`;
}

export function relevance(search: string): SQL {
  return sql`(ts_rank(p.search_vector, ${tsQuery(search)}) + word_similarity(${search}, p.name))`;
}

export function whereClause(filters: ProductFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.categoryIds)
    conditions.push(
      sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = any(${intArray(filters.categoryIds)}))`,
    );
  if (filters.categoryAliasId !== undefined)
    conditions.push(
      sql`exists (select 1 from product_category_aliases pca where pca.product_id = p.id and pca.alias_id = ${filters.categoryAliasId})`,
    );
  if (filters.excludeUncategorized)
    conditions.push(
      sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id and c.slug <> ${OVERIG_SLUG})`,
    );
  if (filters.brand) conditions.push(sql`p.brand = ${filters.brand}`);
  if (filters.productIds) conditions.push(sql`p.id = any(${intArray(filters.productIds)})`);
  if (filters.storeId !== undefined)
    conditions.push(
      sql`exists (select 1 from prices o where o.product_id = p.id and o.store_id = ${filters.storeId} and o.valid_to is null)`,
    );
  if (filters.minPrice !== undefined) conditions.push(sql`p.lowest_total >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`p.lowest_total <= ${filters.maxPrice}`);
  return sql.join(conditions, sql` and `);
}

function orderBy(options: ProductListOptions): SQL {
  const direction = sql.raw(options.sortOrder === 'asc' ? 'asc' : 'desc');
  const key = (column: SQL) => sql`${column} ${direction} nulls last, p.id ${direction}`;
  // Not-null columns without "nulls last", so a descending sort can walk their index backwards.
  const notNullKey = (column: SQL) => sql`${column} ${direction}, p.id ${direction}`;
  switch (options.sortBy) {
    case 'relevance':
      return options.search ? key(relevance(options.search)) : notNullKey(sql`p.views`);
    case 'name':
      return key(sql`lower(p.name)`);
    case 'lowestPrice.total':
      return key(sql`p.lowest_total`);
    case 'percentageChange':
      return key(sql`p.percentage_change`);
    case 'priceChange':
      return key(sql`p.price_change`);
    case 'views':
      return notNullKey(sql`p.views`);
    case 'manual':
      if (options.manualCategoryId !== undefined)
        return sql`(select pc.sort_order from product_categories pc where pc.product_id = p.id and pc.category_id = ${options.manualCategoryId}) ${direction} nulls last, p.created_at desc, p.id desc`;
      return notNullKey(sql`p.created_at`);
    case 'createdAt':
    default:
      return notNullKey(sql`p.created_at`);
  }
}

const listColumns = sql`p.id, p.slug, p.name, p.brand,
  case when length(p.description) > ${DESCRIPTION_PREVIEW} then left(p.description, ${DESCRIPTION_PREVIEW}) || '...' else p.description end as description,
  p.image, p.image_id as "imageId", p.lowest_price_id as "lowestPriceId", p.highest_total as "highestPrice",
  p.offer_count as "offerCount", p.price_change as "priceChange", p.percentage_change as "percentageChange",
  p.views, p.created_at as "createdAt", p.updated_at as "updatedAt"`;

type BareRow = Omit<ProductListRow, 'lowestPrice' | 'categories'>;

/** Adds lowestPrice (with its store) and categories to list rows: two indexed look-ups per page. */
export async function decorateProducts(db: Database, rows: BareRow[]): Promise<ProductListRow[]> {
  if (!rows.length) return [];
  const priceIds = rows.flatMap((row) => (row.lowestPriceId ? [row.lowestPriceId] : []));
  const [lowest, categories] = await Promise.all([
    priceIds.length
      ? selectRows<{ id: number; amount: number; shipping: number; total: number; storeId: number; storeName: string; storeLogo: string | null }>(
          db,
          sql`select o.id, o.amount, o.shipping, o.total, s.id as "storeId", s.name as "storeName", s.logo as "storeLogo"
              from prices o join stores s on s.id = o.store_id where o.id = any(${intArray(priceIds)})`,
        )
      : Promise.resolve([]),
    selectRows<{ productId: number; id: number; name: string; slug: string }>(
      db,
      sql`select pc.product_id as "productId", c.id, c.name, c.slug
          from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = any(${intArray(rows.map((row) => row.id))}) order by c.name`,
    ),
  ]);
  const lowestById = new Map(
    lowest.map((o) => [o.id, { id: o.id, amount: o.amount, shipping: o.shipping, total: o.total, store: { id: o.storeId, name: o.storeName, logo: o.storeLogo } }]),
  );
  return rows.map((row) => ({
    ...row,
    lowestPrice: (row.lowestPriceId && lowestById.get(row.lowestPriceId)) || null,
    categories: categories.filter((c) => c.productId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

export function checkPageWindow(page: number, limit: number): void {
  if ((page - 1) * limit >= RESULT_WINDOW)
    throw badRequest('Invalid page', `page: at most the first ${RESULT_WINDOW} results can be paged through; narrow the filters`);
}

/** The page query and the capped count query of a list (also EXPLAINed by the API benchmark). */
export function listQueries(options: ProductListOptions): { page: SQL; count: SQL } {
  const where = whereClause(options);
  return {
    page: sql`select ${listColumns} from products p where ${where}
          order by ${orderBy(options)} limit ${options.limit} offset ${(options.page - 1) * options.limit}`,
    count: sql`select count(*)::int as total from (select 1 from products p where ${where} limit ${RESULT_WINDOW}) capped`,
  };
}

export async function listProducts(db: Database, options: ProductListOptions) {
  checkPageWindow(options.page, options.limit);
  const queries = listQueries(options);
  const [rows, [counted]] = await Promise.all([
    selectRows<BareRow>(db, queries.page),
    selectRows<{ total: number }>(db, queries.count),
  ]);
  return {
    products: await decorateProducts(db, rows),
    pagination: paginationOf(counted?.total ?? 0, options),
  };
}
