// The registry of the single-bundle build (`SINGLE_BUNDLE=1`, used by `npm run bench` to measure the
// federation tax): the shell imports the remotes' exposed modules directly, with no federation at
// all. The federated build never contains this file; webpack swaps it in for ./registry.
import type { ExposedName, RemoteModules, RemoteName } from './types';

type Loaders = { [R in RemoteName]: { [M in ExposedName<R>]: () => Promise<RemoteModules[R][M]> } };

// typed against the remotes' exposes.ts: an exposed module added or renamed fails the type check here
const loaders: Loaders = {
  mf_catalog: {
    SearchButton: () => import('../../../../mf-catalog/src/exposed/SearchButton'),
    CataloguePage: () => import('../../../../mf-catalog/src/exposed/CataloguePage'),
    CategoryPage: () => import('../../../../mf-catalog/src/exposed/CategoryPage'),
    ServicePage: () => import('../../../../mf-catalog/src/exposed/ServicePage'),
    SearchPage: () => import('../../../../mf-catalog/src/exposed/SearchPage'),
    PopularServices: () => import('../../../../mf-catalog/src/exposed/PopularServices'),
    PackagesShowcase: () => import('../../../../mf-catalog/src/exposed/PackagesShowcase'),
  },
  mf_cart_checkout: {
    CartButton: () => import('../../../../mf-cart-checkout/src/exposed/CartButton'),
    CartPage: () => import('../../../../mf-cart-checkout/src/exposed/CartPage'),
    CheckoutPage: () => import('../../../../mf-cart-checkout/src/exposed/CheckoutPage'),
    PaymentResultPage: () => import('../../../../mf-cart-checkout/src/exposed/PaymentResultPage'),
    UtmCapture: () => import('../../../../mf-cart-checkout/src/exposed/UtmCapture'),
  },
  mf_account: {
    ProfileMenu: () => import('../../../../mf-account/src/exposed/ProfileMenu'),
    AccountPage: () => import('../../../../mf-account/src/exposed/AccountPage'),
  },
  mf_auth: {
    AuthModals: () => import('../../../../mf-auth/src/exposed/AuthModals'),
  },
};

export type RemotesMap = Record<string, string>;

export function registerRemotesOnce(): Promise<RemotesMap> {
  return Promise.resolve({});
}

export function loadExposed<R extends RemoteName, M extends ExposedName<R>>(
  remote: R,
  module: M,
  _afterFailure = false,
): Promise<RemoteModules[R][M]> {
  const remoteLoaders: { [N in ExposedName<R>]: () => Promise<RemoteModules[R][N]> } = loaders[remote];
  return remoteLoaders[module]();
}
