/** API calls of the assign-products modal (spec §7): admin product search, assign, representative product. */
import { apiGet, apiPost, apiPut, type Pagination, type Product } from '@koopjesland/shared';

export const ASSIGN_PAGE_SIZE = 30;
export const ASSIGN_DEBOUNCE_MS = 250;

/** The product-id filter: a comma-separated list, trimmed, blanks dropped (spec §5). */
export const parseProductIds = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function searchProductsToAssign(filters: { search: string; productIds: string }, page: number, signal?: AbortSignal) {
  return apiGet<{ products: Product[]; pagination: Pagination }>('products', {
    signal,
    query: {
      search: filters.search.trim() || undefined,
      productIds: parseProductIds(filters.productIds),
      page,
      limit: ASSIGN_PAGE_SIZE,
      excludeUncategorized: false,
    },
  });
}

export const assignProductsToCategory = (categoryId: number, productIds: number[]) =>
  apiPost<{ addedCount: number }>(`categories/${categoryId}/products`, { productIds });

export const saveRepresentativeProduct = (categoryId: number, representativeProductId: number) =>
  apiPut(`categories/${categoryId}/settings`, { representativeProductId });
