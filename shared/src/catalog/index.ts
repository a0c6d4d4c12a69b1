/**
 * `@koopjesland/shared/catalog`: the catalog modals the storefront and the catalog admin share
 * (one component each), with the endpoints a remote injects into its slice to host them.
 */
export {
  catalogModalEndpoints,
  parseProductIds,
  ASSIGN_PAGE_SIZE,
  ASSIGN_DEBOUNCE_MS,
  type AssignSearchArgs,
  type CatalogModalTag,
} from './api';
export {
  createCatalogModals,
  filterTree,
  useCategorySettingsWords,
  type CatalogModalOptions,
  type AssignMode,
  type AssignProductsModalProps,
  type AssignCategoriesModalProps,
  type CategorySettingsModalProps,
} from './modals';
export type { CatalogModalHooks, CatalogModalNotify } from './hooks';
