export { useTranslation, Trans } from 'react-i18next';
export {
  FALLBACK_LOCALE,
  LOCALES,
  type Locale,
  isExternalHref,
  isLocale,
  languageTag,
  localeFromPath,
  localizePath,
  stripLocale,
} from './locale';
export { i18next, initI18n, registerNamespace, setLocale, type NamespaceResources } from './setup';
export { useLocale } from './useLocale';
