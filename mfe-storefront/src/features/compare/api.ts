/** The comparison of up to four products of one category, side by side (GET /products/compare). */
import type { CompareResponse } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';
import { COMPARE_LIMIT } from './compare-store';

const compareApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getComparison: build.query<CompareResponse, string>({
      query: (ids) => ({ path: 'products/compare', query: { ids } }),
    }),
  }),
});

export const { useGetComparisonQuery } = compareApi;
export const { getComparison } = compareApi.endpoints;

/**
 * The products a comparison address names (`ids=3,7,12`): whole positive numbers, each once, at
 * most four, in the order given; in the form the API is asked with (null: none).
 */
export function compareIdsOf(search: URLSearchParams): string | null {
  const ids: number[] = [];
  for (const part of (search.get('ids') ?? '').split(',')) {
    const text = part.trim();
    const value = Number(text);
    if (/^\d+$/.test(text) && value > 0 && value <= 2_147_483_647 && !ids.includes(value)) ids.push(value);
  }
  return ids.length ? ids.slice(0, COMPARE_LIMIT).join(',') : null;
}
