/** Click-out logging (docs/product.md §7: POST /prices/log-redirect); nothing the page shows depends on it. */
import type { ClickOut } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

const clickOutApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    logClickOut: build.mutation<unknown, ClickOut>({
      query: (clickOut) => ({ path: 'prices/log-redirect', method: 'POST', body: clickOut }),
    }),
  }),
});

export const { useLogClickOutMutation } = clickOutApi;
