import {
  apiGet,
  type BreadcrumbEntry,
  type Category,
  type CategorySettings,
  type FiltersResponse,
  type Pagination,
  type Product,
} from '@koopjesland/shared';
import type { FilterValues } from '../filters/filter-params';

export const CATEGORY_PAGE_SIZE = 21;
export const SUBCATEGORY_POPULAR_LIMIT = 12;

export interface CategoryPageData {
  products: Product[];
  pagination: Pagination;
  category: { id: number; name: string; slug: string; settings: CategorySettings | null };
  breadcrumb: BreadcrumbEntry[];
  subcategories: Category[];
}

export function fetchCategoryPage(slug: string, page: number, filters: FilterValues, signal?: AbortSignal) {
  return apiGet<CategoryPageData>(`categories/page/${encodeURIComponent(slug)}`, {
    signal,
    query: {
      page,
      limit: CATEGORY_PAGE_SIZE,
      sortBy: filters.sortBy,
      sortOrder: filters.sortOrder,
      brand: filters.brand,
      storeId: filters.store,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      search: filters.search,
    },
  });
}

export const fetchCategoryFilters = (slug: string) =>
  apiGet<FiltersResponse>(`categories/${encodeURIComponent(slug)}/filters`);

export const fetchPopularSubcategoryProducts = (categoryId: number) =>
  apiGet<{ products: Product[] }>(`categories/${categoryId}/popular-subcategory-products`, {
    query: { limit: SUBCATEGORY_POPULAR_LIMIT },
  });
