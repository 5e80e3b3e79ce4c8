// npm start: install, build, migrate and seed the API's database (first start), and serve the whole site.
// The site is announced once the API is ready (database answering, migrations applied: /api/ready) and
// every app's server answers its /health.
import { apps, buildApps, install, portOf } from './lib.mjs';
import { serveAll, startApi, stopAll } from './serve-all.mjs';

const API = `http://localhost:${process.env.PORT || 4000}`;
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
const children = [startApi(), ...serveAll()];
const stop = () => {
  stopAll(children);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  await waitUntilUp(children, [`${API}/api/ready`, ...apps.map((app) => `http://localhost:${portOf(app)}/health`)]);
  console.log('\nThe site is at http://localhost:3000 (Ctrl+C stops it)');
  console.log('Metrics and real-user vitals: http://127.0.0.1:9464/metrics and /ops (this machine only)\n');
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  stopAll(children);
  process.exit(1);
}
