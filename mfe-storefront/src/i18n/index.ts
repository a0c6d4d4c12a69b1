/** The storefront's translations: namespace 'storefront', Dutch (default) and English. */
import { useNamespaceT, registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const STOREFRONT_NAMESPACE = 'storefront';

export function registerStorefrontTranslations(): void {
  registerTranslations(STOREFRONT_NAMESPACE, { nl, en });
}

/** `t` bound to the storefront namespace (common keys stay reachable as `common:…`). */
export function useStorefrontT() {
  return useNamespaceT(STOREFRONT_NAMESPACE);
}
