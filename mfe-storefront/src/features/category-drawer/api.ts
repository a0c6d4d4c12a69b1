/** The drawer's category navigation (docs/product.md §7: GET /categories?navigation=true), hidden categories dropped. */
import type { Category } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';
import { visibleCategories } from './drawer-path';

const drawerApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getNavigationCategories: build.query<Category[], void>({
      query: () => ({ path: 'categories', query: { navigation: true } }),
      transformResponse: (response: { categories: Category[] }) => visibleCategories(response.categories),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
  }),
});

export const { useGetNavigationCategoriesQuery } = drawerApi;
