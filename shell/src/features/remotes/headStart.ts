// The part of this feature the shell's entry may import: it runs before the bootstrap chunk, so it
// must not touch a shared module (React, @lab/*), which are only negotiated by then.
import { registerRemotesOnce } from './registry';
import { remoteOfSegment } from './remotesMap';
import { paramsAt, remoteRoutes, routeAt, startPreload } from './routesLoader';

/**
 * Starts loading the routes and the page of the remote that owns the URL the visitor landed on while
 * the shell's own chunks still download, instead of after they have run (README "Performance"). The
 * router and the page's slot get the same modules (in flight or loaded) and report a failure.
 */
export function startLandingPage(pathname: string, search = ''): void {
  const segments = pathname.split('/').filter(Boolean);
  void registerRemotesOnce()
    .then(async (map) => {
      // the path may start with the locale (/ru): the first segment a remote owns is its prefix
      const at = segments.findIndex((segment, index) => index < 2 && remoteOfSegment(map, segment) !== null);
      const remote = at < 0 ? null : remoteOfSegment(map, segments[at] ?? '');
      if (!remote) return;
      const route = routeAt(await remoteRoutes(remote), segments.slice(at));
      if (!route) return;
      // the page's personal first answer alongside its code (the router's loader asks again: one request)
      startPreload(remote, route, { params: paramsAt(route, segments.slice(at)), query: new URLSearchParams(search) });
      await route.lazy();
    })
    .catch(() => undefined);
}
