// The console's texts: its own i18next instance (from @lab/i18n), since its languages are Ukrainian (the
// default) and English rather than the site's ua and ru. English loads when first chosen; the choice is
// kept in this browser (localStorage).
import { i18next, useTranslation } from '@lab/i18n';
import { useMemo } from 'react';
import uk from '../i18n/uk.json';

export type Language = 'uk' | 'en';
export const LANGUAGES: readonly Language[] = ['uk', 'en'];
const KEY = 'consoleLanguage';
const NS = 'console';

export const texts = i18next.createInstance({
  lng: 'uk',
  fallbackLng: 'uk',
  supportedLngs: [...LANGUAGES],
  ns: [NS],
  defaultNS: NS,
  resources: { uk: { [NS]: uk } },
  // the texts name their values as `{name}`
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
void texts.init();

export function storedLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  return LANGUAGES.find((language) => language === stored) ?? 'uk';
}

/** Switches the page's language once its texts are there. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!texts.hasResourceBundle(language, NS)) {
    const bundle = (await import('../i18n/en.json')).default;
    texts.addResourceBundle(language, NS, bundle, true, false);
  }
  await texts.changeLanguage(language);
  localStorage.setItem(KEY, language);
  document.documentElement.lang = language;
  document.title = texts.t('title');
}

export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

/** The console's `t` and language; a component re-renders when the language changes. */
export function useTexts(): { t: Translate; language: Language; has: (key: string) => boolean } {
  const { t, i18n } = useTranslation(NS, { i18n: texts });
  const language = LANGUAGES.find((candidate) => candidate === i18n.language) ?? 'uk';
  // the same functions until the language changes: what is drawn from them (the charts) is drawn once
  return useMemo(
    () => ({
      t: (key, values) => t(key, values ?? {}),
      language,
      has: (key) => i18n.exists(key, { ns: NS }),
    }),
    [t, i18n, language],
  );
}

const locale = (language: Language) => (language === 'uk' ? 'uk-UA' : 'en-GB');

export const formatTime = (language: Language, iso: string): string =>
  new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(iso),
  );

export const formatHour = (language: Language, at: number): string =>
  new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit' }).format(new Date(at));

export const formatDateTime = (language: Language, iso: string): string =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

export const formatNumber = (language: Language, value: number, digits = 0): string =>
  new Intl.NumberFormat(locale(language), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
    value,
  );
