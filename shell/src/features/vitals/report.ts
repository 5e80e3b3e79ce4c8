// One page view's real-user report: the web vitals as the web-vitals library measures them and the
// remote failures of the page, with the route's pattern, the locale and the release of every remote,
// sent with a beacon when the page is hidden. The server merges the reports of one page view (its id),
// so a page hidden, shown and hidden again sends only what is new.
import type { RemoteFailureKind, VitalName, VitalsBeacon } from '@lab/api';

export type PageFacts = {
  /** The route's pattern (`/analysis/:slug`), not the visited path. */
  route(): string;
  locale(): VitalsBeacon['locale'];
  /** Every remote of the page: name -> release. */
  remotes(): Record<string, string>;
};
export type Failure = { remote: string; version: string; kind: RemoteFailureKind; module: string };
export type Send = (beacon: VitalsBeacon) => boolean;
/** The page's calls of the API so far and the failed ones (@lab/api apiCallTally). */
export type ApiCalls = () => { calls: number; errors: number };

/** What the API accepts (contract/app.ts): a report it would refuse is not sent at all. */
const MAX_FAILURES = 20;
const MAX_VALUE = 60_000;
const MAX_CALLS = 100_000;
const ROUTE = /^\/[A-Za-z0-9/:*._-]{0,199}$/;
const NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const VERSION = /^[A-Za-z0-9.+_-]{1,80}$/;
const MODULE = /^[A-Za-z0-9./_-]{1,80}$/;

const versionOrUnknown = (version: string) => (VERSION.test(version) ? version : 'unknown');

export function createPageReport(facts: PageFacts, send: Send, pageViewId: string, apiCalls?: ApiCalls) {
  const vitals = new Map<VitalName, number>();
  const failures: Failure[] = [];
  let failuresSent = 0;
  return {
    vital(name: VitalName, value: number): void {
      if (Number.isFinite(value)) vitals.set(name, Math.min(Math.max(value, 0), MAX_VALUE));
    },
    failure(failure: Failure): void {
      if (failuresSent + failures.length >= MAX_FAILURES || !NAME.test(failure.remote)) return;
      failures.push({
        ...failure,
        version: versionOrUnknown(failure.version),
        module: MODULE.test(failure.module) ? failure.module : 'unknown',
      });
    },
    /** Sends what is new since the last beacon; keeps it for the next try when the browser refused. */
    flush(): void {
      if (vitals.size === 0 && failures.length === 0) return;
      const route = facts.route();
      const remotes = Object.fromEntries(
        Object.entries(facts.remotes())
          .filter(([name]) => NAME.test(name))
          .slice(0, 12)
          .map(([name, version]) => [name, versionOrUnknown(version)]),
      );
      // the totals so far: the server keeps the newest report's
      const api = apiCalls?.();
      const sent = send({
        pageViewId,
        route: ROUTE.test(route) ? route : '/unknown',
        locale: facts.locale(),
        remotes,
        vitals: [...vitals].map(([name, value]) => ({ name, value })),
        failures: [...failures],
        ...(api && api.calls > 0
          ? { api: { calls: Math.min(api.calls, MAX_CALLS), errors: Math.min(api.errors, api.calls, MAX_CALLS) } }
          : {}),
      });
      if (!sent) return;
      vitals.clear();
      failuresSent += failures.length;
      failures.length = 0;
    },
  };
}

export type PageReport = ReturnType<typeof createPageReport>;
