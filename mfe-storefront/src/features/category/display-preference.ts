/** Grid/list choice per category, in local storage under the spec's prefix plus the slug. */
import { safeStorage, STORAGE_KEYS } from '@koopjesland/shared';
import type { DisplayType } from '../products/ProductCard';

export const preferenceKey = (slug: string) => `${STORAGE_KEYS.categoryPreferencesPrefix}_${slug}`;

export function readDisplayPreference(slug: string): DisplayType | null {
  const raw = safeStorage.get(preferenceKey(slug));
  if (!raw) return null;
  try {
    const value = (JSON.parse(raw) as { displayType?: unknown }).displayType;
    return value === 'grid' || value === 'rows' ? value : null;
  } catch {
    return null;
  }
}

export function saveDisplayPreference(slug: string, displayType: DisplayType): void {
  safeStorage.set(preferenceKey(slug), JSON.stringify({ displayType }));
}
