export type { TFunction } from 'i18next';
export { Trans, useTranslation } from 'react-i18next';
export {
  FALLBACK_LOCALE,
  isExternalHref,
  isLocale,
  LOCALES,
  type Locale,
  languageTag,
  localeFromPath,
  localizePath,
  stripLocale,
} from './locale';
export {
  type BundleLoader,
  i18next,
  initI18n,
  type NamespaceResources,
  registerNamespace,
  setLocale,
} from './setup';
export { useLocale } from './useLocale';
