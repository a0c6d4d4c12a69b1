/**
 * The one way a component gets its texts: `t` bound to a namespace, and the i18n instance.
 *
 * react-i18next's `useTranslation` copies the i18n instance's ~60 own properties into a new object
 * on every mount (`createI18nWrapper`). A browser mounts each component once, but a server render
 * mounts every component in every pass, so that copy is paid per component per request. Translations are bundled and registered before anything renders, so there is no
 * loading state to track; a component re-renders when the language changes. The bound `t` passes its
 * language and namespace straight to `i18n.t`: i18next's own `getFixedT` copies all its options
 * into a new object on every call, which the server would pay for every text it renders.
 */
import { useContext, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

export interface NamespaceT<Namespace extends string> {
  t: TFunction<Namespace>;
  i18n: I18n;
}

/** Per instance (the server keeps one clone per language): one bound `t` per language and namespace. */
const boundTs = new WeakMap<I18n, Map<string, NamespaceT<string>>>();
const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

type TranslateOptions = Record<string, unknown> & { lng?: string; ns?: string | readonly string[] };

/**
 * Each key's text before interpolation, per bound `t`: i18next resolves every call anew (key
 * lookup, fallback namespace, interpolation), for every text of every render. Emptied when a remote adds
 * its texts (a key missing before may now resolve).
 */
const templateCaches = new WeakMap<I18n, Set<Map<string, string>>>();

function templateCache(i18n: I18n): Map<string, string> {
  let caches = templateCaches.get(i18n);
  if (!caches) {
    const all = new Set<Map<string, string>>();
    caches = all;
    templateCaches.set(i18n, all);
    const clear = () => all.forEach((cache) => cache.clear());
    i18n.store?.on('added', clear);
    i18n.store?.on('removed', clear);
  }
  const cache = new Map<string, string>();
  caches.add(cache);
  return cache;
}

/** Options i18next acts on itself (plurals, context, defaults, nesting…): such calls go to i18next. */
const I18NEXT_OPTIONS =
  /^(?:count|context|ordinal|defaultValue.*|lngs?|ns|returnObjects|returnDetails|joinArrays|postProcess|interpolation|skipInterpolation|replace|fallbackLng|keySeparator|nsSeparator)$/;

/** Plain values to put in `{{name}}` placeholders, or null when the call needs i18next. */
function interpolationValues(options: unknown): Record<string, string | number> | null {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  for (const [name, value] of Object.entries(options)) {
    if (I18NEXT_OPTIONS.test(name) || (typeof value !== 'string' && typeof value !== 'number')) return null;
  }
  return options as Record<string, string | number>;
}

/**
 * The text from its template, as i18next would make it (`escapeValue` is off), or null when the
 * template needs i18next: nesting, formats, unescaped or missing values.
 */
function fromTemplate(template: string, values: Record<string, string | number>): string | null {
  if (template.includes('$t(')) return null;
  if (!template.includes('{{')) return template;
  let complete = true;
  const text = template.replace(/\{\{([^}]*)\}\}/g, (_, inner: string) => {
    const name = inner.trim();
    if (!/^\w+$/.test(name) || !Object.hasOwn(values, name)) complete = false;
    return complete ? String(values[name]) : '';
  });
  return complete ? text : null;
}

function boundT(i18n: I18n, language: string, namespace: string): TFunction<string> {
  const templates = templateCache(i18n);
  const t = (key: string | string[], options?: unknown, ...rest: unknown[]) => {
    const values = options === undefined ? {} : interpolationValues(options);
    if (values && typeof key === 'string') {
      let template = templates.get(key);
      if (template === undefined) {
        template = String(i18n.t(key, { lng: language, ns: namespace, skipInterpolation: true }));
        templates.set(key, template);
      }
      const text = fromTemplate(template, values);
      if (text !== null) return text;
    }
    // `t(key, 'default value')` and other shorthand forms, read as i18next reads them.
    const given = (
      options === undefined
        ? {}
        : typeof options === 'object' && options !== null
          ? options
          : (i18n.options.overloadTranslationOptionHandler?.([key, options, ...rest] as Parameters<
              NonNullable<I18n['options']['overloadTranslationOptionHandler']>
            >[0]) ?? {})
    ) as TranslateOptions;
    return i18n.t(key, { ...given, lng: given.lng || language, ns: given.ns || namespace });
  };
  return t as unknown as TFunction<string>;
}

function subscriptionTo(i18n: I18n) {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

export function useNamespaceT<Namespace extends string>(namespace: Namespace): NamespaceT<Namespace> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const readLanguage = () => i18n.language;
  const language = useSyncExternalStore(subscriptionTo(i18n), readLanguage, readLanguage);
  let forInstance = boundTs.get(i18n);
  if (!forInstance) {
    forInstance = new Map();
    boundTs.set(i18n, forInstance);
  }
  const key = `${language}\u0000${namespace}`;
  let bound = forInstance.get(key);
  if (!bound) {
    bound = { t: boundT(i18n, language, namespace), i18n };
    forInstance.set(key, bound);
  }
  return bound as NamespaceT<Namespace>;
}
