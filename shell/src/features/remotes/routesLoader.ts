// Loading a remote's routes (`./routes`), without React: the page's first script starts it too
// (headStart.ts), before the shared modules are negotiated.
import type { PageRoute, PageRoutesModule, PreloadContext } from '@lab/pages/routes';
import { loadExposed } from './registry';

const loading = new Map<string, Promise<readonly PageRoute[]>>();
const failed = new Set<string>();
/** The remotes whose last load failed, as a snapshot for React (remoteRoutes.tsx), and who listens. */
let failedSnapshot: readonly string[] = [];
const listeners = new Set<() => void>();

function setFailed(remote: string, isFailed: boolean) {
  if (failed.has(remote) === isFailed) return;
  if (isFailed) failed.add(remote);
  else failed.delete(remote);
  failedSnapshot = [...failed];
  for (const listener of listeners) listener();
}

/** The remotes whose routes could not be loaded the last time they were asked for. */
export const failedRemotes = (): readonly string[] => failedSnapshot;

export function onFailedRemotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A remote's route objects, loaded once; after a failure the remote is fetched anew (a redeployed manifest). */
export function remoteRoutes(remote: string): Promise<readonly PageRoute[]> {
  let routes = loading.get(remote);
  if (!routes) {
    // the module's type is the contract of @lab/pages/routes, whichever remote the map names
    routes = loadExposed(remote as never, 'routes' as never, failed.has(remote)).then(
      (module) => (module as unknown as PageRoutesModule).routes,
    );
    routes.then(
      () => setFailed(remote, false),
      () => {
        setFailed(remote, true);
        loading.delete(remote);
      },
    );
    loading.set(remote, routes);
  }
  return routes;
}

/** The route of these segments (no locale before them), as React Router would match these simple paths. */
export function routeAt(routes: readonly PageRoute[], segments: readonly string[]): PageRoute | null {
  return (
    routes.find((route) => {
      const parts = route.path.split('/');
      const splat = parts.at(-1) === '*';
      const fixed = splat ? parts.slice(0, -1) : parts;
      if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
      return fixed.every((part, index) => part.startsWith(':') || part === segments[index]);
    }) ?? null
  );
}

/** The parameters of a route that matched these segments (routeAt): `analysis/:slug` -> `{ slug }`. */
export function paramsAt(route: PageRoute, segments: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  route.path.split('/').forEach((part, index) => {
    const segment = segments[index];
    if (part.startsWith(':') && segment !== undefined) params[part.slice(1)] = decodeURIComponent(segment);
    if (part === '*') params['*'] = segments.slice(index).join('/');
  });
  return params;
}

/**
 * Starts a route's `preload` (a personal first answer with the page's code). Only a head start: one that
 * throws (the remote's own code) is logged, and the page asks for itself.
 */
export function startPreload(remote: string, route: PageRoute, context: PreloadContext): void {
  try {
    route.handle.preload?.(context);
  } catch (error) {
    console.error(`[remote ${remote}] the page's preload failed`, error);
  }
}

/** For tests: nothing loaded. */
export function forgetLoadedRoutes() {
  loading.clear();
  failed.clear();
  failedSnapshot = [];
}
