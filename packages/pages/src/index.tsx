// A remote's server module (`server/preview.js`): the shell's server asks it about a page of the
// remote's subtree and it answers from the remote's own route objects (routes.ts): the calls the first
// render makes, then the page's crumbs, head, heading and, for a first visit, the page rendered as its
// first render in the browser will show it (the same components, SWR answers, locale, route and city),
// so the page's content is in the HTML (README "Performance": largest contentful paint).
import { type ApiKey, primedEntries, renderWithStored } from '@lab/api';
import { i18next } from '@lab/i18n';
import { MemoryRouter, matchPath, matchRoutes, Route, type RouteObject, Routes } from '@lab/router';
import { collectPageMeta, ToastProvider } from '@lab/ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig, unstable_serialize } from 'swr';
import {
  crumbPattern,
  type PageContext,
  type PageRoute,
  type RemotePageRequest,
  type RemotePageResult,
  type RemoteServerModule,
} from './routes';

export * from './routes';

/**
 * A page's frame: what it draws before any data, with nothing of the visitor in it (no name, no city's
 * prices, nothing stored), so the first view may carry it for every visitor, signed in or not. It must
 * draw the same as the page's own loading state, which then takes its place without a change.
 */
export type PageFrames = Readonly<Record<string, ComponentType>>;

/** The server module of a remote whose pages are these routes (and these frames, by route id). */
export function createRemoteServer(routes: readonly PageRoute[], frames: PageFrames = {}): RemoteServerModule {
  return {
    describePage: async (request: RemotePageRequest): Promise<RemotePageResult> => {
      const address = new URL(request.url, 'http://localhost');
      const matches = matchRoutes(routes as unknown as RouteObject[], address.pathname);
      const match = matches?.at(-1);
      if (!match) return null;
      const route = match.route as unknown as PageRoute;
      // i18next switches synchronously (resources are bundled, initAsync false); one request at a time
      void i18next.changeLanguage(request.locale);
      const answers = new Map(request.answers.map(({ key, data }) => [unstable_serialize(key), data]));
      const context: PageContext = {
        params: match.params,
        query: address.searchParams,
        locale: request.locale,
        origin: request.origin,
        settlementId: request.settlementId,
        answer: <T,>(key: ApiKey) => answers.get(unstable_serialize(key)) as T | null | undefined,
        t: i18next.getFixedT(request.locale, route.handle.ns),
      };
      const missing = (route.handle.prime?.(context) ?? []).filter(
        (call) => !answers.has(unstable_serialize(call.key)),
      );
      if (missing.length && !request.final) return { kind: 'calls', calls: missing };
      const notFound = route.handle.notFound?.(context) ?? false;
      // every crumb of the subtree; one on the address's trail gets its real name from the page's data
      const segments = address.pathname.split('/').filter(Boolean);
      const crumbs = routes.flatMap(({ path, handle }) => {
        const t = i18next.getFixedT(request.locale, handle.ns);
        return (handle.crumbs ?? []).map((crumb) => {
          const pattern = crumbPattern(path, crumb.path);
          const prefix = `/${segments.slice(0, pattern.split('/').length - 1).join('/')}`;
          const onTrail = crumb.label ? matchPath({ path: pattern, end: true }, prefix) : null;
          const label = onTrail && crumb.label?.({ ...context, params: { ...context.params, ...onTrail.params } });
          return { pattern, label: label || t(crumb.labelKey), ...(crumb.id ? { id: crumb.id } : {}) };
        });
      });
      const personal = notFound ? [] : [...(route.handle.personal?.(context) ?? [])];
      const previewed = request.preview && route.handle.preview && !notFound;
      const frame = !previewed && !notFound ? frames[route.id] : undefined;
      const rendered = previewed
        ? renderPage((await route.lazy()).Component, route.path, request)
        : frame
          ? renderFrame(frame, route.path, request)
          : null;
      return {
        kind: 'page',
        route: route.id,
        notFound,
        meta: route.handle.head?.(context) ?? (previewed ? rendered?.meta : null) ?? null,
        heading: route.handle.heading?.(context) ?? null,
        crumbs,
        // a frame may draw nothing (an account page for a guest)
        html: rendered?.html || null,
        ...(frame && rendered?.html ? { frame: true } : {}),
        ...(personal.length ? { personal } : {}),
      };
    },
  };
}

/**
 * What the shell's App gives a remote, around `Page` at the request's address: one SWR cache (of its own
 * per render: nothing from one visitor's page reaches another's) with the answers the server has (a
 * 404's null left out: the page asks for it again), one router and, for a page, one message area.
 */
function pageTree(Page: ComponentType, pattern: string, request: RemotePageRequest, messages: boolean) {
  const fallback = Object.fromEntries(
    primedEntries(request.answers.filter((answer) => answer.data != null) as { key: ApiKey; data: unknown }[]),
  );
  const routed = (
    <MemoryRouter initialEntries={[request.url]}>
      <Routes>
        <Route path={pattern} element={<Page />} />
      </Routes>
    </MemoryRouter>
  );
  return (
    <SWRConfig value={{ provider: () => new Map(), fallback }}>
      {messages ? <ToastProvider>{routed}</ToastProvider> : routed}
    </SWRConfig>
  );
}

/**
 * A page's frame: the session's answer and the other primed ones (nothing personal), nothing stored,
 * no message area (a frame says nothing), so a frame that draws nothing gives no HTML.
 */
function renderFrame(Frame: ComponentType, pattern: string, request: RemotePageRequest) {
  return { html: renderWithStored({}, () => renderToString(pageTree(Frame, pattern, request, false))), meta: null };
}

/** The page's first render, with the metadata it declared while rendering. */
function renderPage(Page: ComponentType, pattern: string, request: RemotePageRequest) {
  const { result: html, meta } = collectPageMeta(request.origin, () =>
    renderWithStored(request.stored, () => renderToString(pageTree(Page, pattern, request, true))),
  );
  return { html, meta };
}
