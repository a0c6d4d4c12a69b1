import type { Pagination, User } from '@koopjesland/shared';
import type { ServerTableQuery } from '@koopjesland/shared/admin';
import { configAdminApi } from '../../api';

export const USER_SORT_FIELDS = ['email', 'isAdmin', 'createdAt', 'updatedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** docs/product.md §9: admin lists newest first. */
export const USERS_DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

export type UsersQuery = Pick<ServerTableQuery<UserSortField, never>, 'page' | 'limit' | 'sortBy' | 'sortOrder'>;

export interface UsersResponse {
  users: User[];
  pagination: Pagination;
}

const usersApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<UsersResponse, UsersQuery>({
      query: ({ page, limit, sortBy, sortOrder }) => ({ path: 'auth/users', query: { page, limit, sortBy, sortOrder } }),
      providesTags: ['User'],
    }),
  }),
});

export const { useUsersQuery } = usersApi;
