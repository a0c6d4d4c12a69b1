/**
 * The admin kit (`@koopjesland/shared/admin`): what the three admin remotes are built on.
 * Imported by admin code only, so visitors never download it.
 */
export { createAdminRemote, type AdminRemote, type AdminRemoteOptions } from './createAdminRemote';
export { createAdminApi, createAdminStore, type AdminApi, type AdminStore } from './store';
export {
  useServerTable,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_DEBOUNCE_MS,
  type ServerTableQuery,
  type SortDirection,
} from './useServerTable';
export { useAdminNotices, useConfirm, ADMIN_NOTICE_SECONDS, type ConfirmOptions, type ConfirmText } from './feedback';
export { trimValues, slugify, useSlugFollowsName, eurosToCents, centsToEuros, EuroInput, isHttpUrl } from './forms';
export { AdminPlaceholder, AdminNotFound } from './pages';
export { AdminPageLoading, AdminEmpty, tableLoading } from './loading';
export { useAdminDates } from './dates';
export { AdminDetailPage, type AdminDetailPageProps, type RecordQuery } from './AdminDetailPage';
export { useAdminMutation, type MutationResult } from './useAdminMutation';
export { AdminErrorBoundary } from './AdminErrorBoundary';
export { HistoryLink, useHistoryPath } from './HistoryLink';
export { useAdminPath, AdminBaseProvider, type AdminPath } from './paths';
export { useAdminUrls, type AdminUrls, type ProductTab, type StoreTab as StoreUrlTab } from './urls';
export { ADMIN_KIT_NAMESPACE, useAdminKitT } from './i18n';
