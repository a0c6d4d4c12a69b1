import { registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const NAMESPACE = 'storeAdmin';

export function registerStoreAdminTranslations(): void {
  registerTranslations(NAMESPACE, { nl, en });
}
