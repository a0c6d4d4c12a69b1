/**
 * i18next for every front end (one instance: a federation singleton). Dutch is the default
 * and fallback; detection order is the stored choice (cookie, then localStorage), the browser
 * language, then <html lang>; the choice is cached under `i18nextLng` in both. Each remote adds its own namespace with
 * `registerTranslations`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../auth/storage';
import en from './locales/en.json';
import nl from './locales/nl.json';

export const SUPPORTED_LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

export type TranslationTree = { [key: string]: string | TranslationTree };

let ready: I18n | null = null;

export function initI18n(): I18n {
  if (ready) return ready;
  void i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { nl: { common: nl }, en: { common: en } },
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      // The choice is kept in a cookie too, so the server renders pages in it (docs/architecture.md "Server rendering").
      detection: {
        order: ['cookie', 'localStorage', 'navigator', 'htmlTag'],
        lookupCookie: STORAGE_KEYS.language,
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      initAsync: false,
      react: { useSuspense: false },
      // No vendor notice in visitors' consoles or test output.
      showSupportNotice: false,
    });
  const syncHtmlLang = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng.slice(0, 2);
  };
  syncHtmlLang(i18next.resolvedLanguage ?? DEFAULT_LANGUAGE);
  i18next.on('languageChanged', syncHtmlLang);
  ready = i18next;
  return i18next;
}

/** Adds a remote's namespace (both languages); safe to call more than once. */
export function registerTranslations(namespace: string, resources: Record<Language, TranslationTree>): void {
  const instance = initI18n();
  for (const language of SUPPORTED_LANGUAGES) {
    instance.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

export function currentLanguage(): Language {
  const lng = initI18n().resolvedLanguage ?? DEFAULT_LANGUAGE;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

export function changeLanguage(language: Language): Promise<unknown> {
  return initI18n().changeLanguage(language);
}

/** Keys present in one language and missing in the other, for the translation tests. */
export function missingKeys(a: TranslationTree, b: TranslationTree, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(a)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const other = b[key];
    if (other === undefined) missing.push(path);
    else if (typeof value === 'object' && typeof other === 'object') missing.push(...missingKeys(value, other, path));
    else if (typeof value !== typeof other) missing.push(path);
  }
  return missing;
}
export { useNamespaceT, type NamespaceT } from './use-namespace-t';
