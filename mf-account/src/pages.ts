// The account's pages, relative to /account: their crumbs, their titles' keys and their headings' keys.
// Read by the routes (the shell's trail and its server's first view) and by the account's own loading
// state, which shows the heading the first view drew while the account is read.
import type { PageCrumb } from '@lab/pages/routes';
import { matchPath } from '@lab/router';

export type AccountPage = PageCrumb & {
  /** the document's title until the page names a better one */
  titleKey: string;
  /** the page's heading before its data arrives, when it is not the title */
  headingKey?: string;
};

export const ACCOUNT_PAGES: readonly AccountPage[] = [
  { path: '', labelKey: 'crumbs.account', titleKey: 'page.title' },
  { path: 'personal-information', labelKey: 'crumbs.personal', titleKey: 'personal.title' },
  { path: 'orders', labelKey: 'crumbs.orders', titleKey: 'orders.title' },
  { path: 'patients', labelKey: 'crumbs.patients', titleKey: 'patients.title' },
  { path: 'patients/:id/results', labelKey: 'crumbs.patientResults', id: 'patient', titleKey: 'patientResults.title' },
  {
    path: 'patients/:id/results/:resultId',
    labelKey: 'crumbs.result',
    id: 'patient-result',
    titleKey: 'results.pageTitle',
    headingKey: 'results.heading',
  },
  {
    path: 'results/:id',
    labelKey: 'crumbs.orderResults',
    id: 'order-results',
    titleKey: 'results.pageTitle',
    headingKey: 'results.heading',
  },
];

/** The account page at a path relative to /account (`orders`, `results/9` ...), if it is one. */
export const accountPageAt = (splat: string): AccountPage | undefined =>
  ACCOUNT_PAGES.find((page) => matchPath({ path: `/${page.path}`, end: true }, `/${splat}`));

/** The key of the heading of the account page at a path relative to /account, if it is one. */
export const accountHeadingAt = (splat: string): string | undefined => {
  const page = accountPageAt(splat);
  return page && (page.headingKey ?? page.titleKey);
};
