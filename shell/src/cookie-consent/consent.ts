import { STORAGE_KEYS, safeStorage } from '@koopjesland/shared';

export type CookieConsent = 'all' | 'essential';

/** The stored choice, or null while undecided (or when storage is unavailable). */
export function readConsent(): CookieConsent | null {
  const value = safeStorage.get(STORAGE_KEYS.cookieConsent);
  return value === 'all' || value === 'essential' ? value : null;
}

/** A year, like the language cookie. */
const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function storeConsent(choice: CookieConsent): void {
  // Without storage the choice holds for this page view only; the dialog returns next time.
  if (!safeStorage.set(STORAGE_KEYS.cookieConsent, choice)) return;
  // A copy in a cookie tells the server the choice is made, so its pages come without the dialog.
  document.cookie = `${STORAGE_KEYS.cookieConsent}=${choice}; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}
