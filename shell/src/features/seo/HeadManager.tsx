import { stripLocale, useLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { useCurrentPageMeta } from '@lab/ui';
import { useEffect, useMemo } from 'react';
import { useTrail } from '../breadcrumbs';
import { applyHead, buildHead } from './head';
import { siteFacts } from './site';

/** Writes the current page's metadata into <head> on every navigation and meta change. */
export function HeadManager() {
  const { t } = useTranslation('shell');
  const meta = useCurrentPageMeta();
  const locale = useLocale();
  const { pathname } = useLocation();
  const crumbs = useTrail();
  const tags = useMemo(
    () => buildHead({ meta, path: stripLocale(pathname), locale, crumbs, site: siteFacts(t) }),
    [meta, pathname, locale, crumbs, t],
  );
  useEffect(() => applyHead(tags, document), [tags]);
  return null;
}
