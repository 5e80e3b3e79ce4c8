// The canary judge's command line (@lab/releases holds the judge and its rules): watches every canary
// started with `npm run canary` and widens or rolls it back, each move recorded with its reason.
//
//   node scripts/canary-judge.mjs            every CANARY_JUDGE_INTERVAL seconds (60)
//   node scripts/canary-judge.mjs --once     one pass
//
// OPS_URL (else http://127.0.0.1:$METRICS_PORT, 9464) is the API's operations port; CANARY_MIN_PAGE_VIEWS,
// CANARY_MIN_VITAL_SAMPLES, CANARY_MIN_API_CALLS, CANARY_ALPHA, CANARY_RATE_MARGIN, CANARY_VITAL_MARGIN and
// CANARY_STEPS (10,50,100) change the rules.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import '@lab/releases/register';

const releases = createRequire(import.meta.url)('@lab/releases');
// what imports this path still finds the judge's functions here
export const { JUDGE, judgeOnce, opsUrlFrom, rulesFrom, sample } = releases;

const USAGE = `usage: npm run canary:judge [-- --once]
  judges every canary started with npm run canary, every CANARY_JUDGE_INTERVAL seconds (60), or once;
  OPS_URL: the API's operations port; CANARY_MIN_PAGE_VIEWS, CANARY_MIN_VITAL_SAMPLES, CANARY_MIN_API_CALLS,
  CANARY_ALPHA, CANARY_RATE_MARGIN, CANARY_VITAL_MARGIN, CANARY_STEPS: the rules`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = releases.commandLine(USAGE, { once: { type: 'boolean', default: false } });
  const intervalMs = Number(process.env.CANARY_JUDGE_INTERVAL || 60) * 1000;
  const pass = () =>
    judgeOnce().catch((error) => console.error(`[canary judge] ${error instanceof Error ? error.message : error}`));
  void pass().then(() => {
    if (!values.once) {
      console.log(`[canary judge] every ${intervalMs / 1000} s, from ${opsUrlFrom()}`);
      setInterval(pass, intervalMs);
    }
  });
}
