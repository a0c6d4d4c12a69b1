import { z } from 'zod';
import { id, isoDateTime } from './common';

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
