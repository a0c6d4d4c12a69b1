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
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { keptWhileResultsStand, searchResultVersion } from './search-cache';
import { MAX_CACHE_AGE_MS, readCatalogVersion } from '../../http/catalog-version';
import { keptMembers, MEMBER_SORT_LIMIT, membersCte, memberTests } from './category-members';
import { isMemberSort, memberOrder } from './member-order';
import { intArray, selectPreparedRows, selectRows } from '../../db/sql';
import { offerAlias, visibleOffer } from '../offers/visible-offers';
import { PRODUCT_UPDATED_AT, PRODUCTS_WITH_PRICES } from '../offers/price-summary';
import type { ImageCopy } from '@koopjesland/shared/entities';
import { imageCopyOf } from '../image-copies/shown-image';
import { specConditionSql, specificationSearchMatches, type SpecCondition } from '../specifications/filters';

/** Rows a list can reach by paging and the cap of its count (docs/architecture.md "API and storefront data", bounded paging). */
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
  /** Admin: products in no category other than Overig. */
  hasNoCategory?: boolean;
  /** Admin: products without a current offer. */
  hasNoOffers?: boolean;
  /** /deals: products whose lowest total is a deal against their usual price (features/deals). */
  dealsOnly?: boolean;
  /** Specification filters (specifications/filters.ts), each checked against its field. */
  spec?: SpecCondition[];
}

/** The storefront's sorts plus the admin's sort by number of offers and the deals page's sort by deal score. */
export type ListSortBy = ProductSortBy | 'offerCount' | 'dealPercentage';

export interface ProductListOptions extends ProductFilters {
  page: number;
  limit: number;
  sortBy: ListSortBy;
  sortOrder: 'asc' | 'desc';
  /** Category whose product_categories.sort_order the 'manual' sort follows. */
  manualCategoryId?: number;
  /**
   * Whether the categories have at most MEMBER_SORT_LIMIT products, when known (listProducts reads
   * it from their kept count): the list's SQL then holds only the branch that runs.
   */
  fewMembers?: boolean;
}

export interface ProductListRow {
  id: number;
  slug: string;
  name: string;
  brand: string | null;
  description: string | null;
  image: string | null;
  imageId: number | null;
  /** Our copy of the main image (image-copies/shown-image.ts), null until made. */
  imageCopy: ImageCopy | null;
  lowestPriceId: number | null;
  lowestPrice: LowestPrice | null;
  highestPrice: number | null;
  offerCount: number;
  priceChange: number | null;
  percentageChange: number | null;
  referencePrice: number | null;
  dealPercentage: number | null;
  views: number;
  createdAt: Date;
  updatedAt: Date;
  categories: { id: number; name: string; slug: string }[];
}

const tsQuery = (search: string) => sql`websearch_to_tsquery('dutch', ${search})`;

/**
 * Full text (Dutch stems) first; only when that finds nothing among the list's other filters,
 * trigram word similarity on the name (plurals the Dutch stemmer leaves alone, typos,
 * prefixes). Each branch is one GIN index scan (no OR across both indexes). The full-text
 * matches are materialised once, so the fallback's "nothing found" test reads them instead of
 * letting the planner hunt for a first match with a sequential scan, and the trigram scan
 * (whose recheck computes word_similarity for every candidate) is skipped when they exist.
 * Rows: (id, score): full-text rank, or word similarity in the fallback.
 */
function searchMatches(search: string, others: SQL): SQL {
  const fullText = sql`select p.id, ts_rank(p.search_vector, ${tsQuery(search)}) as score from products p
      where p.search_vector @@ ${tsQuery(search)} and ${others}`;
  const bySpecification = specificationSearchMatches(search, others);
  if (!bySpecification)
    return sql`with full_text as materialized (${fullText})
    select id, score from full_text
    union all
    select p.id, word_similarity(${search}, p.name) from products p
    where p.name %> ${search} and ${others} and not exists (select 1 from full_text)`;
  // A search naming an amount ("55 inch oled") also matches specification values; those
  // matches score above every text-only match (ts_rank stays below 1).
  return sql`with full_text as materialized (${fullText}), by_specification as materialized (${bySpecification})
    select id, max(score) as score from (select id, score from full_text union all select id, score from by_specification) matched group by id
    union all
    select p.id, word_similarity(${search}, p.name) from products p
    where p.name %> ${search} and ${others} and not exists (select 1 from full_text) and not exists (select 1 from by_specification)`;
}

