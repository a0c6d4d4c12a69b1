/** Texts of the remote areas' version footer and compatibility errors (their own namespace, nl and en). */
import { registerTranslations } from '@koopjesland/shared';
import en from './i18n/en.json';
import nl from './i18n/nl.json';

export const FEDERATION_NAMESPACE = 'federation';

/** Idempotent: each module that shows these texts calls it when loaded. */
export function registerFederationTranslations(): void {
  registerTranslations(FEDERATION_NAMESPACE, { nl, en });
}
