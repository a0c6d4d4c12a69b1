import { registerTranslations } from '@koopjesland/shared';
import { useNamespaceT } from '../../i18n/use-namespace-t';
import en from './en.json';
import nl from './nl.json';

/** The admin kit's own texts (placeholders, not-found, confirmations), beside each remote's namespace. */
export const ADMIN_KIT_NAMESPACE = 'adminKit';

export function registerAdminKitTranslations(): void {
  registerTranslations(ADMIN_KIT_NAMESPACE, { nl, en });
}

export const useAdminKitT = () => useNamespaceT(ADMIN_KIT_NAMESPACE);

export { en as adminKitEn, nl as adminKitNl };
