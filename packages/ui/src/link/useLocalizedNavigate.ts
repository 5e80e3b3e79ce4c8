import { isExternalHref, localizePath, useLocale } from '@lab/i18n';
import { type NavigateOptions, useNavigate } from '@lab/router';
import { useCallback } from 'react';

/** Settles once the navigation is done (the next page drawn) in a data router. */
export type LocalizedNavigate = (to: string, options?: NavigateOptions) => Promise<void> | void;

/** `navigate` that applies the locale prefix like Link does; external URLs leave the app. */
export function useLocalizedNavigate(): LocalizedNavigate {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(
    (to, options) => {
      if (isExternalHref(to)) {
        window.location.assign(to);
        return;
      }
      return navigate(localizePath(to, locale), options);
    },
    [navigate, locale],
  );
}
