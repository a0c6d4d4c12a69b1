/**
 * GET /products query → list options, shared by the product and category lists: category
 * references resolved, top-level parameters over the JSON `filters`, the price range checked.
 */
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { descendantIds, findCategory } from '../../catalogue/category-lookup';
import type { ProductFilters, ProductListOptions } from './product-list';
import { correctedSearch } from './search-corrections';
import type { ProductListQuery } from './query-params';
import { readSpecConditions } from '../specifications/filters';

/** Resolves a category reference (slug or id) to the ids a list should match. */
export async function categoryFilter(db: Database, ref: string, includeSubcategories: boolean) {
  const category = await findCategory(db, ref);
  return { category, categoryIds: includeSubcategories ? await descendantIds(db, category.id) : [category.id] };
}

/** GET /products query → list options. Top-level parameters win over the JSON `filters`. */
export async function toListOptions(db: Database, query: ProductListQuery): Promise<ProductListOptions> {
  const extra = query.filters ?? {};
  const search = await correctedSearch(db, query.search || extra.search || undefined);
  const categoryRef = query.category || extra.category;
  const resolved = categoryRef
    ? await categoryFilter(db, categoryRef, query.includeSubcategories ?? extra.includeSubcategories ?? false)
    : undefined;
  const options: ProductListOptions = {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy ?? (search ? 'relevance' : 'createdAt'),
    sortOrder: query.sortOrder ?? 'desc',
    search,
    categoryIds: resolved?.categoryIds,
    manualCategoryId: resolved?.category.id,
    categoryAliasId: query.categoryAlias,
    excludeUncategorized: query.excludeUncategorized,
    brand: query.brand || extra.brand || undefined,
    productIds: query.productIds ?? extra.productIds,
    storeId: query.storeId ?? extra.storeId,
    minPrice: query.minPrice ?? extra.minPrice,
    maxPrice: query.maxPrice ?? extra.maxPrice,
    hasNoCategory: query.hasNoCategory ?? extra.hasNoCategory,
    hasNoOffers: query.hasNoOffers ?? extra.hasNoOffers,
    spec: (await readSpecConditions(db, query.spec, resolved?.categoryIds)).conditions,
  };
  checkPriceRange(options);
  return options;
}

export function checkPriceRange(filters: Pick<ProductFilters, 'minPrice' | 'maxPrice'>): void {
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice)
    throw badRequest('Invalid minPrice', 'minPrice: must not exceed maxPrice');
}

