export * from './api/client';
export * from './api/errors';
export * from './auth/storage';
export * from './auth/store';
export * from './i18n';
export * from './format/money';
export * from './format/date';
export * from './theme';
export type * from './entities';
