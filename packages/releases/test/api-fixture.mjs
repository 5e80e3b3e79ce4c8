// The real API for the release domain's tests (the canary judge, the console's reads): started on free
// ports on an embedded database of its own, and synthetic visitors' beacons posted to it, as browsers
// post them (POST /api/app/vitals), for the operations port to aggregate.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load.mjs';

/** A port nothing listens on (yet). */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The API server with its operations port; `origin` takes the beacons, `opsUrl` answers the judge and the
 * console. Every synthetic visitor posts from 127.0.0.1, so the per-address limits are off.
 */
export async function startTestApi() {
  const [port, metrics] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'release-api-pglite-'));
  const origin = `http://127.0.0.1:${port}`;
  const api = spawn(
    join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'),
    [join(root, 'packages', 'server', 'src', 'server.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: String(metrics),
        PGLITE_DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        VITALS_PER_IP_MINUTE: '1000000',
        RATE_LIMIT_MAX: '0',
        DEV_CLOCK_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (const deadline = Date.now() + 120_000; ; ) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    if ((await fetch(`${origin}/api/ready`).catch(() => null))?.ok) break;
    if (Date.now() > deadline) throw new Error('the API was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    opsUrl: `http://127.0.0.1:${metrics}`,
    async stop() {
      if (api.exitCode === null) {
        const exited = new Promise((resolve) => api.once('exit', resolve));
        api.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One page view's beacon for the catalogue's `version`: its LCP and INP, `failed` with a slot failure of
 * `kind`, `calls` API calls; the API must take it (200).
 */
export async function postPageView(
  origin,
  { version, route = '/analyzes', lcp, inp, failed = false, kind = 'load', calls, remotes = {} },
) {
  const answer = await fetch(`${origin}/api/app/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      pageViewId: randomUUID(),
      route,
      locale: 'ua',
      remotes: { mf_catalog: version, ...remotes },
      vitals: [
        { name: 'LCP', value: lcp },
        { name: 'INP', value: inp },
      ],
      failures: failed ? [{ remote: 'mf_catalog', version, kind, module: './routes' }] : [],
      api: { calls, errors: 0 },
    }),
  });
  assert.equal(answer.status, 200, await answer.text());
}
