import { type ApiError, useStored } from '@lab/api';
import { i18next, stripLocale, useLocale, useTranslation } from '@lab/i18n';
import { matchPath, useLocation } from '@lab/router';
import { useBreadcrumbLabels } from '@lab/ui';
import { useMemo } from 'react';
import { unstable_serialize as serialize, useSWRConfig } from 'swr';
import { useRouteCrumbs } from '../remotes';
import { buildTrail, type Crumb, type CrumbDefinition } from './trail';

/**
 * The current page's trail: a crumb's real name as its route's handle has it from the answers in SWR's
 * cache (as the server's first view drew it: the trail does not change under the visitor's eyes when
 * the page arrives), replaced by id where a page has set one, else its label.
 */
export function useTrail(): Crumb[] {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const locale = useLocale();
  const settlementId = useStored('cityId');
  const overrides = useBreadcrumbLabels();
  const crumbs = useRouteCrumbs();
  const { cache } = useSWRConfig();
  return useMemo(() => {
    const realName = (definition: CrumbDefinition, path: string) => {
      const match = definition.label && matchPath({ path: definition.pattern, end: true }, path);
      if (!match || !definition.label) return null;
      return definition.label({
        params: match.params,
        query: new URLSearchParams(search),
        locale,
        origin: window.location.origin,
        settlementId,
        answer: <T>(key: readonly unknown[]) => {
          const state = cache.get(serialize(key)) as { data?: unknown; error?: ApiError } | undefined;
          return (state?.error?.status === 404 ? null : state?.data) as T | null | undefined;
        },
        t: i18next.getFixedT(locale, definition.ns ?? 'shell'),
      });
    };
    return buildTrail(
      stripLocale(pathname),
      crumbs,
      (definition, path) =>
        (definition.id && overrides[definition.id]) ||
        realName(definition, path) ||
        t(definition.labelKey, { ns: definition.ns ?? 'shell' }),
      { label: t('crumbs.home'), link: '/' },
    );
  }, [pathname, search, locale, settlementId, overrides, t, crumbs, cache]);
}
