import { primeAnswers, readPrimedAnswers } from '@lab/api';
import { initI18n, localeFromPath, setLocale } from '@lab/i18n';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { keepPagePreview, onRemoteFailure, remoteVersions, routerStarted } from '../features/remotes';
import { nextTask } from '../features/startup';
import { startTapReplay } from '../features/taps';
import { startVitals } from '../features/vitals';
import { App } from './App';
import { createAppRouter, routePattern, whenRouterReady } from './routes';

/** The page's start: its texts, primed answers, router, monitoring, and the first render. */
export async function start(): Promise<void> {
  const locale = localeFromPath(window.location.pathname);
  initI18n(locale);
  // a page in Russian loads its texts first (ua, the default, comes with the code)
  const textsReady = setLocale(locale);
  // the answers the server fetched for this page: its first render does not ask for them again
  primeAnswers(readPrimedAnswers(document));
  keepPagePreview(document, window.location);
  // a tap the first view kept is made again on its live control once the app draws it
  startTapReplay(window);
  await nextTask(); // the router's creation matches the address and loads a remote's routes: a task of its own

  const container = document.getElementById('root');
  const router = createAppRouter();
  // The first render waits for the router to match the address (the remote's routes of a page under its
  // prefix are loaded first): the server's first view stays on screen meanwhile, never a blank page.
  const ready = Promise.all([whenRouterReady(router), textsReady]);
  // real-user monitoring of this page view: the landing page's route, the remotes' releases, their failures
  let landingRoute = '/';
  const vitals = startVitals({ route: () => landingRoute, locale: () => locale, remotes: remoteVersions }, ready);
  onRemoteFailure((failure) => vitals.failure(failure));
  // A transition renders in slices that yield to the browser every few milliseconds, instead of one
  // long task: the server's first view is on screen meanwhile, and input is not blocked (README
  // "Performance", total blocking time).
  if (container) {
    void ready.then(() => {
      landingRoute = routePattern(router.state.matches);
      routerStarted();
      startTransition(() => createRoot(container).render(<App router={router} />));
    });
  }
}
