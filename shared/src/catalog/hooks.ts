/**
 * What the catalog modals need of a remote: the hooks of its slice with `catalogModalEndpoints`
 * injected, and its way of showing a toast. Typed structurally, so any slice fits.
 */
import type { ReactNode } from 'react';
import type { Category, CategorySettings, Pagination, Product } from '@koopjesland/shared';
import type { AssignSearchArgs } from './api';

interface QueryState<Data> {
  data?: Data;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
}

type MutationHook<Arg, Result> = () => readonly [(arg: Arg) => { unwrap(): Promise<Result> }, { isLoading: boolean }];

export interface CatalogModalHooks {
  useGetCategorySettingsQuery(categoryId: number): QueryState<{ category: { settings: CategorySettings | null; saved?: boolean } }>;
  useSaveCategorySettingsMutation: MutationHook<{ categoryId: number; settings: Partial<CategorySettings> }, unknown>;
  useGetCategoryTreeQuery(arg: void): QueryState<{ categories: Category[] }>;
  useSaveProductCategoriesMutation: MutationHook<{ productId: number; categoryIds: number[] }, unknown>;
  useSearchProductsToAssignQuery(arg: AssignSearchArgs): QueryState<{ products: Product[]; pagination: Pagination }>;
  useAssignProductsToCategoryMutation: MutationHook<
    { categoryId: number; productIds: number[] },
    { addedCount: number }
  >;
  useSaveRepresentativeProductMutation: MutationHook<{ categoryId: number; representativeProductId: number }, unknown>;
}

export interface CatalogModalNotify {
  success(title: ReactNode): void;
  error(title: ReactNode): void;
}

