import { users } from '../../db/schema';

/** The user as the API shows it: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
