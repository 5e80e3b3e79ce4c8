import type { VitalsBeacon } from '@lab/api';
import { createPageReport, type PageFacts } from './report';
import { newPageViewId, optedOut } from './start';

const PAGE_VIEW = '2f1c7a52-3b7e-4d0a-9a51-8f0e6c1d2b3a';
const facts = (overrides: Partial<PageFacts> = {}): PageFacts => ({
  route: () => '/analysis/:slug',
  locale: () => 'ru',
  remotes: () => ({ mf_catalog: '0.1.0-3f9a0c1d2e', mf_auth: 'unreleased' }),
  ...overrides,
});

function recorder(accept = true) {
  const sent: VitalsBeacon[] = [];
  const send = (beacon: VitalsBeacon) => {
    if (accept) sent.push(beacon);
    return accept;
  };
  return { sent, send };
}

describe('a page view’s real-user report', () => {
  it('sends the vitals with the route pattern, the locale and every remote’s release, once', () => {
    const { sent, send } = recorder();
    const report = createPageReport(facts(), send, PAGE_VIEW);
    report.vital('LCP', 1840.5);
    report.vital('CLS', 0.02);
    report.flush();
    report.flush(); // nothing new: no second beacon
    expect(sent).toEqual([
      {
        pageViewId: PAGE_VIEW,
        route: '/analysis/:slug',
        locale: 'ru',
        remotes: { mf_catalog: '0.1.0-3f9a0c1d2e', mf_auth: 'unreleased' },
        vitals: [
          { name: 'LCP', value: 1840.5 },
          { name: 'CLS', value: 0.02 },
        ],
        failures: [],
      },
    ]);
  });

  it('carries the page’s calls of the API and the failed ones so far, totals that the newest report states', () => {
    const { sent, send } = recorder();
    const tally = { calls: 0, errors: 0 };
    const report = createPageReport(facts(), send, PAGE_VIEW, () => tally);
    report.vital('LCP', 1200);
    report.flush();
    expect(sent[0]).not.toHaveProperty('api');
    Object.assign(tally, { calls: 7, errors: 1 });
    report.vital('INP', 40);
    report.flush();
    Object.assign(tally, { calls: 9, errors: 2 });
    report.vital('CLS', 0);
    report.flush();
    expect(sent.map((beacon) => beacon.api)).toEqual([undefined, { calls: 7, errors: 1 }, { calls: 9, errors: 2 }]);
  });

  it('sends only what is new when the page is hidden again, under the same page view', () => {
    const { sent, send } = recorder();
    const report = createPageReport(facts(), send, PAGE_VIEW);
    report.vital('LCP', 1200);
    report.flush();
    report.vital('INP', 88);
    report.failure({ remote: 'mf_cart_checkout', version: '0.2.0-abc', kind: 'chunk', module: './CartButton' });
    report.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      pageViewId: PAGE_VIEW,
      vitals: [{ name: 'INP', value: 88 }],
      failures: [{ remote: 'mf_cart_checkout', version: '0.2.0-abc', kind: 'chunk', module: './CartButton' }],
    });
  });

  it('keeps the report for the next try when the browser refuses the beacon', () => {
    const refused = recorder(false);
    const report = createPageReport(facts(), refused.send, PAGE_VIEW);
    report.vital('TTFB', 90);
    report.flush();
    const { sent, send } = recorder();
    const retried = createPageReport(facts(), send, PAGE_VIEW);
    retried.vital('TTFB', 90);
    retried.flush();
    expect(refused.sent).toEqual([]);
    expect(sent[0]?.vitals).toEqual([{ name: 'TTFB', value: 90 }]);
  });

  it('never sends what the API would refuse: odd names, versions and routes, too many failures', () => {
    const { sent, send } = recorder();
    const report = createPageReport(
      facts({ route: () => '/search?q=<b>', remotes: () => ({ mf_catalog: 'v 1', '<x>': '1' }) }),
      send,
      PAGE_VIEW,
    );
    report.vital('LCP', Number.NaN);
    report.vital('INP', 999_999);
    for (let i = 0; i < 25; i++)
      report.failure({ remote: 'mf_auth', version: '0.1.0', kind: 'load', module: './AuthModals' });
    report.failure({ remote: 'mf_auth', version: '0.1.0', kind: 'render', module: 'not a module' });
    report.flush();
    expect(sent[0]).toMatchObject({
      route: '/unknown',
      remotes: { mf_catalog: 'unknown' },
      vitals: [{ name: 'INP', value: 60_000 }],
    });
    expect(sent[0]?.failures).toHaveLength(20);
  });

  it('names the page view with a UUID also where randomUUID is missing (plain http by address)', () => {
    const insecure = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array) };
    const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newPageViewId(insecure)).toMatch(UUID_V4);
    expect(newPageViewId(insecure)).not.toBe(newPageViewId(insecure));
  });

  it('is off for a visitor who asked not to be tracked', () => {
    expect(optedOut({ doNotTrack: '1' } as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: null, globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: null } as Navigator)).toBe(false);
  });
});
