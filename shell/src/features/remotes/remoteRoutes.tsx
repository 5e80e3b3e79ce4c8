// The remotes' pages in the shell's data router: a remote's `./routes` (its subtree of route objects)
// is loaded when a path under one of its prefixes (remotes.json) is first asked for, and patched in
// under the site's layout, once bare (ua) and once under each other locale's prefix. The shell keeps
// no list of the remotes' pages.
import { localeFromPath } from '@lab/i18n';
import { crumbsOf, type PageCrumb, type PageHandle, type PageRoute } from '@lab/pages/routes';
import type { RouteObject } from '@lab/router';
import { useSyncExternalStore } from 'react';
import { loadPage } from './pageCode';
import { startRouteData } from './pageData';
import { RemotePage } from './RemoteSlot';
import { registerRemotesOnce } from './registry';
import { prefixesOf, type RemotesMap, remoteOfSegment } from './remotesMap';
import { failedRemotes, forgetLoadedRoutes, onFailedRemotes, remoteRoutes } from './routesLoader';
import type { RemoteName } from './types';

/** A remote route's handle as mounted: the remote's own, and whose it is. */
export type MountedPageHandle = PageHandle & { remote: string };

type Patch = (parentId: string | null, children: RouteObject[]) => void;

const mounted = new Set<string>();
const listeners = new Set<() => void>();
/** The remotes map as the last navigation read it. */
let knownMap: RemotesMap | null = null;
/** The crumbs of every mounted route (the shell's own, and each remote's subtree once patched in), for the trail. */
let crumbsSnapshot: readonly RemoteCrumb[] = [];

/** A crumb of a page: the full pattern, its label's key in its namespace, its real name from the page's data. */
export type RemoteCrumb = {
  pattern: string;
  labelKey: string;
  ns: string;
  id?: string;
  label?: PageCrumb['label'];
  parents?: PageCrumb['parents'];
};

function changed() {
  for (const listener of listeners) listener();
}

/** Adds the crumbs of these routes to the trail's (the shell's pages at start, a remote's when patched in). */
export function addCrumbs(routes: readonly PageRoute[]) {
  const added = crumbsOf(routes).map(({ pattern, crumb: { labelKey, id, label, parents }, ns }) => ({
    pattern,
    labelKey,
    ns,
    ...(id ? { id } : {}),
    ...(label ? { label } : {}),
    ...(parents ? { parents } : {}),
  }));
  crumbsSnapshot = [...crumbsSnapshot, ...added];
  changed();
}

/** Whether the router has drawn its first page: a later navigation waits for the next page's code. */
let started = false;

/** Told by the page's start once the router's first page is drawn. */
export function routerStarted(): void {
  started = true;
}

/**
 * The shell's route objects for a remote's: its element is the shell's slot around the page. Its loader
 * starts the page's personal reads (its code and its first personal answer then load side by side) and,
 * on a navigation, waits for the page's code: the page being left stays as it is, under its own address,
 * while the frame shows the navigation pending (Layout.tsx), and is never drawn with the next page's
 * state. The landing page's first render does not wait: its first view is on screen meanwhile. A code
 * that fails to load is the slot's to show (its fallback, with a retry).
 */
export function mountRoutes(remote: string, routes: readonly PageRoute[], scope: string): RouteObject[] {
  return routes.map((route) => {
    const common = {
      id: `${scope}${route.id}`,
      handle: { ...route.handle, remote } satisfies MountedPageHandle,
      element: <RemotePage remote={remote as RemoteName} route={route} />,
      loader: async ({ params, request }: { params: PageContextParams; request: Request }) => {
        const { pathname, search } = new URL(request.url);
        startRouteData(remote, [route], { params, search, locale: localeFromPath(pathname) });
        if (started) await loadPage(route).catch(() => undefined);
        return null;
      },
      // on entering the page only: once its hook reads the answer, a read would be a second request
      shouldRevalidate: () => false,
    };
    if (route.index) return { ...common, index: true };
    return { ...common, path: route.path, children: route.children && mountRoutes(remote, route.children, scope) };
  });
}

type PageContextParams = Readonly<Record<string, string | undefined>>;

/** Where the remotes' subtrees go: the site's layout route and each locale's. */
export type RouteParents = readonly { id: string; locale: string | null }[];

/**
 * React Router's `patchRoutesOnNavigation`: a path whose first segment (after a locale) a remote owns
 * gets that remote's subtree, loaded once. A remote that cannot be loaded leaves the path to the
 * catch-all, which shows the remote's fallback (useUnavailableRemote) and retries on the next visit.
 */
export function patchRemoteRoutes(parents: RouteParents) {
  return async ({ path, patch }: { path: string; patch: Patch }): Promise<void> => {
    const segments = path.split('/').filter(Boolean);
    const localized = parents.some((parent) => parent.locale !== null && parent.locale === segments[0]);
    const segment = (localized ? segments[1] : segments[0]) ?? '';
    const map = await registerRemotesOnce().catch(() => null);
    knownMap = map ?? knownMap;
    const remote = map && remoteOfSegment(map, segment);
    if (!remote || mounted.has(remote)) return;
    try {
      const routes = await remoteRoutes(remote);
      if (mounted.has(remote)) return;
      for (const parent of parents)
        patch(parent.id, mountRoutes(remote, routes, parent.locale ? `${parent.locale}:` : ''));
      mounted.add(remote);
      addCrumbs(routes);
    } catch (error) {
      // the catch-all shows the remote's fallback (useUnavailableRemote: routesLoader keeps the failure)
      console.error(`[remote ${remote}] its pages could not be loaded`, error);
    }
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remote that owns this first segment and could not be loaded, if so (the catch-all's fallback). */
export function useUnavailableRemote(segment: string): string | null {
  const unavailable = useSyncExternalStore(onFailedRemotes, failedRemotes, failedRemotes);
  if (!knownMap || !unavailable.length) return null;
  const map = knownMap;
  return unavailable.find((remote) => prefixesOf(map, remote).includes(segment)) ?? null;
}

/** The crumbs of the pages mounted so far. */
export function useRouteCrumbs(): readonly RemoteCrumb[] {
  return useSyncExternalStore(
    subscribe,
    () => crumbsSnapshot,
    () => crumbsSnapshot,
  );
}

/** For tests: no remote's routes mounted. */
export function forgetRemoteRoutes() {
  started = false;
  forgetLoadedRoutes();
  mounted.clear();
  crumbsSnapshot = [];
  knownMap = null;
}
