import type { AdminUser, Pagination, Store, User, UserRole } from '@koopjesland/shared';
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

export interface NewUser {
  email: string;
  role: UserRole;
  storeIds?: number[];
  /** Absent: the user is invited by e-mail to choose one. */
  password?: string;
}

export interface UserChanges {
  role: UserRole;
  /** For store managers: the stores they manage; null = every store. */
  storeIds: number[] | null;
}

const usersApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<UsersResponse, UsersQuery>({
      query: ({ page, limit, sortBy, sortOrder }) => ({ path: 'auth/users', query: { page, limit, sortBy, sortOrder } }),
      providesTags: ['User'],
    }),
    user: build.query<AdminUser, number>({
      query: (id) => ({ path: `admin/users/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<AdminUser, NewUser>({
      query: (body) => ({ path: 'admin/users', method: 'POST', body }),
      invalidatesTags: ['User', 'Audit'],
    }),
    updateUser: build.mutation<AdminUser, { id: number; changes: UserChanges }>({
      query: ({ id, changes }) => ({ path: `admin/users/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['User', 'Audit'],
    }),
    deleteUser: build.mutation<{ success: true }, number>({
      query: (id) => ({ path: `admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User', 'Audit'],
    }),
    /** Every store, for the store manager's store picker. */
    storeChoices: build.query<Pick<Store, 'id' | 'name'>[], void>({
      query: () => ({ path: 'stores', query: { limit: 1000, sortBy: 'name', sortOrder: 'asc' } }),
      transformResponse: (response: { stores: Store[] }) => response.stores.map(({ id, name }) => ({ id, name })),
    }),
  }),
});

export const {
  useUsersQuery,
  useUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useStoreChoicesQuery,
} = usersApi;
