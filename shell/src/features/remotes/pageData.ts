// A remote page's data list read in the browser (@lab/pages): the context its handle is told, and the
// personal reads started with the page's code, by the page's first script and by the router's loader.
import { getStored, startPageData } from '@lab/api';
import { i18next, type Locale } from '@lab/i18n';
import type { PageContext, PageRoute } from '@lab/pages/routes';

/** What a route's handle is told in the browser: the address, the stored city, the answers so far. */
export function browserContext(
  route: PageRoute,
  address: { params: PageContext['params']; search: string; locale: Locale },
  answer: PageContext['answer'] = () => undefined,
): PageContext {
  return {
    params: address.params,
    query: new URLSearchParams(address.search),
    locale: address.locale,
    origin: window.location.origin,
    settlementId: getStored('cityId'),
    answer,
    t: i18next.getFixedT(address.locale, route.handle.ns),
  };
}

/**
 * Starts the personal reads of the matched routes with their code (@lab/api startPageData). Only a head
 * start: a data list that throws (the remote's own code) is logged, and the page asks for itself.
 */
export function startRouteData(
  remote: string,
  matched: readonly PageRoute[],
  address: { params: PageContext['params']; search: string; locale: Locale },
): void {
  for (const route of matched) {
    try {
      startPageData(route.handle.data?.(browserContext(route, address)) ?? [], address.locale);
    } catch (error) {
      console.error(`[remote ${remote}] the page's data list failed`, error);
    }
  }
}
