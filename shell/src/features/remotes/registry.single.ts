// The registry of the single-bundle build (`SINGLE_BUNDLE=1`, used by `npm run bench` to measure the
// federation tax): the shell imports the remotes' exposed modules directly, with no federation at
// all. The federated build never contains this file; webpack swaps it in for ./registry.
import { pageRemotesMap } from './pageRemotes';
import type { RemotesMap } from './remotesMap';
import type { ExposedName, RemoteModules, RemoteName } from './types';

type Loaders = { [R in RemoteName]: { [M in ExposedName<R>]: () => Promise<RemoteModules[R][M]> } };

// typed against the remotes' exposes.ts: an exposed module added or renamed fails the type check here
const loaders: Loaders = {
  mf_catalog: {
    routes: () => import('../../../../mf-catalog/src/routes'),
    SearchButton: () => import('../../../../mf-catalog/src/exposed/SearchButton'),
    PopularServices: () => import('../../../../mf-catalog/src/exposed/PopularServices'),
    PackagesShowcase: () => import('../../../../mf-catalog/src/exposed/PackagesShowcase'),
  },
  mf_cart_checkout: {
    routes: () => import('../../../../mf-cart-checkout/src/routes'),
    CartButton: () => import('../../../../mf-cart-checkout/src/exposed/CartButton'),
    UtmCapture: () => import('../../../../mf-cart-checkout/src/exposed/UtmCapture'),
  },
  mf_account: {
    routes: () => import('../../../../mf-account/src/routes'),
    ProfileMenu: () => import('../../../../mf-account/src/exposed/ProfileMenu'),
  },
  mf_auth: {
    AuthModals: () => import('../../../../mf-auth/src/exposed/AuthModals'),
  },
};

let registration: Promise<RemotesMap> | null = null;

/** The page's remotes map (no manifests here: the prefixes each remote's build lists), read once. */
export function registerRemotesOnce(): Promise<RemotesMap> {
  registration ??= pageRemotesMap().catch((error: unknown) => {
    registration = null;
    throw error;
  });
  return registration;
}

export function loadExposed<R extends RemoteName, M extends ExposedName<R>>(
  remote: R,
  module: M,
  _afterFailure = false,
): Promise<RemoteModules[R][M]> {
  const remoteLoaders: { [N in ExposedName<R>]: () => Promise<RemoteModules[R][N]> } = loaders[remote];
  return remoteLoaders[module]();
}
