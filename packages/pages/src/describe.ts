// A page described for the shell's server from its route objects, without React: the page's public reads
// (asked for in rounds: the server makes them and describes again with the answers), then its crumbs,
// head, heading and whether it exists, and its personal reads. The shell's server asks the shell's own
// pages this in its process and a remote's through the remote's sandboxed server module (index.tsx,
// which also renders the page): one protocol for both.
import type { ApiKey } from '@lab/api';
import type { Locale, TFunction } from '@lab/i18n';
import { matchPath } from '@lab/router';
import { unstable_serialize as serialize } from 'swr';
import {
  crumbsOf,
  type DataCall,
  type PageContext,
  type PageRequest,
  type PageResult,
  type PageRoute,
  type PageServerModule,
  routeById,
} from './routes';

/** The texts a describer reads: an i18next instance (the remote's own, or the shell server's). */
export type Texts = {
  changeLanguage(locale: Locale): unknown;
  getFixedT(locale: Locale, ns: string): TFunction;
};

/** Draws a matched page (a first visit's preview) or its frame; null when there is nothing to draw. */
export type PageRenderer = (matched: readonly PageRoute[], request: PageRequest) => Promise<string | null>;

export type PageServerOptions = {
  texts: Texts;
  /** the page rendered for a first visit (a remote's module; the shell's pages have no preview) */
  renderPage?: PageRenderer;
  /** the page's frame, drawn for anyone who gets no preview (render.tsx PageFrames) */
  renderFrame?: PageRenderer;
};

/** The context a handle is told, on the server: the request and the answers so far. */
function contextOf(request: PageRequest, answers: ReadonlyMap<string, unknown>, t: TFunction): PageContext {
  return {
    params: request.params,
    query: new URL(request.url, 'http://localhost').searchParams,
    locale: request.locale,
    origin: request.origin,
    settlementId: request.settlementId,
    answer: <T>(key: ApiKey) => answers.get(serialize(key)) as T | null | undefined,
    t,
  };
}

/** A page server over these routes: describes the page the shell's server matched to their ids. */
export function createPageServer(
  routes: readonly PageRoute[],
  { texts, renderPage, renderFrame }: PageServerOptions,
): PageServerModule {
  return {
    describePage: async (request: PageRequest): Promise<PageResult> => {
      const matched = request.routes.map((id) => routeById(routes, id));
      const route = matched.at(-1);
      if (!route || matched.some((found) => !found)) return null;
      const chain = matched as PageRoute[];
      // synchronous with bundled texts (initAsync false); one request at a time
      void texts.changeLanguage(request.locale);
      const answers = new Map(request.answers.map(({ key, data }) => [serialize(key), data]));
      const context = contextOf(request, answers, texts.getFixedT(request.locale, route.handle.ns));
      const calls: DataCall[] = chain.flatMap((each) => [...(each.handle.data?.(context) ?? [])]);
      // a signed-in visitor's own view: the server makes the personal reads too (with their cookies)
      const visitors = request.signedIn === true && route.handle.visitorsView === true;
      const missing = calls.filter(
        (call) => (call.access === 'public' || visitors) && !answers.has(serialize(call.key)),
      );
      if (missing.length && !request.final) return { kind: 'calls', calls: missing };
      const notFound = route.handle.notFound?.(context) ?? false;
      // the personal reads the HTML does not answer: the browser starts them before its scripts
      const personal = notFound
        ? []
        : calls.filter((call) => call.access === 'personal' && !(visitors && answers.get(serialize(call.key)) != null));
      const previewed = request.preview && route.handle.preview === true && !notFound;
      // drawn from the visitor's data only when each of its personal reads answered (else its frame)
      const own = calls.filter((call) => call.access === 'personal');
      const ownView =
        visitors && !notFound && own.length > 0 && own.every((call) => answers.get(serialize(call.key)) != null);
      const html = notFound
        ? null
        : previewed || ownView
          ? await (renderPage?.(chain, request) ?? null)
          : await (renderFrame?.(chain, request) ?? null);
      return {
        kind: 'page',
        notFound,
        meta: route.handle.head?.(context) ?? null,
        heading: route.handle.heading?.(context) ?? null,
        crumbs: crumbLabels(routes, request, context, texts),
        // a frame may draw nothing (an account page for a guest)
        html: html || null,
        ...(!previewed && !ownView && html ? { frame: true } : {}),
        ...(ownView && html ? { visitors: true } : {}),
        ...(personal.length ? { personal } : {}),
        ...(route.handle.answersStayOut ? { answersStayOut: true } : {}),
      };
    },
  };
}

/** Every crumb of the routes; one on the address's trail gets its real name from the page's data. */
function crumbLabels(routes: readonly PageRoute[], request: PageRequest, context: PageContext, texts: Texts) {
  const segments = new URL(request.url, 'http://localhost').pathname.split('/').filter(Boolean);
  return crumbsOf(routes).map(({ pattern, crumb, ns }) => {
    const prefix = `/${segments.slice(0, pattern.split('/').length - 1).join('/')}`;
    const onTrail = crumb.label ? matchPath({ path: pattern, end: true }, prefix) : null;
    const label = onTrail && crumb.label?.({ ...context, params: { ...context.params, ...onTrail.params } });
    const t = texts.getFixedT(request.locale, ns);
    return {
      pattern,
      label: label || t(crumb.labelKey),
      ...(crumb.id ? { id: crumb.id } : {}),
      ...(crumb.parents ? { parents: crumb.parents.map(({ link, labelKey }) => ({ link, label: t(labelKey) })) } : {}),
    };
  });
}
