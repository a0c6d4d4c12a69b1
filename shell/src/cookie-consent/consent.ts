import { STORAGE_KEYS, safeStorage } from '@koopjesland/shared';

export type CookieConsent = 'all' | 'essential';

/** The stored choice, or null while undecided (or when storage is unavailable). */
export function readConsent(): CookieConsent | null {
  const value = safeStorage.get(STORAGE_KEYS.cookieConsent);
  return value === 'all' || value === 'essential' ? value : null;
}

export function storeConsent(choice: CookieConsent): void {
  // Without storage the choice holds for this page view only; the dialog returns next time.
  safeStorage.set(STORAGE_KEYS.cookieConsent, choice);
}
