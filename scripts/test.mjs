// npm test: install, lint, type-check, unit tests, production build, then the Playwright journeys.
// Node's own modules only until the install (a fresh clone has nothing else).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, buildApps, install, root, run } from './lib.mjs';
import { checkNode } from './preflight.mjs';

checkNode();

const started = Date.now();
/** Each step's name (the key of its budget in .ci/budgets.json) and seconds, in order. */
const times = [];
let current = null;
function endStep() {
  if (current) times.push({ step: current.name, seconds: Math.round((Date.now() - current.at) / 1000) });
  current = null;
}
function step(name, label) {
  endStep();
  current = { name, at: Date.now() };
  console.log(`\n━━ ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
}
// CI reads the steps' times from this file, also after a failed step (run() exits at once)
process.on('exit', () => {
  endStep();
  if (process.env.LAB_STEP_TIMES) writeFileSync(process.env.LAB_STEP_TIMES, `${JSON.stringify(times)}\n`);
});

step('install', 'install');
install();
ensureChromium();

step('lint', 'lint');
run(bin('biome'), ['ci', '.']);

step('duplicates', 'duplicate code (jscpd): no new copy of a block, duplicated lines within the threshold');
run(process.execPath, ['scripts/duplicates.mjs']);

step(
  'boundaries',
  'import boundaries (apps, features, packages); the set-up scripts before the install; the dev servers’ refresh runtime',
);
run(process.execPath, [
  '--test',
  'scripts/boundaries.test.mjs',
  'scripts/packages.test.mjs',
  'scripts/preinstall.test.mjs',
  'scripts/preflight.test.mjs',
  'packages/config/refresh/runtime.test.cjs',
]);

step('typecheck', 'type-check');
run(process.execPath, ['scripts/typecheck.mjs']);

step('jest', 'unit and API route tests (jest; the server on PGlite)');
// a project's own testTimeout is not applied in a multi-project run (jest reads it from the root config):
// without this the server's suites, which open a database each, had jest's 5 s
const TIMEOUT = ['--testTimeout', '30000'];
// two workers on a two-core machine: jest's default (one fewer than the cores) runs every suite in its own
// process, one after another; each suite waits on its database or its timers part of the time, which a
// second worker fills (docs/testing.md, "CI's time": 370 s with one, 244 s with two)
const WORKERS = ['--maxWorkers', '2'];
run(bin('jest'), ['--ci', ...TIMEOUT, ...WORKERS]);

step('jest-postgres', 'API route tests on PostgreSQL (a throwaway Debian PostgreSQL server)');
// What this pass proves is the database's side on the production engine: every route's SQL, the
// migrations and seed, locks and connections. The suites that open no database or whose answers do not
// depend on the engine ran in the pass above and are not run again (docs/testing.md, "The route tests'
// two databases").
const SAME_ON_EVERY_DATABASE = [
  '/node_modules/',
  'packages/server/src/config\\.test',
  'packages/server/src/domain/(branch-status|lis-intake|pricing|search-query|units|visit-plan)\\.test',
  'packages/server/src/i18n/',
  'packages/server/src/seed/data/',
  'packages/server/src/openapi-lint\\.test',
  'packages/server/src/http/',
  'packages/server/src/fuzz/openapi\\.test',
  'packages/server/src/routes/public/service/price-story\\.test',
];
run(
  bin('jest'),
  ['--ci', ...TIMEOUT, ...WORKERS, '--selectProjects', 'server', '--testPathIgnorePatterns', ...SAME_ON_EVERY_DATABASE],
  {
    env: { ...process.env, TEST_DB: 'postgres' },
  },
);

step(
  'integrity',
  'load and integrity: simulated customers on PGlite, on PostgreSQL, and two instances on one PostgreSQL',
);
run(join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'), ['packages/server/load/integrity.ts', '--quick']);

step(
  'crash',
  'crash safety: SIGKILL under load (PGlite, PostgreSQL), a PostgreSQL outage, SIGTERM with requests in flight',
);
run(join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'), ['packages/server/load/crash.ts']);

step('build', 'production build');
buildApps();

step('budgets', 'byte budgets: each page’s JavaScript and CSS, gzip and brotli, against budgets.json (2 % allowed)');
run(process.execPath, ['scripts/budgets.mjs']);

step('releases', 'the shell against the remotes’ type hints; releases, the gate, the shared pointer, the canary judge');
run(process.execPath, ['scripts/typecheck-remotes.mjs']);
run(process.execPath, [
  '--test',
  '--test-concurrency=1',
  'packages/releases/test/moves.test.mjs',
  'packages/releases/test/release-store.test.mjs',
  'packages/releases/test/deployment-store.test.mjs',
  'packages/deploy/test/deploy-api.test.mjs',
  'packages/releases/test/canary-rules.test.mjs',
  'packages/releases/test/canary-judge.test.mjs',
  'packages/deploy/test/console.test.mjs',
  'scripts/reproducible.test.mjs',
]);

step('playwright', 'browser journeys (playwright)');
run(join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test'], { cwd: join(root, 'e2e') });

endStep();
console.log(`\n━━ all tests passed (${Math.round((Date.now() - started) / 1000)} s)`);
