// The personal account (docs/product.md#routes, /account/*): this remote's subtree of the site's routes, exposed
// as `./routes`. The account route draws what all its pages share (a guest is asked to sign in on each
// one); its pages are its child routes, each with its crumb, its title and the heading the first view
// draws: never their content, which is personal. The account's frame (app/AccountFrame.tsx) reads the
// same routes. The pages share one chunk: most of their code is common to them.
import { reads } from '@lab/api';
import type { DataCall, PageContext, PageCrumb, PageHandle, PageRoute } from '@lab/pages/routes';
import { matchPath } from '@lab/router';
import { createElement } from 'react';

export { textsReady } from './i18n';

const NS = 'account';

/** An account page's handle: its crumb, the document's title until the page names a better one, its heading. */
function accountPage(
  titleKey: string,
  { crumb, headingKey = titleKey }: { crumb?: Omit<PageCrumb, 'path'>; headingKey?: string | null } = {},
): PageHandle {
  return {
    ns: NS,
    ...(crumb && { crumbs: [{ path: '', ...crumb }] }),
    head: ({ t }) => ({ title: t(titleKey) }),
    // not personal: the first view draws it, and the account's frame keeps it while it loads
    ...(headingKey && { heading: ({ t }: PageContext) => t(headingKey) }),
  };
}

export const routes: readonly PageRoute[] = [
  {
    id: 'mf_account/account',
    path: 'account',
    lazy: () =>
      // the layout's frames look the pages up here: the pages' module cannot import this one, which loads it
      import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({
        // biome-ignore lint/correctness/noComponentHookFactories: made once, when the router first loads the route
        Component: () => createElement(m.AccountLayout, { pageAt: accountPageAt }),
      })),
    handle: { ns: NS, crumbs: [{ path: '', labelKey: 'crumbs.account' }] },
    children: [
      {
        id: 'mf_account/home',
        index: true,
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({ Component: m.AccountHomeRoute })),
        handle: accountPage('page.title'),
      },
      {
        id: 'mf_account/personal',
        path: 'personal-information',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({ Component: m.PersonalRoute })),
        handle: accountPage('personal.title', { crumb: { labelKey: 'crumbs.personal' } }),
      },
      {
        id: 'mf_account/orders',
        path: 'orders',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({ Component: m.OrdersRoute })),
        handle: accountPage('orders.title', { crumb: { labelKey: 'crumbs.orders' } }),
      },
      {
        id: 'mf_account/patients',
        path: 'patients',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({ Component: m.PatientsRoute })),
        handle: accountPage('patients.title', { crumb: { labelKey: 'crumbs.patients' } }),
      },
      {
        id: 'mf_account/patient-results',
        path: 'patients/:id/results',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({
            Component: m.PatientResultsRoute,
          })),
        handle: accountPage('patientResults.title', { crumb: { labelKey: 'crumbs.patientResults', id: 'patient' } }),
      },
      {
        id: 'mf_account/patient-result',
        path: 'patients/:id/results/:resultId',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({
            Component: m.PatientResultRoute,
          })),
        handle: accountPage('results.pageTitle', {
          crumb: { labelKey: 'crumbs.result', id: 'patient-result' },
          headingKey: 'results.heading',
        }),
      },
      {
        id: 'mf_account/order-results',
        path: 'results/:id',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({
            Component: m.OrderResultsRoute,
          })),
        handle: {
          ...accountPage('results.pageTitle', {
            // an order's results belong with the orders: the trail leads back to the list they were opened from
            crumb: {
              labelKey: 'crumbs.orderResults',
              id: 'order-results',
              parents: [
                { link: '/account', labelKey: 'crumbs.account' },
                { link: '/account/orders', labelKey: 'crumbs.orders' },
              ],
            },
            headingKey: 'results.heading',
          }),
          // every state of an order's results draws differently (awaiting, partial, ready, corrected): the
          // signed-in patient's HTML carries the page drawn from their order, so its largest text is there
          data: ({ params, locale }) => {
            const id = Number(params.id);
            // written out rather than with @lab/pages' personalRead: this module is on every page, that one is not
            const order: DataCall = { ...reads.registry(id, locale), access: 'personal' };
            return Number.isInteger(id) && id > 0 ? [order] : [];
          },
          visitorsView: true,
        },
      },
      {
        // a missing page says so itself (NotFoundView): the first view has no heading for it
        id: 'mf_account/not-found',
        path: '*',
        lazy: () =>
          import(/* webpackChunkName: "page-account" */ './app/pages').then((m) => ({ Component: m.NotFoundRoute })),
        handle: accountPage('page.title', { headingKey: null }),
      },
    ],
  },
  {
    // shared results (features/sharing): a guest must reach it, so it is not under the account's sign-in;
    // its code is in the account pages' chunk (most of it is the results view they share)
    id: 'mf_account/shared',
    path: 'shared/:token',
    lazy: () =>
      import(/* webpackChunkName: "page-account" */ './app/shared').then((m) => ({ Component: m.SharedResultsRoute })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.shared' }],
      head: ({ t }) => ({ title: t('shared.title') }),
      heading: ({ t }) => t('shared.title'),
    },
  },
];

/** The account page at a path relative to /account (`orders`, `results/9` ...), if it is one. */
export function accountPageAt(splat: string): PageRoute | undefined {
  return routes[0]?.children?.find(
    (page) => page.path !== '*' && matchPath({ path: `/${page.path ?? ''}`, end: true }, `/${splat}`) !== null,
  );
}
