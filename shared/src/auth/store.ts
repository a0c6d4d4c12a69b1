/**
 * The auth store (docs/product.md §4 "Auth"): loading at start; a stored token and user are checked
 * against the profile and dropped when that fails; login/register store both; logout clears
 * state and storage. One instance in the page: @koopjesland/shared is a federation singleton.
 */
import { createPageStore } from '../ssr/page-context';
import type { AuthResponse, User } from '../entities';
import { apiGet, apiPost } from '../api/client';
import { setTokenSource } from '../api/token';
import { STORAGE_KEYS, safeStorage } from './storage';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  /** Runs once at start: checks stored credentials against GET /auth/profile. */
  initialize(): Promise<void>;
  login(email: string, password: string): Promise<User>;
  register(email: string, password: string): Promise<User>;
  logout(): Promise<void>;
}

function readStoredUser(): User | null {
  const raw = safeStorage.get(STORAGE_KEYS.authUser);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

function clearStoredCredentials() {
  safeStorage.remove(STORAGE_KEYS.authToken);
  safeStorage.remove(STORAGE_KEYS.authUser);
}

export const useAuthStore = createPageStore<AuthState>((set, get) => {
  const signIn = (response: AuthResponse) => {
    safeStorage.set(STORAGE_KEYS.authToken, response.token);
    safeStorage.set(STORAGE_KEYS.authUser, JSON.stringify(response.user));
    set({ status: 'authenticated', user: response.user, token: response.token });
    return response.user;
  };
  let initializing: Promise<void> | null = null;

  return {
    status: 'loading',
    user: null,
    token: null,

    initialize() {
      initializing ??= (async () => {
        const token = safeStorage.get(STORAGE_KEYS.authToken);
        const storedUser = readStoredUser();
        if (!token || !storedUser) {
          clearStoredCredentials();
          set({ status: 'anonymous', user: null, token: null });
          return;
        }
        set({ token });
        try {
          const user = await apiGet<User>('auth/profile', { errorStyle: 'auth' });
          safeStorage.set(STORAGE_KEYS.authUser, JSON.stringify(user));
          set({ status: 'authenticated', user, token });
        } catch {
          clearStoredCredentials();
          set({ status: 'anonymous', user: null, token: null });
        }
      })();
      return initializing;
    },

    async login(email, password) {
      return signIn(await apiPost<AuthResponse>('auth/login', { email, password }, { errorStyle: 'auth' }));
    },

    async register(email, password) {
      return signIn(await apiPost<AuthResponse>('auth/register', { email, password }, { errorStyle: 'auth' }));
    },

    async logout() {
      const { token } = get();
      if (token) {
        // Revoke on the server; signing out locally must not wait on or fail with it.
        apiPost('auth/logout', undefined, { token }).catch(() => undefined);
      }
      clearStoredCredentials();
      set({ status: 'anonymous', user: null, token: null });
    },
  };
});

setTokenSource(() => useAuthStore.getState().token);

/** Authenticated means both a token and a user are present (docs/product.md §4). */
export const selectIsAuthenticated = (state: AuthState) => Boolean(state.token && state.user);
export const selectIsAdmin = (state: AuthState) => Boolean(state.token && state.user?.isAdmin);
