// CI's steps, timed: the newcomer's `npm start`, then `npm test` (which writes its own steps' times to
// LAB_STEP_TIMES). The output ends with every step's seconds beside its budget in .ci/budgets.json; CI
// fails when a step failed, took longer than its budget, or has none. Node's own modules only: it runs
// before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const budgets = JSON.parse(readFileSync(join(root, '.ci', 'budgets.json'), 'utf8')).steps;
const scratch = mkdtempSync(join(tmpdir(), 'lab-ci-'));
const timesFile = join(scratch, 'npm-test-steps.json');

/** @type {{ step: string, seconds: number }[]} */
const times = [];
let failed = null;

const newcomerStarted = Date.now();
const newcomer = spawnSync(process.execPath, ['.ci/newcomer.mjs'], { cwd: root, stdio: 'inherit' });
times.push({ step: 'newcomer', seconds: Math.round((Date.now() - newcomerStarted) / 1000) });
if (newcomer.status !== 0) failed = `newcomer exited with ${newcomer.status ?? newcomer.signal}`;

if (!failed) {
  const test = spawnSync('npm', ['test'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LAB_STEP_TIMES: timesFile },
  });
  if (existsSync(timesFile)) times.push(...JSON.parse(readFileSync(timesFile, 'utf8')));
  if (test.status !== 0) failed = `npm test exited with ${test.status ?? test.signal}`;
}
rmSync(scratch, { recursive: true, force: true });

const over = [];
const rows = times.map(({ step, seconds }) => {
  const budget = budgets[step];
  const verdict = budget === undefined ? 'no budget' : seconds > budget ? 'OVER' : 'ok';
  if (verdict !== 'ok')
    over.push(`${step}: ${seconds} s, ${budget === undefined ? 'no budget' : `budget ${budget} s`}`);
  const allowed = budget === undefined ? '-' : `${budget} s`;
  return `${step.padEnd(16)}${`${seconds} s`.padStart(8)}  ${allowed.padStart(8)}  ${verdict}`;
});
const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(
  `\n━━ CI steps (seconds, budget from .ci/budgets.json)\n${'step'.padEnd(16)}${'took'.padStart(8)}  ${'budget'.padStart(8)}`,
);
for (const row of rows) console.log(row);
const allowedTotal = Object.values(budgets).reduce((sum, seconds) => sum + seconds, 0);
console.log(`${'total'.padEnd(16)}${`${total} s`.padStart(8)}  ${`${allowedTotal} s`.padStart(8)}`);
if (failed) console.log(`✖ ${failed}`);
if (over.length > 0) {
  console.log(`✖ past its budget (docs/testing.md, "CI's time"): ${over.join('; ')}`);
}
process.exit(failed || over.length > 0 ? 1 : 0);
