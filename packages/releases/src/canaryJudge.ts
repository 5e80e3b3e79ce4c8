// The canary judge: watches every canary started judged (`npm run canary`) and moves it by the rules of
// canaryRules.ts, recording why in the deployment's history. It reads real visitors' page views from the
// API's operations port (GET /ops/canary: every API instance answers from the one database) and moves the
// deployment as a person would: each move a compare-and-swap, so a person's move meanwhile wins and the
// judge's is refused.

import { DEFAULT_RULES, judge, type Rules, type Sample } from './canaryRules';
import { ReleaseError } from './errors';
import { promote, readDeployment, rollback, widenCanary } from './moves';
import { appOf } from './releases';

/** Who the judge's moves are by, in the history. */
export const JUDGE = 'canary judge';

/** The rules, with the environment's changes (CANARY_MIN_PAGE_VIEWS … CANARY_STEPS). */
export function rulesFrom(env: NodeJS.ProcessEnv = process.env): Rules {
  const number = (name: string, fallback: number) =>
    env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  const steps = env.CANARY_STEPS ? env.CANARY_STEPS.split(',').map(Number) : DEFAULT_RULES.steps;
  const rules: Rules = {
    minPageViews: number('CANARY_MIN_PAGE_VIEWS', DEFAULT_RULES.minPageViews),
    minVitalSamples: number('CANARY_MIN_VITAL_SAMPLES', DEFAULT_RULES.minVitalSamples),
    minApiCalls: number('CANARY_MIN_API_CALLS', DEFAULT_RULES.minApiCalls),
    alpha: number('CANARY_ALPHA', DEFAULT_RULES.alpha),
    rateMargin: number('CANARY_RATE_MARGIN', DEFAULT_RULES.rateMargin),
    vitalMargin: number('CANARY_VITAL_MARGIN', DEFAULT_RULES.vitalMargin),
    steps,
  };
  for (const [name, value] of Object.entries(rules)) {
    const values: readonly number[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => !Number.isFinite(item) || item < 0)) {
      throw new Error(`canary judge: ${name} is not a number`);
    }
  }
  return rules;
}

export const opsUrlFrom = (env: NodeJS.ProcessEnv = process.env): string =>
  env.OPS_URL || `http://127.0.0.1:${env.METRICS_PORT || 9464}`;

/** One release's page views since `since`, as the API's operations port counts them (also the console's). */
export async function sample(opsUrl: string, remote: string, version: string, since: string): Promise<Sample> {
  const url = new URL('/ops/canary', opsUrl);
  url.search = new URLSearchParams({ remote, version, since }).toString();
  const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Sample;
}

export type Decision = {
  app: string;
  version: string;
  percent: number;
  verdict: 'rollback' | 'widen' | 'wait';
  next: number | undefined;
  reason: string;
  /** the move was refused (a person moved it meanwhile, or the gate no longer lets it through) */
  refused?: string;
};

/**
 * One pass: each judged canary against its stable release since the canary's last step, and the move
 * its verdict calls for. Returns what was decided, one entry per judged canary.
 */
export async function judgeOnce({
  opsUrl = opsUrlFrom(),
  rules = rulesFrom(),
  log = console.log,
}: {
  opsUrl?: string;
  rules?: Rules;
  log?: (line: string) => void;
} = {}): Promise<Decision[]> {
  const deployment = await readDeployment();
  const decisions: Decision[] = [];
  for (const [name, live] of Object.entries(deployment.remotes)) {
    const canary = live.canary;
    if (!canary?.judged) continue;
    const app = appOf(name);
    const [stable, candidate] = await Promise.all([
      sample(opsUrl, name, live.version, canary.judged.since),
      sample(opsUrl, name, canary.version, canary.judged.since),
    ]);
    const { verdict, next, reason } = judge(stable, candidate, canary.percent, rules);
    const decision: Decision = {
      app: app.dir,
      version: canary.version,
      percent: canary.percent,
      verdict,
      next,
      reason,
    };
    try {
      if (verdict === 'rollback') {
        await rollback(name, { by: JUDGE, reason, canaryOf: canary.version });
      } else if (verdict === 'widen' && next >= 100) {
        await promote(name, canary.version, { by: JUDGE, reason, ifCanary: true });
      } else if (verdict === 'widen') {
        await widenCanary(name, canary.version, next, { by: JUDGE, reason });
      }
    } catch (error) {
      // a person moved it meanwhile (or the gate no longer lets it through): theirs stands
      if (!(error instanceof ReleaseError)) throw error;
      decision.refused = error.message;
    }
    const moved = verdict === 'wait' ? 'waits' : verdict === 'rollback' ? 'rolled back' : `→ ${next} %`;
    log(
      `[canary judge] ${app.dir} ${canary.version} at ${canary.percent} %: ${decision.refused ? `not moved: ${decision.refused}` : moved}; ${reason}`,
    );
    decisions.push(decision);
  }
  return decisions;
}
