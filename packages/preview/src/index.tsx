// Renders a remote's page on the server, as its first render in the browser will show it (the same
// components, SWR answers, locale, route and city), so the page's content is in the HTML: the visitor
// reads it while the JavaScript loads (README "Performance": largest contentful paint).
import { primedEntries, renderWithStored } from '@lab/api';
import { i18next } from '@lab/i18n';
import { MemoryRouter, Route, Routes } from '@lab/router';
import { collectPageMeta, ToastProvider } from '@lab/ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import type { PagePreviewRequest, RenderPagePreview } from './contract';

export * from './contract';

/** The remote's preview function over its prop-free page modules, by exposed name. */
export function createPagePreview(pages: Readonly<Record<string, ComponentType>>): RenderPagePreview {
  return (request: PagePreviewRequest) => {
    const Page = pages[request.module];
    if (!Page) return null;
    // i18next switches synchronously (resources are bundled, initAsync false) and the render is
    // synchronous: no other request's render runs in between
    void i18next.changeLanguage(request.locale);
    const fallback = Object.fromEntries(primedEntries(request.answers));
    const { result: html, meta } = collectPageMeta(request.origin ?? '', () =>
      renderWithStored(request.stored, () =>
        renderToString(
          // what the shell's App gives a remote: one SWR cache (of its own per render: nothing from one
          // visitor's page reaches another's), one message area, one router
          <SWRConfig value={{ provider: () => new Map(), fallback }}>
            <ToastProvider>
              <MemoryRouter initialEntries={[request.url]}>
                <Routes>
                  <Route path={request.pattern} element={<Page />} />
                </Routes>
              </MemoryRouter>
            </ToastProvider>
          </SWRConfig>,
        ),
      ),
    );
    return { html, meta };
  };
}
