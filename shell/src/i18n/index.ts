import { initI18n, registerTranslations } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

export const SHELL_NAMESPACE = 'shell';

export function initShellI18n(): void {
  initI18n();
  registerTranslations(SHELL_NAMESPACE, { nl, en });
}
