// The personal account (spec section 2, /account/*): this remote's subtree of the site's routes,
// exposed as `./routes`. Its pages route themselves inside AccountPage (a guest gets the sign-in
// prompt on every one); the crumbs and titles of all of them are here, for the shell's trail and its
// server's first view (preview.ts). Nothing of an account is previewed: its pages are personal.

import type { PageContext, PageCrumb, PageRoute } from '@lab/preview/routes';
import { matchPath } from '@lab/router';
import './i18n';

/** The account's pages, relative to /account: their crumbs and their titles' keys. */
const PAGES: readonly (PageCrumb & { titleKey: string })[] = [
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
  },
  { path: 'results/:id', labelKey: 'crumbs.orderResults', id: 'order-results', titleKey: 'results.pageTitle' },
];

/** The account page at the route's splat (`orders` ...), if it is one. */
const pageAt = ({ params }: PageContext) =>
  PAGES.find((page) => matchPath({ path: `/${page.path}`, end: true }, `/${params['*'] ?? ''}`));

export const routes: readonly PageRoute[] = [
  {
    id: 'mf_account/account',
    path: 'account/*',
    lazy: () =>
      import(/* webpackChunkName: "page-account" */ './exposed/AccountPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: 'account',
      crumbs: PAGES.map(({ titleKey: _, ...crumb }) => crumb),
      head: (context) => ({ title: context.t(pageAt(context)?.titleKey ?? 'page.title') }),
    },
  },
];
