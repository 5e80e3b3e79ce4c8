import type { TFunction } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';

type T = TFunction;

/** The search page's title: with the query when there is one (SearchPage and its route's handle). */
export const searchHead = (t: T, query: string): PageMeta => ({
  title: query ? t('searchPage.titleWith', { query }) : t('searchPage.title'),
});
