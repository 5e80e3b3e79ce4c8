import type { CrumbParent, PageCrumb } from '@lab/pages/routes';
import { matchPath } from '@lab/router';

/** A route's breadcrumb: a label, or an id whose label a page may replace later (docs/product.md#breadcrumbs). */
export type CrumbDefinition = {
  pattern: string;
  /** i18n key of the label */
  labelKey: string;
  /** the label's namespace: the shell's, or the remote's whose page it is */
  ns?: string;
  id?: string;
  /** the real name from the page's data (its route's handle, @lab/pages PageCrumb.label) */
  label?: PageCrumb['label'];
  /** the crumbs before it when it is the page's own, in place of the address's (PageCrumb.parents) */
  parents?: readonly CrumbParent[];
};

export type Crumb = { id?: string; label: string; link: string; current: boolean };

/**
 * The trail from the URL's path segments: `/account/orders` looks at `/account` and
 * `/account/orders`; a segment appears only when a definition matches it. The last crumb is current.
 */
export function buildTrail(
  pathname: string,
  definitions: readonly CrumbDefinition[],
  label: (definition: CrumbDefinition, path: string) => string,
  home: { label: string; link: string },
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  let crumbs: Crumb[] = [];
  let own: CrumbDefinition | undefined;
  segments.forEach((_, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const definition = definitions.find((candidate) => matchPath({ path: candidate.pattern, end: true }, path));
    own = definition;
    if (definition) crumbs.push({ id: definition.id, label: label(definition, path), link: path, current: false });
  });
  if (!crumbs.length) return [];
  // the page's own crumb names the crumbs before it: they replace the address's
  const parents = own?.parents;
  const last = crumbs[crumbs.length - 1];
  if (parents && last) {
    crumbs = [
      ...parents.map(({ link, labelKey }) => ({
        label: label({ pattern: link, labelKey, ns: own?.ns }, link),
        link,
        current: false,
      })),
      last,
    ];
  }
  const trail = [{ label: home.label, link: home.link, current: false }, ...crumbs];
  const current = trail[trail.length - 1];
  if (current) current.current = true;
  return trail;
}
