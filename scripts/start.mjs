// npm start: install, build, migrate and seed the API's database (first start), and serve the whole site.
// The site is announced once the API is ready (database answering, migrations applied: /api/ready) and
// every app's server answers its /health. Before the install only Node's own modules may be loaded (a
// fresh clone has nothing else): scripts/preinstall.test.mjs holds every module this one imports to it.
import { apps, buildApps, install, portOf } from './lib.mjs';
import { checkNode, checkPorts } from './preflight.mjs';
import { serveAll, startApi, startDeploy, startJudge, stopAll } from './serve-all.mjs';

checkNode();
const apiPort = Number(process.env.API_PORT || process.env.PORT || 4000);
const metricsPort = Number(process.env.METRICS_PORT || 9464);
const shellMetricsPort = Number(process.env.SHELL_METRICS_PORT || 9465);
const deployPort = Number(process.env.DEPLOY_PORT || 4100);
await checkPorts([
  ...apps.map((app) => ({ port: portOf(app), what: app.dir, setting: `PORT_${app.name.toUpperCase()}` })),
  { port: apiPort, what: 'the API server', setting: 'API_PORT' },
  ...(process.env.METRICS_PORT === 'off'
    ? []
    : [{ port: metricsPort, what: "the API's metrics", setting: 'METRICS_PORT' }]),
  { port: shellMetricsPort, what: "the shell's metrics", setting: 'SHELL_METRICS_PORT' },
  { port: deployPort, what: 'the deploy API', setting: 'DEPLOY_PORT' },
]);

const API = `http://localhost:${apiPort}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls each URL until it answers 200; says once what it still waits for, and why. */
async function waitUntilUp(children, urls, timeoutMs = 180_000) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const pending = new Set(urls);
  let told = false;
  while (pending.size > 0) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`a server exited with code ${exited.exitCode} while starting (see its lines above)`);
    for (const url of [...pending]) {
      const answer = await fetch(url, { signal: AbortSignal.timeout(3000) }).catch(() => null);
      if (answer?.ok) pending.delete(url);
      else if (answer && !told && Date.now() - started > 20_000) {
        told = true;
        console.log(`still waiting for ${url}: ${answer.status} ${await answer.text()}`);
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline) throw new Error(`not up after ${timeoutMs / 1000} s: ${[...pending].join(', ')}`);
    await sleep(300);
  }
}

install();
buildApps();
const children = [
  startApi({ PORT: String(apiPort) }),
  ...serveAll({ apiTarget: process.env.API_URL || API }),
  startDeploy({ DEPLOY_PORT: String(deployPort) }),
  // the canary judge reads real visitors' page views from the API's operations port
  ...(process.env.METRICS_PORT === 'off' ? [] : [startJudge({ METRICS_PORT: String(metricsPort) })]),
];
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the site ...');
  await stopAll(children);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  const deployApi = `http://${process.env.DEPLOY_HOST || '127.0.0.1'}:${deployPort}`;
  await waitUntilUp(children, [
    `${API}/api/ready`,
    ...apps.map((app) => `http://localhost:${portOf(app)}/health`),
    `${deployApi}/v1/openapi.json`,
  ]);
  console.log(`\nThe site is at http://localhost:${portOf(apps.find((app) => app.dir === 'shell'))} (Ctrl+C stops it)`);
  console.log(`Metrics and real-user vitals: http://127.0.0.1:${metricsPort}/metrics and /ops (this machine only)`);
  console.log(`The deploy API: ${deployApi} (OpenAPI: ${deployApi}/v1/openapi.json; tokens: npm run deploy:token)\n`);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  await stopAll(children);
  process.exit(1);
}
