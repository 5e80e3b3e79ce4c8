// The part of this feature the shell's entry may import: it runs before the bootstrap chunk, so it
// imports no shared module (React, @lab/*) itself; landing.ts, which does, is a chunk of its own, loaded
// with the remote's routes (a shared module in the entry's chunk would be needed before it is shared).
import { nextTask } from '../startup';
import { registerRemotesOnce } from './registry';
import { remoteOfSegment } from './remotesMap';
import { remoteRoutes } from './routesLoader';

/**
 * Starts loading the routes, the page and the personal data of the remote that owns the URL the visitor
 * landed on while the shell's own chunks still download, instead of after they have run (README
 * "Performance"). The router and the page's slot get the same modules (in flight or loaded) and report
 * a failure.
 */
export function startLandingPage(pathname: string, search = ''): void {
  const segments = pathname.split('/').filter(Boolean);
  void registerRemotesOnce()
    .then(async (map) => {
      // the path may start with the locale (/ru): the first segment a remote owns is its prefix
      const at = segments.findIndex((segment, index) => index < 2 && remoteOfSegment(map, segment) !== null);
      const remote = at < 0 ? null : remoteOfSegment(map, segments[at] ?? '');
      if (!remote) return;
      const routesOnTheWay = remoteRoutes(remote);
      routesOnTheWay.catch(() => undefined); // awaited after a task: not an unhandled rejection meanwhile
      // the landing chunk's shared modules are negotiated on their first use: in a task of their own, not
      // in the one that ran the entry and started the federation runtime (together, one long task)
      await nextTask();
      const [routes, { startLanding }] = await Promise.all([
        routesOnTheWay,
        import(/* webpackChunkName: "landing" */ './landing'),
      ]);
      await startLanding(remote, routes, { pathname: `/${segments.slice(at).join('/')}`, search, landed: pathname });
    })
    .catch(() => undefined);
}
