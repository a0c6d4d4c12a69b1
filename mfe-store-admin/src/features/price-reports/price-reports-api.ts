/**
 * Wrong-price reports: the queue of open reports grouped per offer, and the two
 * ways to resolve them (hide the offer until its feed's next import, or dismiss the reports).
 */
import type { Pagination, PriceReportGroup, PriceReportSortField } from '@koopjesland/shared';
import { storeAdminApi } from '../../api';

export const PRICE_REPORT_FILTER_KEYS = ['storeId'] as const;
export type PriceReportDecision = 'hide' | 'dismiss';

export interface PriceReportsQuery {
  page: number;
  limit: number;
  sortBy: PriceReportSortField;
  sortOrder: 'asc' | 'desc';
  storeId?: string;
}

const priceReportsApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    priceReports: build.query<{ priceReports: PriceReportGroup[]; pagination: Pagination }, PriceReportsQuery>({
      query: (query) => ({ path: 'admin/price-reports', query: { ...query } }),
      providesTags: ['PriceReport'],
    }),
    resolvePriceReports: build.mutation<
      { priceId: number; resolvedReports: number; hiddenReason: string | null },
      { priceId: number; decision: PriceReportDecision }
    >({
      query: ({ priceId, decision }) => ({ path: `admin/price-reports/${priceId}/${decision}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { decision }) =>
        decision === 'hide' ? ['PriceReport', 'Price', 'StoreProduct', 'Store'] : ['PriceReport'],
    }),
  }),
});

export const { usePriceReportsQuery, useResolvePriceReportsMutation } = priceReportsApi;
