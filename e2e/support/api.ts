import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { shifted } from './ports';

/** The API server the journeys run against: the real server on a fresh embedded database. */
/** E2E_API_PORT, else 4100 moved by E2E_PORT_SHIFT: two runs on one machine do not collide. */
export const API_PORT = Number(process.env.E2E_API_PORT ?? shifted(4100));
export const API_ORIGIN = `http://localhost:${API_PORT}`;
/**
 * The API's operations port (metrics, real-user vitals): E2E_METRICS_PORT, else 4195 (shifted). Not 4190:
 * fetch refuses the ports on the Fetch standard's list of bad ports (4190 is sieve's), so the canary
 * judge and the console could not read it.
 */
export const METRICS_PORT = Number(process.env.E2E_METRICS_PORT ?? shifted(4195));
export const OPS_ORIGIN = `http://127.0.0.1:${METRICS_PORT}`;

/** The seeded settlement named `title` (Kyiv by default): its id, as the city picker stores it. */
export async function settlementId(title = 'Київ'): Promise<number> {
  const response = await fetch(
    `${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count&includePartners=true`,
  );
  const { settlements } = (await response.json()) as { settlements: Array<{ id: number; title: string }> };
  const found = settlements.find((settlement) => settlement.title === title);
  if (!found) throw new Error(`no settlement ${title}`);
  return found.id;
}

export type RunningApi = { child: ChildProcess; dataDir: string };

/**
 * An API server on a database of its own, seeded. The run's is started once (global-setup); a journey
 * that needs other settings (MOBILE_APP_STORE_URL ...) starts a second one on ports of its own.
 */
export async function startApi(
  options: { port?: number; metricsPort?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningApi> {
  const port = options.port ?? API_PORT;
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-pglite-'));
  const child = spawn(
    join(repoRoot, 'packages/server/node_modules/.bin/tsx'),
    [join(repoRoot, 'packages/server/src/server.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        PGLITE_DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // one run signs the demo users in from several specs within a minute, all from 127.0.0.1;
        // the limits themselves are covered by the server's route tests
        AUTH_RESEND_SECONDS: '3',
        AUTH_SENDS_PER_PHONE_HOUR: '100',
        AUTH_SENDS_PER_IP_HOUR: '10000',
        AUTH_CHECKS_PER_PHONE_HOUR: '1000',
        AUTH_CHECKS_PER_IP_HOUR: '10000',
        // the development lab clock would move a just-paid order on to "in progress" mid-journey
        DEV_CLOCK_INTERVAL_MS: '0',
        // every journey's page views report their vitals, all from 127.0.0.1
        VITALS_PER_IP_MINUTE: '100000',
        METRICS_PORT: String(options.metricsPort ?? METRICS_PORT),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'], // its request log would drown the test report
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API server exited with ${child.exitCode}`);
    try {
      // ready: migrated, seeded, the database answering
      const response = await fetch(`${origin}/api/ready`);
      if (response.ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('API server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stopApi({ child, dataDir }: RunningApi): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
