import { registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const CATALOG_MODALS_NAMESPACE = 'catalogModals';

export function registerCatalogModalsTranslations(): void {
  registerTranslations(CATALOG_MODALS_NAMESPACE, { nl, en });
}
