/** Browser storage that never throws (private mode, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Returns false when the value could not be stored. */
  set(key: string, value: string): boolean {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};

export const STORAGE_KEYS = {
  authToken: 'authToken',
  authUser: 'authUser',
  cookieConsent: 'cookie_consent',
  language: 'i18nextLng',
  categoryPreferencesPrefix: 'koopjes_land_category_preferences',
  recentlyViewed: 'koopjes_land_recently_viewed',
  categoryDrawerPath: 'koopjes_land_category_drawer_path',
  compare: 'koopjes_land_compare',
} as const;
