import type { Pagination, User } from '@koopjesland/shared';
import { configAdminApi } from '../../api/store';

export const USERS_PAGE_SIZE = 20;
export type UserSortField = 'email' | 'isAdmin' | 'createdAt' | 'updatedAt';

export interface UsersQuery {
  page: number;
  sortBy: UserSortField;
  sortOrder: 'asc' | 'desc';
}

export interface UsersResponse {
  users: User[];
  pagination: Pagination;
}

const usersApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<UsersResponse, UsersQuery>({
      query: ({ page, sortBy, sortOrder }) => ({
        path: 'auth/users',
        query: { page, limit: USERS_PAGE_SIZE, sortBy, sortOrder },
      }),
      providesTags: ['User'],
    }),
  }),
});

export const { useUsersQuery } = usersApi;
