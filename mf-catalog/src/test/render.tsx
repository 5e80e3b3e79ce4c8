/** Test set-up: the providers the shell gives a remote (router, SWR cache, toasts) and a fake API. */
import { bus } from '@lab/events';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, Route, Routes, useLocation } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import '../i18n';

export { bodyOf, installAdapter, ok, type Reply } from '@lab/api/src/test/fakeAdapter';

export async function setUpI18n(): Promise<void> {
  initI18n('ua');
  await setLocale('ua');
}

export function resetBrowserState(): void {
  window.localStorage.clear();
  bus.all.clear();
  delete window.dataLayer;
}

/** Shows where the router is, so tests can check navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export function Providers({ children, route = '/' }: { children: ReactNode; route?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
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

export const CITY = 1;
export const GUEST_CART = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