function searchCondition(search: string, others: SQL): SQL {
  return sql`p.id in (select m.id from (${searchMatches(search, others)}) m)`;
}

/** The relevance order of a search, scored by the branch that found each row. */
function rankedByRelevance(search: string, filters: ProductFilters): SQL {
  return sql`select m.id from (${searchMatches(search, whereClause({ ...filters, search: undefined }))}) m
    order by m.score desc, m.id desc limit ${RESULT_WINDOW}`;
}

/** Full-text rank when the full text matched (name weighs most), else the name's word similarity. */
function relevance(search: string): SQL {
  return sql`(case when p.search_vector @@ ${tsQuery(search)} then ts_rank(p.search_vector, ${tsQuery(search)})
    else word_similarity(${search}, p.name) end)`;
}

/**
 * A list's conditions on `products p`. `pricesJoined`: the query joins the price summary as `pp`
 * (PRODUCTS_WITH_PRICES), so the conditions on it name that row, and a price sort's index can
 * serve them (the deals' partial index); else they are one EXISTS.
 */
export function whereClause(filters: ProductFilters, options: { categoryJoined?: boolean; pricesJoined?: boolean } = {}): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.search) conditions.push(searchCondition(filters.search, whereClause({ ...filters, search: undefined })));
  if (filters.categoryIds && !options.categoryJoined)
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
      sql`exists (select 1 from prices o where o.product_id = p.id and o.store_id = ${filters.storeId} and ${visibleOffer(offerAlias('o'))})`,
    );
  const summary: SQL[] = [];
  if (filters.minPrice !== undefined) summary.push(sql`pp.lowest_total >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) summary.push(sql`pp.lowest_total <= ${filters.maxPrice}`);
  if (filters.hasNoCategory)
    conditions.push(
      sql`not exists (select 1 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id and c.slug <> ${OVERIG_SLUG})`,
    );
  if (filters.hasNoOffers) summary.push(sql`pp.offer_count = 0`);
  if (filters.dealsOnly) summary.push(sql`pp.deal_percentage is not null`);
  if (summary.length && options.pricesJoined) conditions.push(...summary);
  else if (summary.length)
    conditions.push(sql`exists (select 1 from product_prices pp where pp.product_id = p.id and ${sql.join(summary, sql` and `)})`);
  for (const condition of filters.spec ?? []) conditions.push(specConditionSql(condition));
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
      return notNullKey(sql`lower(p.name)`);
    case 'lowestPrice.total':
      return key(sql`pp.lowest_total`);
    case 'percentageChange':
      return key(sql`pp.percentage_change`);
    case 'priceChange':
      return key(sql`pp.price_change`);
    case 'views':
      return notNullKey(sql`p.views`);
    case 'offerCount':
      return notNullKey(sql`pp.offer_count`);
    case 'dealPercentage':
      return key(sql`pp.deal_percentage`);
    case 'manual':
      // Inner-joined (one category) the sort order is never null, so its index serves both directions.
      if (options.manualCategoryId !== undefined)
        return sql`mpc.sort_order ${direction}${sql.raw(manualJoined(options) ? '' : ' nulls last')}, p.created_at desc, p.id desc`;
      return notNullKey(sql`p.created_at`);
    case 'createdAt':
    default:
      return notNullKey(sql`p.created_at`);
  }
}

/** The sorts by a column of the price summary: they join it, and walk one of its sort indexes. */
const SORTED_BY_SUMMARY = new Set<ListSortBy>(['lowestPrice.total', 'percentageChange', 'priceChange', 'offerCount', 'dealPercentage']);

/** Columns of a list row; lowestPrice and categories are per-row subqueries, so select them for a page's rows only. */
const listColumns = sql`p.id, p.slug, p.name, p.brand,
  case when length(p.description) > ${DESCRIPTION_PREVIEW} then left(p.description, ${DESCRIPTION_PREVIEW}) || '...' else p.description end as description,
  p.image, p.image_id as "imageId", ${imageCopyOf(sql`p.image`)} as "imageCopy",
  pp.lowest_price_id as "lowestPriceId", pp.highest_total as "highestPrice",
  pp.offer_count as "offerCount", pp.price_change as "priceChange", pp.percentage_change as "percentageChange",
  pp.reference_total as "referencePrice", pp.deal_percentage as "dealPercentage", p.views, p.created_at as "createdAt", ${PRODUCT_UPDATED_AT} as "updatedAt",
  (select json_build_object('id', o.id, 'amount', o.amount, 'shipping', o.shipping, 'total', o.total,
      'store', json_build_object('id', s.id, 'name', s.name, 'logo', s.logo))
    from prices o join stores s on s.id = o.store_id where o.id = pp.lowest_price_id) as "lowestPrice",
  coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by c.name, c.id)
    from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json) as categories`;

export function checkPageWindow(page: number, limit: number): void {
  if ((page - 1) * limit >= RESULT_WINDOW)
    throw badRequest('Invalid page', `page: at most the first ${RESULT_WINDOW} results can be paged through; narrow the filters`);
}

/**
 * Where a list reads its rows. The manual order of one category starts from that category's
 * product_categories rows (index on category_id, sort_order), so a category page reads only
 * the page's products; a manual order over several categories left-joins the sort order.
 */
const manualJoined = (options: Pick<ProductListOptions, 'sortBy' | 'manualCategoryId' | 'categoryIds'>) =>
  options.sortBy === 'manual' &&
  options.manualCategoryId !== undefined &&
  options.categoryIds?.length === 1 &&
  options.categoryIds[0] === options.manualCategoryId;

function fromClause(options: ProductListOptions): { from: SQL; categoryJoined: boolean; pricesJoined?: boolean } {
  const manual = options.sortBy === 'manual' ? options.manualCategoryId : undefined;
  if (manual === undefined && SORTED_BY_SUMMARY.has(options.sortBy)) return { from: PRODUCTS_WITH_PRICES, categoryJoined: false, pricesJoined: true };
  if (manual === undefined) return { from: sql`products p`, categoryJoined: false };
  if (manualJoined(options))
    return { from: sql`product_categories mpc join products p on p.id = mpc.product_id and mpc.category_id = ${manual}`, categoryJoined: true };
  return {
    from: sql`products p left join product_categories mpc on mpc.product_id = p.id and mpc.category_id = ${manual}`,
    categoryJoined: false,
  };
}

/**
 * The ids of a list's page, in order. A list narrowed to categories (other than one category's
 * manual order, which starts from its members anyway) is sorted from its members when they are
 * few. Whether they are is `fewMembers` when known; else the query counts them first, at most one
 * past the limit, and only the branch that fits runs (the other is a one-time filter that is false),
 * though both are planned.
 */
function pageIds(options: ProductListOptions, limit = options.limit, offset = (options.page - 1) * options.limit): SQL {
  const { from, categoryJoined, pricesJoined } = fromClause(options);
  const window = sql`order by ${orderBy(options)} limit ${limit} offset ${offset}`;
  const where = whereClause(options, { categoryJoined, pricesJoined });
  if (!options.categoryIds?.length || categoryJoined || options.fewMembers === false)
    return sql`select p.id from ${from} where ${where} ${window}`;
  const others = whereClause(options, { categoryJoined: true, pricesJoined });
  const members = membersCte(options.categoryIds);
  if (options.fewMembers) return sql`${members} select p.id from ${from} where p.id in (select product_id from members) and ${others} ${window}`;
  return sql`${members}
    (select p.id from ${from} where (select count(*) from members) <= ${MEMBER_SORT_LIMIT}
      and p.id in (select product_id from members) and ${others} ${window})
    union all
    (select p.id from ${from} where (select count(*) from members) > ${MEMBER_SORT_LIMIT} and ${where} ${window})`;
}

/** The products of categories (distinct, capped at RESULT_WINDOW), counted on product_categories alone. */
function categoryCount(categoryIds: number[]): SQL {
  return sql`select count(*)::int as total from (select ${sql.raw(categoryIds.length > 1 ? 'distinct' : '')} product_id
    from product_categories where category_id = any(${intArray(categoryIds)}) limit ${RESULT_WINDOW}) capped`;
}

/**
 * The product count of categories, kept like ranked ids: only writes of product_categories, which
 * move search_result_version, change it.
 */
function keptCategoryCount(db: Database, categoryIds: number[], version: string): Promise<number> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  const count = async () => (await selectPreparedRows<{ total: number }>(db, categoryCount(ids)))[0]?.total ?? 0;
  return keptWhileResultsStand(db, `count:${ids.join(',')}`, count, { version });
}

/** Filters other than categories narrow a list; a category-only list is counted on product_categories. */
const onlyCategories = (filters: ProductFilters) =>
  !!filters.categoryIds?.length &&
  !filters.search &&
  filters.categoryAliasId === undefined &&
  !filters.excludeUncategorized &&
  !filters.brand &&
  !filters.productIds &&
  filters.storeId === undefined &&
  filters.minPrice === undefined &&
  filters.maxPrice === undefined &&
  !filters.hasNoCategory &&
  !filters.hasNoOffers &&
  !filters.dealsOnly &&
  !filters.spec?.length;

/**
 * The queries of a list (also EXPLAINed by the API benchmark): the page and its capped count,
 * and for searches the ranking of every match (ids, at most RESULT_WINDOW) that the search
 * cache keeps.
 */
export function listQueries(options: ProductListOptions): { page: SQL; count: SQL; ranked: SQL } {
  const categoryIds = options.categoryIds ?? [];
  return {
    ranked:
      options.search && options.sortBy === 'relevance'
        ? rankedByRelevance(options.search, options)
        : pageIds(options, RESULT_WINDOW, 0),
    // The page's ids first (ARRAY keeps their order), then their columns: the per-row price
    // and category look-ups run for the page's rows only, not for the rows OFFSET skips.
    page: sql`select ${listColumns} from unnest(array(${pageIds(options)})) with ordinality as page(id, position)
          join ${PRODUCTS_WITH_PRICES} on p.id = page.id order by page.position`,
    count: onlyCategories(options)
      ? categoryCount(categoryIds)
      : sql`select count(*)::int as total from (select 1 from products p where ${whereClause(options)} limit ${RESULT_WINDOW}) capped`,
  };
}

/** Above this planner estimate a list is certainly over the count cap, so it is not counted. */
const CERTAINLY_CAPPED = 3 * RESULT_WINDOW;

/** The planner's row estimate of a list (no execution): cheap, and good enough to tell "far more than the cap". */
async function estimatedRows(db: Database, options: ProductListOptions): Promise<number> {
  type Plan = [{ Plan: { 'Plan Rows': number } }];
  const [row] = await selectRows<{ 'QUERY PLAN': Plan | string }>(
    db,
    sql`explain (format json) select 1 from products p where ${whereClause(options)}`,
  );
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as Plan) : row?.['QUERY PLAN'];
  return plan?.[0].Plan['Plan Rows'] ?? 0;
}

/**
 * totalItems, capped at RESULT_WINDOW: known from the page itself when it is the last one,
 * taken as the cap when the planner expects far more rows, counted (up to the cap) otherwise.
 */
async function cappedTotal(db: Database, options: ProductListOptions, query: SQL, pageRows: number, estimate: number) {
  const offset = (options.page - 1) * options.limit;
  if (pageRows > 0 && pageRows < options.limit) return offset + pageRows;
  if (estimate >= CERTAINLY_CAPPED) return RESULT_WINDOW;
  const [counted] = await selectRows<{ total: number }>(db, query);
  return counted?.total ?? 0;
}

/** An order by views, which move without search_result_version (they are written every few seconds). */
const byViews = (options: Pick<ProductListOptions, 'sortBy' | 'search'>) =>
  options.sortBy === 'views' || (options.sortBy === 'relevance' && !options.search);

/**
 * The ranked ids (at most RESULT_WINDOW) of a search or category list, through the search cache.
 * An order by views is kept no longer than a cached answer is (http/response-cache.ts), so a page
 * read from kept ids is never staler than the same page's cached answer may be. A list of only
 * categories of few members takes its order from the members' kept orders (member-order.ts): one
 * statement orders them for every sort, and a single category's by its manual order too.
 */
export async function searchResultIds(
  db: Database,
  options: Omit<ProductListOptions, 'page' | 'limit'>,
  version?: string,
): Promise<number[]> {
  const { page: _page, limit: _limit, ...rest } = options as ProductListOptions;
  const memberSort = isMemberSort(rest.sortBy) ? rest.sortBy : manualJoined(rest) ? 'manual' : undefined;
  if (rest.fewMembers === true && onlyCategories(rest) && memberSort) {
    const ordered = await memberOrder(db, rest.categoryIds!, memberSort, rest.sortOrder, version);
    if (ordered) return ordered;
  }
  // No specification filter is the same list as none given.
  const given = Object.entries(rest).filter(([name, value]) => value !== undefined && !(name === 'spec' && !(value as unknown[]).length));
  const key = JSON.stringify(given.sort(([a], [b]) => a.localeCompare(b)));
  const ranked = listQueries({ ...rest, page: 1, limit: 1 }).ranked;
  const rank = async () => (await selectRows<{ id: number }>(db, ranked)).map((row) => row.id);
  return keptWhileResultsStand(db, `ids:${key}`, rank, { maxAgeMs: byViews(rest) ? MAX_CACHE_AGE_MS : undefined, version });
}

/**
 * Lists served from their ranked ids (kept per search_result_version, see search-cache.ts): every
 * search, and every category list, so each page, and each visitor after the first, reads the
 * page's rows by id instead of sorting the category again. The exception is the manual order of a
 * large or filtered category: it starts from its sort-order index and reads only the page's
 * members (ranking all of them would read every member's product for the date that breaks ties).
 */
const servedFromRankedIds = (options: ProductListOptions) =>
  Boolean(options.search) ||
  (Boolean(options.categoryIds?.length) && (!manualJoined(options) || (options.fewMembers === true && onlyCategories(options))));

/** A page of a list served from its ranked ids: the ids from the (cached) list, its rows read by id. */
async function rankedPage(db: Database, options: ProductListOptions, version?: string) {
  return pageOfIds(db, await searchResultIds(db, options, version), options);
}

/** The page of `ids` (a whole list, in order) that `options` asks, its rows read by id. */
async function pageOfIds(db: Database, ids: number[], options: ProductListOptions) {
  const { page, limit } = options;
  const pageIds = ids.slice((page - 1) * limit, page * limit);
  const rows = pageIds.length
    ? await selectPreparedRows<ProductListRow>(db, sql`select ${listColumns} from ${PRODUCTS_WITH_PRICES} where p.id = any(${intArray(pageIds)})`)
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    products: pageIds.flatMap((id) => byId.get(id) ?? []),
    pagination: paginationOf(ids.length, options),
  };
}

/**
 * A list of few category members narrowed only by brand, price, store or specifications: filtered
 * in memory (category-members.ts) from the category's ranked ids, which every combination of
 * filters on the same sort shares. A filter keeps the order of what it filters, so the result is
 * the filtered list's own order.
 */
const filteredFromMembers = (options: ProductListOptions) =>
  options.fewMembers === true &&
  !options.search &&
  options.categoryAliasId === undefined &&
  !options.excludeUncategorized &&
  !options.productIds &&
  !options.hasNoCategory &&
  !options.hasNoOffers &&
  !options.dealsOnly &&
  !onlyCategories(options);

async function memberFilteredPage(db: Database, options: ProductListOptions, version: string, catalogVersion: string) {
  const { brand, storeId, minPrice, maxPrice, spec, ...unfiltered } = options;
  const categoryIds = options.categoryIds!;
  const members = await keptMembers(db, categoryIds, catalogVersion);
  if (!members) return null;
  const [ranked, { all }] = await Promise.all([
    searchResultIds(db, unfiltered, version),
    memberTests(db, members, categoryIds, { brand, storeId, minPrice, maxPrice, spec }, catalogVersion),
  ]);
  const ids = ranked.filter((id) => {
    const member = members.get(id);
    return member !== undefined && all(member);
  });
  return pageOfIds(db, ids, options);
}

/** `catalogVersion`: the catalogue version the request is answered from, when already read. */
export async function listProducts(db: Database, listOptions: ProductListOptions, catalogVersion?: string) {
  checkPageWindow(listOptions.page, listOptions.limit);
  // One read of search_result_version serves the kept count and the kept ids of this request.
  const version = listOptions.categoryIds?.length || listOptions.search ? await searchResultVersion(db) : undefined;
  const memberCount = listOptions.categoryIds?.length ? await keptCategoryCount(db, listOptions.categoryIds, version!) : undefined;
  const options = memberCount === undefined ? listOptions : { ...listOptions, fewMembers: memberCount <= MEMBER_SORT_LIMIT };
  if (filteredFromMembers(options)) {
    const filtered = await memberFilteredPage(db, options, version!, catalogVersion ?? (await readCatalogVersion(db)));
    if (filtered) return filtered;
  }
  if (servedFromRankedIds(options)) return rankedPage(db, options, version);
  const queries = listQueries(options);
  if (onlyCategories(options)) {
    const rows = await selectPreparedRows<ProductListRow>(db, queries.page);
    return { products: rows, pagination: paginationOf(memberCount ?? 0, options) };
  }
  const [rows, estimate] = await Promise.all([selectPreparedRows<ProductListRow>(db, queries.page), estimatedRows(db, options)]);
  return {
    products: rows,
    pagination: paginationOf(await cappedTotal(db, options, queries.count, rows.length, estimate), options),
  };
}
