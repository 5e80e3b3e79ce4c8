/** Test set-up: the providers the shell gives a remote (router, SWR cache, toasts) and a browser reset. */
import { bus } from '@lab/events';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, Route, Routes, useLocation } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import '../i18n';

export async function setUpI18n(): Promise<void> {
  initI18n('ua');
  await setLocale('ua');
}

export function resetBrowserState(): void {
  window.localStorage.clear();
  bus.all.clear();
  globalThis.__labPendingEvents?.clear();
  delete window.dataLayer;
  setViewportWidth(1024);
}

/** jsdom has no matchMedia: the viewport hooks read innerWidth. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

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

/** Renders `element` on `route`; with `path`, as the element of that route pattern. */
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

export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
