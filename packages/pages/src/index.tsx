// A remote's server module (`server/pages.js`): the shell's server asks it about a page of the remote's
// subtree, matched already, and it answers from the remote's own route objects (describe.ts): the reads
// the first render makes, then the page's crumbs, head, heading and, for a first visit, the page
// rendered as its first render in the browser will show it (the same components, SWR answers, locale,
// route and city), so the page's content is in the HTML (docs/performance.md: largest contentful paint).
import { type ApiKey, primedEntries, renderWithStored } from '@lab/api';
import { i18next } from '@lab/i18n';
import { MemoryRouter, Route, Routes } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { createPageServer } from './describe';
import type { PageRequest, PageRoute, PageServerModule } from './routes';

export * from './routes';

/**
 * A page's frame: what it draws before any data, with nothing of the visitor in it (no name, no city's
 * prices, nothing stored), so the first view may carry it for every visitor, signed in or not. It must
 * draw the same as the page's own loading state, which then takes its place without a change. By the id
 * of the route it frames: a parent's frame draws each of its pages (at its path and below).
 */
export type PageFrames = Readonly<Record<string, ComponentType>>;

/** The server module of a remote whose pages are these routes (and these frames). */
export function createRemoteServer(routes: readonly PageRoute[], frames: PageFrames = {}): PageServerModule {
  return createPageServer(routes, {
    texts: i18next,
    renderPage: async (matched, request) => {
      const route = matched.at(-1) as PageRoute;
      const { Component } = await route.lazy();
      return renderWithStored(request.stored, () =>
        renderToString(pageTree(Component, fullPath(matched), request, true)),
      );
    },
    renderFrame: async (matched, request) => {
      // the deepest route with a frame, drawn at its path and any below (`account/*`)
      const at = matched.findLastIndex((route) => frames[route.id]);
      const Frame = at < 0 ? undefined : frames[matched[at]?.id ?? ''];
      if (!Frame) return null;
      const pattern = `${fullPath(matched.slice(0, at + 1))}/*`.replace(/^\/\*$/, '*');
      return renderWithStored({}, () => renderToString(pageTree(Frame, pattern, request, false)));
    },
  });
}

/** The matched routes' full path (`account/orders`). */
const fullPath = (matched: readonly PageRoute[]) =>
  matched
    .map((route) => route.path ?? '')
    .filter(Boolean)
    .join('/');

/**
 * What the shell's App gives a remote, around `Page` at the request's address: one SWR cache (of its own
 * per render: nothing from one visitor's page reaches another's) with the answers the server has (a
 * 404's null left out: the page asks for it again), one router and, for a page, one message area. A
 * frame (the session's answer and the other primed ones, nothing stored) has no message area: it says
 * nothing, so a frame that draws nothing gives no HTML.
 */
function pageTree(Page: ComponentType, pattern: string, request: PageRequest, messages: boolean) {
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
