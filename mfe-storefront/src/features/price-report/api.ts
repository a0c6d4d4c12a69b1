/** Reporting a wrong price of an offer (POST /prices/{id}/reports, anonymous allowed). */
import type { PriceReportBody } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

const priceReportApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    reportPrice: build.mutation<unknown, { priceId: number } & PriceReportBody>({
      query: ({ priceId, ...body }) => ({ path: `prices/${priceId}/reports`, method: 'POST', body }),
    }),
  }),
});

export const { useReportPriceMutation } = priceReportApi;
