// Starts real-user monitoring for this page view, unless the visitor opted out (Do Not Track or Global
// Privacy Control). web-vitals loads after the first render, in its own chunk: its observers read the
// buffered entries, so nothing of the page's start is missed, and the page's first bytes stay as they are.
import { apiCallTally, sendVitalsBeacon } from '@lab/api';
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

type RandomSource = { getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array; randomUUID?: () => string };

const browserRandom = (): RandomSource => ({
  getRandomValues: (array) => crypto.getRandomValues(array),
  ...(typeof crypto.randomUUID === 'function' ? { randomUUID: () => crypto.randomUUID() } : {}),
});

/**
 * A UUID v4 for the page view. `crypto.randomUUID` exists only in secure contexts (https, localhost): a
 * site opened over plain http by its address gets one from `getRandomValues`, which exists everywhere.
 */
export function newPageViewId(source: RandomSource = browserRandom()): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const IDLE: Vitals = { failure: () => undefined };

/**
 * Never throws: monitoring that fails leaves the page as it is. `ready`: when the app's first render can
 * start (the router has matched the page); web-vitals loads at the first idle moment after it, so a page
 * that waits for a remote's code does not fetch it meanwhile.
 */
export function startVitals(facts: PageFacts, ready: Promise<unknown> = Promise.resolve()): Vitals {
  try {
    return start(facts, ready);
  } catch (error) {
    console.error('[vitals] not started', error);
    return IDLE;
  }
}

function start(facts: PageFacts, ready: Promise<unknown>): Vitals {
  if (typeof window === 'undefined' || optedOut()) return IDLE;
  const report = createPageReport(facts, sendVitalsBeacon, newPageViewId(), apiCallTally);
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
  void ready.then(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void measure(), { timeout: 3000 });
    else setTimeout(() => void measure(), 1000);
  });
  return { failure: (failure) => report.failure(failure) };
}
