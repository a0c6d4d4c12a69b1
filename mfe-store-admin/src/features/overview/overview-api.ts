/** A role's home: one call returning the sections the signed-in role handles (GET /admin/overview). */
import type { AdminOverview } from '@koopjesland/shared';
import { storeAdminApi } from '../../api';

const overviewApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    adminOverview: build.query<AdminOverview, void>({
      query: () => ({ path: 'admin/overview' }),
      // Releasing a held price, resolving reports or a feed run changes what waits here.
      providesTags: ['Price', 'PriceReport', 'FeedRun', 'Store'],
    }),
  }),
});

export const { useAdminOverviewQuery } = overviewApi;
