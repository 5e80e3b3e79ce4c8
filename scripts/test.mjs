// npm test: install, lint, type-check, unit tests, production build, then the Playwright journeys.
// Node's own modules only until the install (a fresh clone has nothing else).
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, buildApps, install, root, run } from './lib.mjs';
import { checkNode } from './preflight.mjs';

checkNode();

const started = Date.now();
const step = (label) => console.log(`\n━━ ${label} (${Math.round((Date.now() - started) / 1000)} s)`);

step('install');
install();
ensureChromium();

step('lint');
run(bin('biome'), ['ci', '.']);

step('duplicate code (jscpd): no new copy of a block, duplicated lines within the threshold');
run(process.execPath, ['scripts/duplicates.mjs']);

step(
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

step('type-check');
run(process.execPath, ['scripts/typecheck.mjs']);

step('unit and API route tests (jest; the server on PGlite)');
run(bin('jest'), ['--ci']);

step('API route tests on PostgreSQL (a throwaway Debian PostgreSQL server)');
run(bin('jest'), ['--ci', '--selectProjects', 'server'], { env: { ...process.env, TEST_DB: 'postgres' } });

step('load and integrity: simulated customers on PGlite, on PostgreSQL, and two instances on one PostgreSQL');
run(join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'), ['packages/server/load/integrity.ts', '--quick']);

step('crash safety: SIGKILL under load (PGlite, PostgreSQL), a PostgreSQL outage, SIGTERM with requests in flight');
run(join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'), ['packages/server/load/crash.ts']);

step('production build');
buildApps();

step('byte budgets: each page’s JavaScript and CSS, gzip and brotli, against budgets.json (2 % allowed)');
run(process.execPath, ['scripts/budgets.mjs']);

step('the shell against the remotes’ type hints; releases, the gate, the shared pointer, the canary judge');
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
  'packages/console/src/server.test.mjs',
  'scripts/reproducible.test.mjs',
]);

step('browser journeys (playwright)');
run(join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test'], { cwd: join(root, 'e2e') });

step(`all tests passed`);
