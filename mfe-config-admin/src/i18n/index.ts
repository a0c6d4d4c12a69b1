import { registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const NAMESPACE = 'configAdmin';

export function registerConfigAdminTranslations(): void {
  registerTranslations(NAMESPACE, { nl, en });
}
