// The canary judge's rules (docs/releases.md "The canary judge"):
// a canary is compared with its stable release over the same window (both since the canary's last step),
// on four measures, and is rolled back, widened to its next step, or left to gather page views.
//
//   slot failures   the share of page views on which the remote's slot failed      rate, required to widen
//   LCP             p75                                                              quantile, required to widen
//   INP             p75 (only page views with an interaction report one)            quantile, judged when sampled
//   API errors      the share of the page views' API calls that failed (5xx, none)  rate, judged when sampled
//
// A measure is judged only when each side has its minimum sample; below it, it can neither roll back nor
// widen the canary. Judged, the canary is worse when the difference is both significant (one-sided,
// alpha 0.05) and larger than a margin that matters:
//   - a rate: the two-proportion z-test (pooled) when every expected count is at least 5, else Fisher's
//     exact test (hypergeometric, one-sided), which holds for small counts; margin 0.5 percentage point;
//   - a p75: the canary's p75 is more than 20 % above the stable's, and the share of its page views above
//     1.2 x the stable's p75 is higher than the stable's share above that line, by the same rate test.
// Any measure worse: roll back. Every required measure judged and none worse: the next step.

export type Rules = {
  minPageViews: number;
  minVitalSamples: number;
  minApiCalls: number;
  alpha: number;
  rateMargin: number;
  vitalMargin: number;
  steps: readonly number[];
};

/** One release's page views over a window, as the API's operations port counts them (GET /ops/canary). */
export type Sample = {
  pageViews: number;
  failedViews: number;
  apiCalls: number;
  apiErrors: number;
  LCP: number[];
  INP: number[];
};

export type RateTest =
  | { test: 'z'; z: number; pValue: number; p1: number; p2: number }
  | {
      test: 'fisher';
      pValue: number;
      p1: number;
      p2: number;
    };

export type Measure = { name: string; required: boolean; judged: boolean; worse: boolean; text: string };

export type Verdict =
  | { verdict: 'rollback' | 'wait'; reason: string; measures: Measure[]; next?: undefined }
  | { verdict: 'widen'; next: number; reason: string; measures: Measure[] };

export const DEFAULT_RULES: Readonly<Rules> = Object.freeze({
  /** page views per side before the failure rate (and the canary as a whole) is judged */
  minPageViews: 200,
  /** LCP / INP values per side before that p75 is judged */
  minVitalSamples: 100,
  /** API calls per side before the API error rate is judged */
  minApiCalls: 500,
  /** the significance level of every test (one-sided) */
  alpha: 0.05,
  /** how much higher a canary's rate must be to matter (0.005: half a percentage point) */
  rateMargin: 0.005,
  /** how much higher a canary's p75 must be to matter (0.2: 20 %) */
  vitalMargin: 0.2,
  /** the shares a judged canary goes through; 100 promotes it */
  steps: Object.freeze([10, 50, 100]),
});

/** The standard normal distribution's upper tail, P(Z > z) (Abramowitz and Stegun 26.2.17, |error| < 7.5e-8). */
export function normalUpperTail(z: number): number {
  if (z < 0) return 1 - normalUpperTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
}

/** ln(n!) by summing logarithms once (the counts here are page views: at most a few hundred thousand). */
const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i += 1) logFactorials[i] = (logFactorials[i - 1] as number) + Math.log(i);
  return logFactorials[n] as number;
}

/** P(X >= x) for X hypergeometric: n draws from N items of which K are marked. */
function hypergeometricUpperTail(x: number, n: number, K: number, N: number): number {
  const logChoose = (a: number, b: number) => logFactorial(a) - logFactorial(b) - logFactorial(a - b);
  const denominator = logChoose(N, n);
  let tail = 0;
  for (let k = Math.max(x, 0); k <= Math.min(n, K); k += 1) {
    if (n - k > N - K) continue;
    tail += Math.exp(logChoose(K, k) + logChoose(N - K, n - k) - denominator);
  }
  return Math.min(1, tail);
}

/**
 * Is the canary's rate (x1 of n1) higher than the stable's (x2 of n2)? One-sided: the p-value, the test
 * used, and both rates. The z-test when every expected count is at least 5, Fisher's exact test otherwise.
 */
