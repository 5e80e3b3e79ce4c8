// The console's reads through the real deploy API (its token check, its error handler) against the real
// API on a real (embedded) database: synthetic visitors' beacons go to POST /api/app/vitals, the
// operations port aggregates them, and the console's routes answer what the page draws: the judge's figures and verdict on the live canary (@lab/releases's rules, as the judge computes
// it), the vitals per release and time bucket, and the page itself with its assets (the package's built
// server module and page: node scripts/build.mjs first).
//   node --test packages/deploy/test/console.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import '@lab/releases/register';
import { freePort, postPageView, startTestApi } from '@lab/releases/test/api-fixture.mjs';
import { build } from '@lab/releases/test/release-fixtures.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const releases = mkdtempSync(join(tmpdir(), 'console-releases-'));
process.env.RELEASES_DIR = releases;
delete process.env.DATABASE_URL;
delete process.env.DEPLOYMENT_DATABASE_URL;
process.env.DEPLOYED_BY = 'catalogue/ci';
const require = createRequire(import.meta.url);
const { appOf, DEFAULT_RULES, fileRelease, openTokenStore, promote } = require('@lab/releases');
const { default: consolePlugin, bucketMinutesFor } = await import('@lab/console/server');
const { createDeployApi } = require('../src/app.ts');

/** Smaller samples than the site's, the same tests: 40 page views a side judge the failures. */
const RULES = { ...DEFAULT_RULES, minPageViews: 40, minVitalSamples: 40, minApiCalls: 100 };

let api;
let app;
let stable;
let canary;
let tokens;
let reader;

/** `count` page views of the catalogue's `version`, the first `failed` with a failed slot; LCP about `lcp`. */
async function pageViews(version, count, { failed = 0, lcp = 1500 } = {}) {
  const one = (index) =>
    postPageView(api.origin, {
      version,
      lcp: lcp + (index % 10) * 20,
      inp: 80 + (index % 5) * 10,
      failed: index < failed,
      calls: 3,
    });
  await Promise.all(Array.from({ length: count }, (_, index) => one(index)));
}

