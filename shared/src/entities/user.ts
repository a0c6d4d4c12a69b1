import { z } from 'zod';
import { id, isoDateTime } from './common';

/** Roles beside the visitor ('user'): admin (everything), merchandiser (catalog area), store manager (store area). */
export const USER_ROLES = ['user', 'merchandiser', 'store_manager', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  id,
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
