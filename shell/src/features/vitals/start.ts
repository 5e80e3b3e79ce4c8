// Starts real-user monitoring for this page view, unless the visitor opted out (Do Not Track or Global
// Privacy Control). web-vitals loads after the first render, in its own chunk: its observers read the
// buffered entries, so nothing of the page's start is missed, and the page's first bytes stay as they are.
import { sendVitalsBeacon } from '@lab/api';
import { createPageReport, type Failure, type PageFacts } from './report';

declare global {
  interface Navigator {
    /** Global Privacy Control (not in TypeScript's DOM types yet). */
    readonly globalPrivacyControl?: boolean;
  }
}

export function optedOut(nav: Navigator = navigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export type Vitals = { failure(failure: Failure): void };

const IDLE: Vitals = { failure: () => undefined };

export function startVitals(facts: PageFacts): Vitals {
  if (typeof window === 'undefined' || optedOut()) return IDLE;
  const report = createPageReport(facts, sendVitalsBeacon, crypto.randomUUID());
  // on the document: web-vitals listens on the window in the capture phase, so its values are final
  // (LCP, CLS, INP at hiding) before this sends them
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report.flush();
  });
  window.addEventListener('pagehide', () => report.flush());
  const measure = () =>
    import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(
      ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on((metric) => report.vital(metric.name, metric.value));
      },
      () => undefined, // no vitals this time; failures are still reported
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void measure(), { timeout: 3000 });
  else setTimeout(() => void measure(), 1000);
  return { failure: (failure) => report.failure(failure) };
}
