// The personal account (spec section 2, /account/*): this remote's subtree of the site's routes,
// exposed as `./routes`. Its pages route themselves inside AccountPage (a guest gets the sign-in
// prompt on every one); the crumbs and titles of all of them are here, for the shell's trail and its
// server's first view (preview.ts): their headings, never their content, which is personal.

import type { PageContext, PageRoute } from '@lab/pages/routes';
import { ACCOUNT_PAGES, accountHeadingAt, accountPageAt } from './pages';

export { textsReady } from './i18n';

/** The account page at the route's splat (`orders` ...), if it is one. */
const pageAt = ({ params }: PageContext) => accountPageAt(params['*'] ?? '');

export const ACCOUNT_ROUTE_ID = 'mf_account/account';

export const routes: readonly PageRoute[] = [
  {
    id: ACCOUNT_ROUTE_ID,
    path: 'account/*',
    lazy: () =>
      import(/* webpackChunkName: "page-account" */ './exposed/AccountPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: 'account',
      crumbs: ACCOUNT_PAGES.map(({ titleKey: _, headingKey: __, ...crumb }) => crumb),
      head: (context) => ({ title: context.t(pageAt(context)?.titleKey ?? 'page.title') }),
      // not personal: the first view draws it, and the account keeps it while it loads (AccountRoutes)
      heading: (context) => {
        const key = accountHeadingAt(context.params['*'] ?? '');
        return key ? context.t(key) : null;
      },
    },
  },
];
