import type { Category } from '@koopjesland/shared';
import { catalogAdminApi } from '../../api';

const categoriesApi = catalogAdminApi.injectEndpoints({
  endpoints: (build) => ({
    categoryTree: build.query<Category[], void>({
      query: () => ({ path: 'categories', query: { includeHierarchy: true } }),
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: ['Category'],
    }),
    category: build.query<Category, number>({
      query: (id) => ({ path: `categories/id/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Category', id }],
    }),
  }),
});

export const { useCategoryTreeQuery, useCategoryQuery } = categoriesApi;
