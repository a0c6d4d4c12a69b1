/**
 * The one way a component gets its texts: `t` bound to a namespace, and the i18n instance.
 *
 * react-i18next's `useTranslation` copies the i18n instance's ~60 own properties into a new object
 * on every mount (`createI18nWrapper`). A browser mounts each component once, but a server render
 * mounts every component in every pass: it was 9 % of the server's CPU under load (bench:ssr
 * profile). Translations are bundled and registered before anything renders, so there is no
 * loading state to track; a component re-renders when the language changes. The bound `t` passes its
 * language and namespace straight to `i18n.t`: i18next's own `getFixedT` copies all its options
 * into a new object on every call (3 % of the server's CPU).
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

function boundT(i18n: I18n, language: string, namespace: string): TFunction<string> {
  const t = (key: string | string[], options?: unknown, ...rest: unknown[]) => {
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
