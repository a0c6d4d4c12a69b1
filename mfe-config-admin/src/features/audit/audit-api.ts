import type { AuditRecord, Pagination, User } from '@koopjesland/shared';
import { configAdminApi } from '../../api';

export const AUDIT_FILTER_KEYS = ['userId', 'entity', 'entityId', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** Entity names the trail records (docs/product.md "Accounts, roles and audit API"). */
export const AUDIT_ENTITIES = [
  'user',
  'site-configuration',
  'wishlist-item',
  'store-rating',
  'category',
  'category-alias',
  'product',
  'store',
  'feed',
  'price',
] as const;

export type AuditQuery = { page: number; limit: number } & Partial<Record<AuditFilterKey, string>>;

export interface AuditResponse {
  records: AuditRecord[];
  pagination: Pagination;
}

const auditApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    auditRecords: build.query<AuditResponse, AuditQuery>({
      query: (query) => ({ path: 'admin/audit', query: { ...query } }),
      providesTags: ['Audit'],
    }),
    /** Users whose email matches, for the user filter. */
    userChoices: build.query<User[], string>({
      query: (search) => ({ path: 'auth/users', query: { search: search || undefined, limit: 20, sortBy: 'email', sortOrder: 'asc' } }),
      transformResponse: (response: { users: User[] }) => response.users,
    }),
  }),
});

export const { useAuditRecordsQuery, useUserChoicesQuery } = auditApi;