const get = async (url, token = reader, headers = {}) => {
  const answer = await app.inject({
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: answer.statusCode,
    headers: answer.headers,
    body: answer.body,
    bytes: answer.rawPayload,
    json: () => answer.json(),
  };
};

before(async () => {
  api = await startTestApi();
  const release = async (name, options) =>
    (await fileRelease(appOf(name), build(name, options), { move: true, commit: 'test' })).version;
  await promote('shell', await release('shell', { provide: true }));
  stable = await release('mf-catalog', { provide: false, marker: ' stable' });
  canary = await release('mf-catalog', { provide: false, marker: ' canary' });
  await promote('mf-catalog', stable);
  await promote('mf-catalog', canary, { canary: 10, judged: true });

  tokens = await openTokenStore({ releasesDir: releases });
  // the account team's token reads the reader too: only moves are scoped
  reader = (await tokens.create({ team: 'account', name: 'ci', apps: ['mf-account'] })).token;
  app = await createDeployApi({
    tokens,
    rateLimit: false,
    plugins: [async (server) => server.register(consolePlugin, { opsUrl: api.opsUrl, rules: RULES })],
  });
});

after(async () => {
  await app?.close();
  await tokens?.close();
  await api?.stop();
  rmSync(releases, { recursive: true, force: true });
});

describe('the console’s reads', () => {
  test('the canary report waits while a side has too few page views, with the figures so far', async () => {
    await pageViews(stable, 10);
    const answer = await get('/v1/apps/mf-catalog/canary-report');
    assert.equal(answer.status, 200);
    const report = answer.json();
    assert.equal(report.app, 'mf-catalog');
    assert.deepEqual(report.live, { version: stable });
    assert.deepEqual(
      { ...report.canary, since: typeof report.canary.since },
      {
        version: canary,
        percent: 10,
        judged: true,
        since: 'string',
      },
    );
    assert.equal(report.verdict, 'wait');
    assert.equal(report.figures.stable.pageViews, 10);
    assert.equal(report.figures.canary.pageViews, 0);
    assert.deepEqual(
      report.measures.map((measure) => [measure.key, measure.judged]),
      [
        ['slotFailures', false],
        ['lcp', false],
        ['inp', false],
        ['apiErrors', false],
      ],
    );
  });

  test('a canary whose slot fails on a third of its page views: the judge’s figures say roll back', async () => {
    await pageViews(stable, 50);
    await pageViews(canary, 60, { failed: 20 });
    const report = (await get('/v1/apps/mf-catalog/canary-report')).json();
    assert.equal(report.verdict, 'rollback');
    assert.match(
      report.reason,
      /^worse than the stable release: slot failures 33\.3 % \(20\/60\) against 0\.0 % \(0\/60\)/,
    );
    assert.deepEqual(report.figures.canary, {
      version: canary,
      pageViews: 60,
      failedViews: 20,
      failureRate: 20 / 60,
      apiCalls: 180,
      apiErrors: 0,
      apiErrorRate: 0,
      lcpP75: report.figures.canary.lcpP75,
      lcpSamples: 60,
      inpP75: 110,
      inpSamples: 60,
    });
    assert.ok(report.figures.canary.lcpP75 >= 1500 && report.figures.canary.lcpP75 <= 1680);
    const failures = report.measures.find((measure) => measure.key === 'slotFailures');
    assert.deepEqual([failures.judged, failures.worse, failures.required], [true, true, true]);
    // an app without a canary: its live release, no figures
    const shell = (await get('/v1/apps/shell/canary-report')).json();
    assert.equal(shell.canary, null);
    assert.equal(typeof shell.live.version, 'string');
  });

  test('the vitals per release and time bucket, each release named live or canary', async () => {
    const answer = await get('/v1/apps/mf-catalog/vitals?hours=6');
    assert.equal(answer.status, 200);
    const vitals = answer.json();
    assert.equal(vitals.bucketMinutes, bucketMinutesFor(6));
    assert.equal(vitals.hours, 6);
    const byVersion = Object.fromEntries(vitals.releases.map((release) => [release.version, release]));
    assert.equal(byVersion[stable].role, 'live');
    assert.equal(byVersion[canary].role, 'canary');
    const views = (release) => release.points.reduce((sum, point) => sum + point.pageViews, 0);
    assert.equal(views(byVersion[stable]), 60);
    assert.equal(views(byVersion[canary]), 60);
    const failed = byVersion[canary].points.reduce((sum, point) => sum + point.failedViews, 0);
    assert.equal(failed, 20);
  });

  test('refusals: no token 401, an hour range or app the API does not know 400, the shell has no vitals', async () => {
    const anonymous = await get('/v1/apps/mf-catalog/canary-report', null);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.json().code, 'token-missing');
    const hours = await get('/v1/apps/mf-catalog/vitals?hours=0');
    assert.equal(hours.status, 400);
    assert.deepEqual([hours.json().code, hours.json().field], ['invalid-request', 'hours']);
    assert.equal((await get('/v1/apps/mf-nothing/canary-report')).status, 400);
    assert.equal((await get('/v1/apps/shell/vitals')).json().code, 'no-vitals');
    // both reads are in the OpenAPI document; the page is not
    const paths = Object.keys((await get('/v1/openapi.json', null)).json().paths);
    assert.ok(paths.includes('/v1/apps/{app}/canary-report') && paths.includes('/v1/apps/{app}/vitals'));
    assert.ok(!paths.some((path) => path.startsWith('/console')));
  });

  test('the operations port down: 503 ops-unavailable, not a 500', async () => {
    const opsUrl = `http://127.0.0.1:${await freePort()}`;
    const closed = await createDeployApi({
      tokens,
      rateLimit: false,
      plugins: [async (server) => server.register(consolePlugin, { opsUrl, rules: RULES })],
    });
    const answer = await closed.inject({
      url: '/v1/apps/mf-catalog/vitals',
      headers: { authorization: `Bearer ${reader}` },
    });
    assert.equal(answer.statusCode, 503);
    assert.equal(answer.json().code, 'ops-unavailable');
    await closed.close();
  });

  test('the page, without a token: its policy allows only its own scripts and style sheets', async () => {
    const page = await get('/console', null);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(page.body, /<title>Консоль релізів<\/title>/);
    assert.match(page.body, /<script defer src="\/console\/assets\/main\.js"><\/script>/);
    assert.match(page.body, /<link href="\/console\/assets\/main\.css" rel="stylesheet">/);
    const policy = page.headers['content-security-policy'];
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /style-src 'self'(;|$)/);
    assert.match(policy, /frame-ancestors 'none'/);
    const slash = await get('/console/', null);
    assert.deepEqual([slash.status, slash.headers.location], [301, '/console']);
  });

  test('its files: minified, brotli or gzip as the browser takes, the entry revalidated and the hashed chunks immutable; nothing else served', async () => {
    const built = readdirSync(join(repoRoot, 'packages', 'console', 'dist'));
    const chunks = built.filter((file) => /\.[0-9a-f]{8}\.(js|css)$/.test(file));
    // uPlot and the English texts load when first needed, each a chunk of its own
    assert.ok(chunks.length >= 3, chunks.join(' '));
    for (const file of ['main.js', 'main.css', ...chunks]) {
      const plain = await get(`/console/assets/${file}`, null);
      assert.equal(plain.status, 200, file);
      assert.equal(plain.headers['x-content-type-options'], 'nosniff');
      assert.equal(
        plain.headers['cache-control'],
        file.startsWith('main.') ? 'no-cache' : 'public, max-age=31536000, immutable',
        file,
      );
      // minified: a handful of lines however large (uPlot's own build had 5,000 in 145 KB)
      assert.ok(plain.body.split('\n').length < 20 + plain.bytes.length / 5000, `${file} is not minified`);
      if (plain.bytes.length < 1024) continue;
      for (const encoding of ['br', 'gzip']) {
        const packed = await get(`/console/assets/${file}`, null, { 'accept-encoding': encoding });
        assert.equal(packed.headers['content-encoding'], encoding, `${file} ${encoding}`);
        assert.ok(packed.bytes.length < plain.bytes.length / 2, `${file} ${encoding}: ${packed.bytes.length} bytes`);
      }
    }
    const again = await get('/console/assets/main.js', null, {
      'if-none-match': (await get('/console/assets/main.js', null)).headers.etag,
    });
    assert.equal(again.status, 304);
    for (const file of ['..%2Fserver%2Fserver.mjs', 'server.mjs', 'index.html', 'main.js.br', 'uPlot.esm.js']) {
      assert.equal((await get(`/console/assets/${file}`, null)).status, 404, file);
    }
  });
});
