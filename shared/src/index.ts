export * from './api/client';
export * from './api/errors';
export * from './auth/storage';
export * from './auth/store';
export * from './site-config/store';
export * from './i18n';
export * from './format/money';
export * from './format/date';
export * from './format/number';
export * from './theme';
export * from './ssr/page-context';
export * from './ssr/page-request';
export * from './routing/visitor-pages';
export type * from './entities';
export { ADMIN_CATEGORY_SETTINGS, DEFAULT_CATEGORY_SETTINGS, OVERIG_SLUG } from './entities/category-defaults';
export { isUrlOrSitePath } from './entities/image-address';
export {
  MAX_SPEC_FILTERS,
  SPEC_FILTER_PARAM,
  SPEC_NO,
  SPEC_YES,
  formatSpecFilters,
  parseSpecFilters,
  replaceSpecFilter,
} from './entities/specification-filters';
export {
  OFFER_HIDDEN_REASONS,
  PRICE_REPORT_NOTE_MAX,
  PRICE_REPORT_REASONS,
  PRICE_REPORT_SORT_FIELDS,
} from './entities/price-report-values';
