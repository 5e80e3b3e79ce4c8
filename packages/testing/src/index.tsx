/**
 * The unit-test set-up every remote shares: the providers the shell gives a remote on the page (one
 * SWR cache, toasts, the router) with a probe that shows where the router is, and the page's language.
 */
import { bus } from '@lab/events';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, Route, Routes, useLocation } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** Ukrainian, as the site opens. */
export async function setUpI18n(): Promise<void> {
  initI18n('ua');
  await setLocale('ua');
}

/** What a test leaves behind in the browser: stored values, bus listeners, the analytics layer. */
export function resetBrowserState(): void {
  window.localStorage.clear();
  bus.all.clear();
  Reflect.deleteProperty(window, 'dataLayer');
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Where the router is (path, query and hash), as the probe shows it. */
export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

/** A fresh SWR cache per render, no deduping and no retries: each test sees its own requests. */
export function Providers({ children, route = '/' }: { children: ReactNode; route?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>
  );
}

/** Renders `element` on `route`; with `path`, as the element of that route pattern (for useParams). */
export function renderAt(element: ReactElement, route = '/', path?: string) {
  return render(
    <Providers route={route}>
      {path ? (
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
      ) : (
        element
      )}
    </Providers>,
  );
}
