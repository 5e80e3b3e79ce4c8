// What the catalogue's pages say of themselves (title, description, crumb name, heading): the pages
// declare it with usePageMeta, and their routes' handles (src/routes.ts) hand it to the shell's server.
import type { FoundGroup } from '@lab/api';
import type { TFunction } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';

type T = TFunction;

export const catalogueHead = (t: T): PageMeta => ({
  title: t('catalogue.title'),
  description: t('catalogue.description'),
});

/** `found` undefined: the tree is still loading; null: no such group. */
export function categoryHead(t: T, found: FoundGroup | null | undefined): PageMeta {
  if (found)
    return { title: found.node.title, description: t('category.metaDescription', { title: found.node.title }) };
  return { title: found === undefined ? t('catalogue.title') : t('category.notFound') };
}
