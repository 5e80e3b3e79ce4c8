// The landing page's start (headStart.ts), once its remote's routes are there: the routes matched as the
// router will match them, their personal data and their code asked for at once.
import { localeFromPath } from '@lab/i18n';
import { matchPage, type PageRoute, routeById } from '@lab/pages/routes';
import { startRouteData } from './pageData';

export async function startLanding(
  remote: string,
  routes: readonly PageRoute[],
  address: { pathname: string; search: string; landed: string },
): Promise<void> {
  const match = matchPage(routes, address.pathname);
  if (!match) return;
  const matched = match.routes.map((id) => routeById(routes, id)).filter((route) => route !== undefined);
  // the router's loader asks again: one request, SWR's preload
  startRouteData(remote, matched, {
    params: match.params,
    search: address.search,
    locale: localeFromPath(address.landed),
  });
  await Promise.all(matched.map((route) => route.lazy()));
}
