/**
 * The visitor's own account (docs/product.md "Accounts, roles and audit API"): change the
 * password, delete the account, ask for a reset link, set a new password with it.
 */
import { storefrontApi } from '../../api/store';

type Done = { success: true };

const accountApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<Done, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ path: 'auth/change-password', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<Done, { password: string }>({
      query: (body) => ({ path: 'auth/account', method: 'DELETE', body }),
    }),
    forgotPassword: build.mutation<Done, { email: string }>({
      query: (body) => ({ path: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Done, { token: string; password: string }>({
      query: (body) => ({ path: 'auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation, useDeleteAccountMutation, useForgotPasswordMutation, useResetPasswordMutation } =
  accountApi;

/** The message of a failed call, for an inline alert. */
export const failureMessage = (error: unknown, fallback: string) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
    ? error.message
    : fallback;
