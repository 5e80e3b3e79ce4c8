// The canary judge (@lab/releases) against the real API: synthetic visitors' beacons are posted to
// POST /api/app/vitals for the stable release and the canary, the judge reads them from the operations
// port (GET /ops/canary) and moves the deployment. A healthy canary goes 10 → 50 → 100, each step in the
// history with its reason; one with doubled slot failures is rolled back; one with too few visits stays.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { postPageView, startTestApi } from './api-fixture.mjs';
import { releases as domain } from './load.mjs';
import { build } from './release-fixtures.mjs';

const releases = mkdtempSync(join(tmpdir(), 'judge-test-'));
process.env.RELEASES_DIR = releases;
delete process.env.DATABASE_URL;
delete process.env.DEPLOYMENT_DATABASE_URL;
process.env.DEPLOYED_BY = 'catalogue team';
const { appOf, DEFAULT_RULES, fileRelease, JUDGE, judgeOnce, promote, readDeployment, readHistory } = domain;

/** The judge's rules here: smaller samples than the site's defaults, the same tests and margins. */
const RULES = { ...DEFAULT_RULES, minPageViews: 150, minVitalSamples: 100, minApiCalls: 400 };

let api;
let opsUrl = '';

before(async () => {
  api = await startTestApi();
  opsUrl = api.opsUrl;
  // the live shell, and the catalogue's stable release
  const shell = (await fileRelease(appOf('shell'), build('shell', { provide: true }), { move: true, commit: 'test' }))
    .version;
  await promote('shell', shell);
  await promote('mf-catalog', await release('stable'));
});
after(async () => {
  await api?.stop();
  rmSync(releases, { recursive: true, force: true });
});

async function release(marker) {
  return (
    await fileRelease(appOf('mf-catalog'), build('mf-catalog', { provide: false, marker }), {
      move: true,
      commit: 'test',
    })
  ).version;
}

/**
 * `views` synthetic page views of the catalogue's `version`: `failed` of them with a slot failure, LCP
 * and INP spread around the same values for every release, six API calls each.
 */
async function visits(version, views, failed = 0) {
  for (let index = 0; index < views; index += 1) {
    const spread = 0.7 + (0.6 * ((index * 37) % views)) / views;
    await postPageView(api.origin, {
      version,
      route: '/analyzes/:slug',
      remotes: { mf_auth: 'unreleased' },
      lcp: Math.round(1800 * spread),
      inp: Math.round(120 * spread),
      failed: index < failed,
      kind: 'chunk',
      calls: 6,
    });
  }
}

const judged = () => judgeOnce({ opsUrl, rules: RULES, log: () => undefined });
const live = async () => (await readDeployment()).remotes.mf_catalog;

/** A canary started as `npm run canary -- mf-catalog <version> --share 10` does. */
async function startCanary(marker) {
  const version = await release(marker);
  await promote('mf-catalog', version, { canary: 10, judged: true });
  return version;
}

describe('the canary judge, on synthetic visitors’ beacons', () => {
  test('widens a healthy canary step by step, 10 → 50 → 100, each step in the history with its reason', async () => {
    const stable = (await live()).version;
    const canary = await startCanary(' healthy');
    await visits(stable, 200, 6);
    await visits(canary, 200, 6);
    const [first] = await judged();
    assert.deepEqual([first.verdict, first.next], ['widen', 50]);
    assert.equal((await live()).canary.percent, 50);

    // the window starts again at each step: the next one is judged on what came after it
    const [waiting] = await judged();
    assert.equal(waiting.verdict, 'wait');
    await visits(stable, 200, 4);
    await visits(canary, 200, 5);
    const [second] = await judged();
    assert.deepEqual([second.verdict, second.next], ['widen', 100]);
    const promoted = await live();
    assert.equal(promoted.version, canary);
    assert.equal(promoted.canary, undefined);

    const steps = (await readHistory()).filter((move) => move.by === JUDGE);
    assert.deepEqual(
      steps.map((move) => [move.action, move.version, move.percent ?? null]),
      [
        ['widen', canary, 50],
        ['promote', canary, null],
      ],
    );
    for (const move of steps) assert.match(move.reason, /^no worse than the stable release: slot failures/);
  });

  test('rolls back a canary whose slot failures doubled, and says so in the history', async () => {
    const stable = (await live()).version;
    const canary = await startCanary(' failing');
    await visits(stable, 300, 15);
    await visits(canary, 300, 30);
    const [decision] = await judged();
    assert.equal(decision.verdict, 'rollback');
    const after = await live();
    assert.equal(after.version, stable);
    assert.equal(after.canary, undefined);
    const last = (await readHistory()).at(-1);
    assert.deepEqual([last.by, last.action, last.from, last.canaryEnded], [JUDGE, 'rollback', canary, true]);
    assert.match(
      last.reason,
      /^worse than the stable release: slot failures 10\.0 % \(30\/300\) against 5\.0 % \(15\/300\), z = 2\.3\d/,
    );
  });

  test('leaves a canary with too few visits where it is, and records nothing', async () => {
    const stable = (await live()).version;
    const canary = await startCanary(' quiet');
    await visits(stable, 300, 3);
    // a tenth of the stable's failures would be ten times as many: still too few views to judge
    await visits(canary, 40, 4);
    const movesBefore = (await readHistory()).length;
    const [decision] = await judged();
    assert.equal(decision.verdict, 'wait');
    assert.match(decision.reason, /slot failures: too few to judge \(40 and 300 of 150\)/);
    assert.deepEqual([(await live()).canary.version, (await live()).canary.percent], [canary, 10]);
    assert.equal((await readHistory()).length, movesBefore);
  });
});
