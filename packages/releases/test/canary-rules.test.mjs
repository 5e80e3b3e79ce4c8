// The canary judge's statistics and verdicts (@lab/releases, canaryRules.ts), on samples shaped as /ops/canary answers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { releases } from './load.mjs';

const { compareRates, DEFAULT_RULES, judge, normalUpperTail, p75 } = releases;

const close = (actual, expected, tolerance) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} is not ${expected} ± ${tolerance}`);

/** A release's sample: `views` page views, `failed` of them with a slot failure, vitals around `lcp`. */
function sample({ views, failed = 0, lcp = 1800, inp = 120, calls = views * 6, apiErrors = 0 }) {
  // a spread of values (deterministic): 0.7x to 1.3x of the centre
  const spread = (centre) =>
    Array.from({ length: views }, (_, i) => Math.round(centre * (0.7 + (0.6 * ((i * 37) % views)) / views)));
  return { pageViews: views, failedViews: failed, apiCalls: calls, apiErrors, LCP: spread(lcp), INP: spread(inp) };
}

describe('the statistics', () => {
  test('the normal upper tail', () => {
    close(normalUpperTail(0), 0.5, 1e-7);
    close(normalUpperTail(1.6449), 0.05, 1e-4);
    close(normalUpperTail(-1.96), 0.975, 1e-4);
  });

  test('two rates with enough events: the pooled two-proportion z-test', () => {
    const result = compareRates(40, 500, 20, 500);
    assert.equal(result.test, 'z');
    // p = 0.06, se = sqrt(0.06 * 0.94 * 2 / 500) = 0.01502: z = 0.04 / 0.01502
    close(result.z, 2.663, 1e-3);
    close(result.pValue, 0.00387, 1e-4);
  });

  test('two rates with few events: Fisher’s exact test', () => {
    const result = compareRates(3, 100, 0, 100);
    assert.equal(result.test, 'fisher');
    // P(X >= 3) with 3 failures among 200 views, 100 of them the canary's: (100·99·98) / (200·199·198)
    close(result.pValue, (100 * 99 * 98) / (200 * 199 * 198), 1e-9);
    assert.equal(compareRates(0, 100, 0, 100).pValue, 1);
  });

  test('the 75th percentile as PostgreSQL’s percentile_cont', () => {
    assert.equal(p75([4, 1, 3, 2]), 3.25);
    assert.equal(p75([2000, 2400]), 2300);
    assert.equal(p75([]), null);
  });
});

describe('the verdict', () => {
  const rules = { ...DEFAULT_RULES, minPageViews: 200, minVitalSamples: 100, minApiCalls: 500 };

  test('too few page views on either side: no rate is judged, the canary waits', () => {
    // ten times the stable's failures, but 60 views: nothing is judged
    const decision = judge(sample({ views: 300, failed: 3 }), sample({ views: 60, failed: 6 }), 10, rules);
    assert.equal(decision.verdict, 'wait');
    assert.match(decision.reason, /slot failures: too few to judge \(60 and 300 of 200\)/);
    assert.ok(decision.measures.every((measure) => !measure.judged || measure.name === 'API errors'));
  });

  test('doubled slot failures, significant: rolled back, with the figures', () => {
    const decision = judge(sample({ views: 500, failed: 20 }), sample({ views: 500, failed: 40 }), 10, rules);
    assert.equal(decision.verdict, 'rollback');
    assert.match(
      decision.reason,
      /slot failures 8\.0 % \(40\/500\) against 4\.0 % \(20\/500\), z = 2\.66, p = 0\.0039/,
    );
  });

  test('a slower LCP: rolled back; the same LCP: not', () => {
    const slower = judge(sample({ views: 400 }), sample({ views: 400, lcp: 2600 }), 10, rules);
    assert.equal(slower.verdict, 'rollback');
    assert.match(slower.reason, /LCP p75 \d+ ms against \d+ ms/);
    assert.equal(judge(sample({ views: 400 }), sample({ views: 400 }), 10, rules).verdict, 'widen');
  });

  test('more API errors: rolled back once the calls are enough to judge', () => {
    const stable = sample({ views: 300, apiErrors: 5 });
    assert.equal(judge(stable, sample({ views: 300, apiErrors: 60 }), 10, rules).verdict, 'rollback');
    // too few calls on one side: the error rate is not judged, and does not hold the canary back
    const quiet = judge(stable, sample({ views: 300, calls: 100, apiErrors: 60 }), 10, rules);
    assert.equal(quiet.verdict, 'widen');
    assert.match(quiet.reason, /API errors: too few to judge \(100 and 1800 of 500\)/);
  });

  test('no worse and enough of each: the next step, 100 last', () => {
    const stable = sample({ views: 300, failed: 6 });
    const canary = sample({ views: 300, failed: 7 });
    assert.deepEqual(
      [10, 25, 50].map((percent) => judge(stable, canary, percent, rules).next),
      [50, 50, 100],
    );
    assert.match(judge(stable, canary, 10, rules).reason, /^no worse than the stable release: slot failures 2\.3 %/);
  });
});
