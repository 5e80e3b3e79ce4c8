// Loading a remote's routes (`./routes`), without React: the page's first script starts it too
// (headStart.ts), before the shell's own modules have run.
import type { PageRoute, PageRoutesModule } from '@lab/pages/routes';
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

/** For tests: nothing loaded. */
export function forgetLoadedRoutes() {
  loading.clear();
  failed.clear();
  failedSnapshot = [];
}
