import { isExternalHref, type Locale, localizePath, useLocale, useTranslation } from '@lab/i18n';
import { Link as RouterLink, type LinkProps as RouterLinkProps, useLocation } from '@lab/router';
import type { CSSProperties, Ref } from 'react';
import { UI_NAMESPACE } from '../i18n';
import { isCurrentLocation, isNonRouteScheme } from './paths';

export interface LinkProps extends Omit<RouterLinkProps, 'to'> {
  /** An app path without locale prefix (`/cart`), or an external URL (`https://...`). */
  to: string;
  /** Localize for this locale instead of the active one (the language switch). */
  locale?: Locale;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The one link of the storefront, following docs/product.md#routes: internal paths get the locale prefix,
 * external URLs open in a new tab with nofollow and are never prefixed, and the link to the page
 * being shown is rendered as plain, non-clickable text marked aria-current.
 */
export function Link({ to, locale, children, ...rest }: LinkProps) {
  const activeLocale = useLocale();
  const location = useLocation();
  const { t } = useTranslation(UI_NAMESPACE);

  if (isExternalHref(to)) {
    const anchorProps = withoutRouterProps(rest);
    return (
      <a {...anchorProps} href={to} target="_blank" rel="noopener noreferrer nofollow">
        {children}
        <span className="visually-hidden"> ({t('newTab')})</span>
      </a>
    );
  }
  // mailto:, tel: are not routes: localizing them would produce /ru/tel:... .
  if (isNonRouteScheme(to)) {
    return (
      <a {...withoutRouterProps(rest)} href={to}>
        {children}
      </a>
    );
  }

  const target = localizePath(to, locale ?? activeLocale);
  if (isCurrentLocation(target, location)) {
    return (
      <span {...spanProps(rest)} aria-current="page">
        {children}
      </span>
    );
  }
  return (
    <RouterLink {...rest} to={target}>
      {children}
    </RouterLink>
  );
}

type RestProps = Omit<LinkProps, 'to' | 'locale' | 'children'>;

/** Drops the props only react-router understands so they do not reach a plain <a>. */
function withoutRouterProps(props: RestProps) {
  const {
    replace: _replace,
    state: _state,
    reloadDocument: _reload,
    preventScrollReset: _scroll,
    relative: _relative,
    viewTransition: _transition,
    discover: _discover,
    prefetch: _prefetch,
    ...anchor
  } = props;
  return anchor;
}

interface SpanProps {
  className?: string;
  style?: CSSProperties;
  id?: string;
  title?: string;
  lang?: string;
  dir?: string;
  [attribute: `aria-${string}` | `data-${string}`]: unknown;
}

/** The current-page span keeps presentation and labelling attributes, but no handlers or href. */
function spanProps(props: RestProps): SpanProps {
  const kept: SpanProps = {};
  for (const [key, value] of Object.entries(props)) {
    if (/^(className|style|id|title|lang|dir)$|^(aria|data)-/.test(key)) {
      (kept as Record<string, unknown>)[key] = value;
    }
  }
  return kept;
}
