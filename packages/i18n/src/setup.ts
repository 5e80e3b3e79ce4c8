import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale, languageTag } from './locale';

type Bundle = Record<string, unknown>;
/** A locale's texts loaded when first needed: `() => import('./ru.json')`, its own chunk. */
export type BundleLoader = () => Promise<{ default: Bundle }>;

/**
 * Resources of one app's namespace, in each locale; ru may leave keys out (they fall back to ua).
 * ua, the default and fallback, is always given whole; ru may be a loader, so that a visitor who
 * reads ua does not download it.
 */
export type NamespaceResources = { ua: Bundle; ru?: Bundle | BundleLoader };

// loaders not called yet, by namespace and locale; and the loads in flight
const loaders = new Map<string, BundleLoader>();
const loads = new Map<string, Promise<void>>();
// the locale the page is switching to while its texts load (i18next's language changes after them),
// and which switch is the newest
let wantedLocale: Locale | undefined;
let switches = 0;

const loaderKey = (locale: Locale, namespace: string) => `${locale}\u0000${namespace}`;

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

/**
 * Adds one app's namespace; each app calls this for its own texts when its module loads. Resolves
 * when the namespace's texts in the page's locale are there: a module that renders at once awaits it.
 */
export function registerNamespace(namespace: string, resources: NamespaceResources): Promise<void> {
  const instance = initI18n();
  for (const locale of LOCALES) {
    const bundle = resources[locale];
    if (!bundle || instance.hasResourceBundle(locale, namespace)) continue;
    if (typeof bundle === 'function') {
      loaders.set(loaderKey(locale, namespace), bundle);
    } else {
      instance.addResourceBundle(locale, namespace, bundle, true, false);
      loaders.delete(loaderKey(locale, namespace));
    }
  }
  // texts that could not be loaded fall back to ua, as a missing key does: the module renders anyway
  return loadTexts(wantedLocale ?? (instance.language as Locale)).catch(() => undefined);
}

/** Loads every registered namespace's texts in a locale that are not there yet. */
function loadTexts(locale: Locale): Promise<void> {
  const prefix = loaderKey(locale, '');
  const pending = [...loaders.keys()].filter((key) => key.startsWith(prefix));
  return Promise.all(
    pending.map((key) => {
      let load = loads.get(key);
      if (!load) {
        const namespace = key.slice(prefix.length);
        load = (loaders.get(key) as BundleLoader)().then(
          ({ default: bundle }) => {
            i18next.addResourceBundle(locale, namespace, bundle, true, false);
            loaders.delete(key);
            loads.delete(key);
          },
          (error: unknown) => {
            loads.delete(key); // the next switch or module asks again
            throw error;
          },
        );
        loads.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/**
 * Switches the page language and the html lang attribute (uk for ua), once the locale's texts of
 * every namespace registered are there: the page changes language in one step, never key by key.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const instance = initI18n(locale);
  const turn = ++switches;
  wantedLocale = locale;
  // texts that could not be loaded (offline) fall back to ua key by key, as a missing key does
  await loadTexts(locale).catch(() => undefined);
  if (turn !== switches) return; // a newer switch sets the language
  wantedLocale = undefined;
  if (instance.language !== locale) await instance.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(locale);
}

export { i18next };
