/** The page's shared state as the shell leaves it: who is signed in, and this domain's site configuration. */
import { useAuthStore } from '../auth/store';
import type { User, UserRole } from '../entities';
import { useSiteConfigStore, type SiteConfigState } from '../site-config/store';

/** Signs in a user of `role` (id 1, `{role}@koopjesland.nl` unless `user` says otherwise) on the shared auth store. */
export function signInAs(role: UserRole, user: Partial<User> = {}): User {
  const signedIn: User = {
    id: 1,
    email: `${role}@koopjesland.nl`,
    isAdmin: role === 'admin',
    role,
    storeIds: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...user,
  };
  useAuthStore.setState({ status: 'authenticated', user: signedIn, token: 'test-token' });
  return signedIn;
}

export function signOut(): void {
  useAuthStore.setState({ status: 'anonymous', user: null, token: null });
}

/** The site configuration store as the shell leaves it after loading (default: none for this domain). */
export function setSiteConfiguration(
  state: Partial<Pick<SiteConfigState, 'status' | 'configuration' | 'error'>> = {},
): void {
  useSiteConfigStore.setState({ status: 'missing', configuration: null, error: null, ...state });
}
