import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale, languageTag } from './locale';

/** Resources of one app's namespace, in each locale; ru may leave keys out (they fall back to ua). */
export type NamespaceResources = { ua: Record<string, unknown>; ru?: Record<string, unknown> };

/**
 * Initialises the page's one i18next instance (i18next is a shared singleton, so every remote gets
 * this one). Safe to call from every app: only the first call initialises.
 */
export function initI18n(locale: Locale = FALLBACK_LOCALE): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [],
      defaultNS: false,
      resources: {} satisfies Resource,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  }
  return i18next;
}

/** Adds one app's namespace; each app calls this for its own texts when its module loads. */
export function registerNamespace(namespace: string, resources: NamespaceResources): void {
  const instance = initI18n();
  for (const locale of LOCALES) {
    const bundle = resources[locale];
    if (bundle && !instance.hasResourceBundle(locale, namespace)) {
      instance.addResourceBundle(locale, namespace, bundle, true, false);
    }
  }
}

/** Switches the page language and the html lang attribute (uk for ua). */
export async function setLocale(locale: Locale): Promise<void> {
  const instance = initI18n(locale);
  if (instance.language !== locale) await instance.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(locale);
}

export { i18next };