export function compareRates(x1: number, n1: number, x2: number, n2: number): RateTest {
  const p1 = n1 > 0 ? x1 / n1 : 0;
  const p2 = n2 > 0 ? x2 / n2 : 0;
  const pooled = (x1 + x2) / (n1 + n2);
  const expected = [n1 * pooled, n1 * (1 - pooled), n2 * pooled, n2 * (1 - pooled)];
  if (expected.every((count) => count >= 5)) {
    const z = (p1 - p2) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
    return { test: 'z', z, pValue: normalUpperTail(z), p1, p2 };
  }
  return { test: 'fisher', pValue: hypergeometricUpperTail(x1, n1, x1 + x2, n1 + n2), p1, p2 };
}

/** The 75th percentile with linear interpolation, as PostgreSQL's percentile_cont(0.75) (the /ops table). */
export function p75(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = 0.75 * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const below = sorted[low] as number;
  return below + ((sorted[high] as number) - below) * (at - low);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const pText = (result: RateTest) =>
  `${result.test === 'z' ? `z = ${result.z.toFixed(2)}, ` : 'Fisher, '}p = ${result.pValue.toPrecision(2)}`;

function rateMeasure(
  name: string,
  required: boolean,
  [x1, n1]: [number, number],
  [x2, n2]: [number, number],
  minimum: number,
  rules: Rules,
): Measure {
  if (n1 < minimum || n2 < minimum) {
    return {
      name,
      required,
      judged: false,
      worse: false,
      text: `${name}: too few to judge (${n1} and ${n2} of ${minimum})`,
    };
  }
  const result = compareRates(x1, n1, x2, n2);
  const worse = result.pValue < rules.alpha && result.p1 - result.p2 > rules.rateMargin;
  return {
    name,
    required,
    judged: true,
    worse,
    text: `${name} ${percent(result.p1)} (${x1}/${n1}) against ${percent(result.p2)} (${x2}/${n2}), ${pText(result)}`,
  };
}

function vitalMeasure(name: string, required: boolean, canary: number[], stable: number[], rules: Rules): Measure {
  if (canary.length < rules.minVitalSamples || stable.length < rules.minVitalSamples) {
    return {
      name,
      required,
      judged: false,
      worse: false,
      text: `${name} p75: too few to judge (${canary.length} and ${stable.length} of ${rules.minVitalSamples})`,
    };
  }
  const canaryP75 = p75(canary) as number;
  const stableP75 = p75(stable) as number;
  const line = stableP75 * (1 + rules.vitalMargin);
  const result = compareRates(
    canary.filter((value) => value > line).length,
    canary.length,
    stable.filter((value) => value > line).length,
    stable.length,
  );
  const worse = canaryP75 > line && result.pValue < rules.alpha;
  return {
    name,
    required,
    judged: true,
    worse,
    text: `${name} p75 ${Math.round(canaryP75)} ms against ${Math.round(stableP75)} ms, above ${Math.round(line)} ms: ${percent(result.p1)} against ${percent(result.p2)}, ${pText(result)}`,
  };
}

/**
 * The verdict on a canary: `rollback`, `widen` (to `next`; 100 promotes), or `wait`; with the reason,
 * one line per measure. `stable` and `canary` are /ops/canary samples over the same window.
 */
export function judge(stable: Sample, canary: Sample, percentNow: number, rules: Rules = DEFAULT_RULES): Verdict {
  const measures = [
    rateMeasure(
      'slot failures',
      true,
      [canary.failedViews, canary.pageViews],
      [stable.failedViews, stable.pageViews],
      rules.minPageViews,
      rules,
    ),
    vitalMeasure('LCP', true, canary.LCP, stable.LCP, rules),
    vitalMeasure('INP', false, canary.INP, stable.INP, rules),
    rateMeasure(
      'API errors',
      false,
      [canary.apiErrors, canary.apiCalls],
      [stable.apiErrors, stable.apiCalls],
      rules.minApiCalls,
      rules,
    ),
  ];
  const reason = measures.map((measure) => measure.text).join('; ');
  const worse = measures.filter((measure) => measure.worse);
  if (worse.length) {
    return {
      verdict: 'rollback',
      reason: `worse than the stable release: ${worse.map((m) => m.text).join('; ')}`,
      measures,
    };
  }
  if (measures.some((measure) => measure.required && !measure.judged)) return { verdict: 'wait', reason, measures };
  const next = rules.steps.find((step) => step > percentNow) ?? 100;
  return { verdict: 'widen', next, reason: `no worse than the stable release: ${reason}`, measures };
}
