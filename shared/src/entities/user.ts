import { z } from 'zod';
import { id, isoDateTime } from './common';

/** Roles beside the visitor ('user'): admin (everything), merchandiser (catalog area), store manager (store area). */
export const USER_ROLES = ['user', 'merchandiser', 'store_manager', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  id,
  email: z.string(),
  /** The specification's flag: true exactly for the admin role. */
  isAdmin: z.boolean(),
  role: userRoleSchema,
  /** The stores a store manager is limited to; null = every store (and for every other role). */
  storeIds: z.array(id).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

/** A user as the admin's user pages show it. */
export const adminUserSchema = userSchema.extend({
  lastSignInAt: isoDateTime.nullable(),
  wishlistCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
