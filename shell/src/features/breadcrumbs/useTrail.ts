import { stripLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { useBreadcrumbLabels } from '@lab/ui';
import { useMemo } from 'react';
import { useRouteCrumbs } from '../remotes';
import { buildTrail, type Crumb } from './trail';

/** The current page's trail, with labels replaced by id where a page has set them. */
export function useTrail(): Crumb[] {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const overrides = useBreadcrumbLabels();
  const crumbs = useRouteCrumbs();
  return useMemo(
    () =>
      buildTrail(
        stripLocale(pathname),
        crumbs,
        (definition) =>
          (definition.id && overrides[definition.id]) || t(definition.labelKey, { ns: definition.ns ?? 'shell' }),
        { label: t('crumbs.home'), link: '/' },
      ),
    [pathname, overrides, t, crumbs],
  );
}
