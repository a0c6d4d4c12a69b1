import { registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const NAMESPACE = 'catalogAdmin';

export function registerCatalogAdminTranslations(): void {
  registerTranslations(NAMESPACE, { nl, en });
}
