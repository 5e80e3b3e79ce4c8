import { useTranslation } from 'react-i18next';
import { FALLBACK_LOCALE, isLocale, type Locale } from './locale';

/** The active locale, re-rendering on change. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE;
}
