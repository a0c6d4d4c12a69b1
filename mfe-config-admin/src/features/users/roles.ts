import { TAG_COLORS, type UserRole } from '@koopjesland/shared';

/** The roles in the order the role picker offers them. */
export const ROLE_CHOICES: readonly UserRole[] = ['user', 'merchandiser', 'store_manager', 'admin'];

/** Translation key of a role's name (`users.roles.*`). */
export const roleLabelKey = (role: UserRole) => `users.roles.${role}` as const;

export const ROLE_COLORS: Record<UserRole, string | undefined> = {
  admin: TAG_COLORS.orange,
  merchandiser: 'blue',
  store_manager: TAG_COLORS.green,
  user: undefined,
};
