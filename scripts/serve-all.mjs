// Serves the built apps the way production would, each on its own port (docs/running.md#ports).
// `npm start` and `npm run dev` load it before their install: Node's own modules only.
import { join } from 'node:path';
import { apps, portOf, releasesDir, root, startChild, withTypes } from './lib.mjs';

const serveCli = join(root, 'packages', 'serve', 'src', 'cli.mjs');
export const shellServer = [
  join(root, 'shell', 'node_modules', '.bin', 'tsx'),
  join(root, 'shell', 'server', 'main.ts'),
];

/** Starts one static server per app; returns the children so that callers can stop them. */
export function serveAll({ apiTarget = process.env.API_URL || 'http://localhost:4000' } = {}) {
  return apps.map((app) => {
    const port = String(portOf(app));
    const args = ['--root', join(root, app.dir, 'dist'), '--port', port];
    if (app.name === 'shell') {
      // the shell's own server: server-rendered heads, CSP, /api proxy (shell/server/main.ts); a remote
      // moved off its default port (PORT_MF_...) is found there instead of where the build's map says
      const moved = apps.filter((remote) => remote !== app && portOf(remote) !== remote.port);
      const remotes = moved.map((remote) => `${remote.name}=http://localhost:${portOf(remote)}/mf-manifest.json`);
      return startChild(app.dir, shellServer[0], [
        ...shellServer.slice(1),
        ...args,
        ...['--api', apiTarget, '--releases', releasesDir()],
        ...(remotes.length > 0 ? ['--remotes', remotes.join(',')] : []),
        // the deployment it serves, as a metric (loopback only; shell/server/opsPort.ts)
        ...['--metrics-port', process.env.SHELL_METRICS_PORT || '9465'],
      ]);
    }
    // the remote's releases beside its build at /releases/<version>/: releases/<app>/<version>/, or the
    // release store in PostgreSQL with DATABASE_URL
    return startChild(app.dir, process.execPath, [
      ...withTypes,
      serveCli,
      ...args,
      '--cors',
      '--releases',
      join(releasesDir(), app.dir),
      '--app',
      app.dir,
    ]);
  });
}

/** The API server: migrates, seeds an empty database, listens on 4000 (PGlite under .data/ by default). */
export function startApi(env = {}) {
  const tsx = join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx');
  return startChild('api', tsx, [join(root, 'packages', 'server', 'src', 'server.ts')], {
    env: { ...process.env, ...env },
  });
}

/** The deploy API (packages/deploy): teams' pipelines upload releases and move them through it. */
export function startDeploy(env = {}) {
  return startChild('deploy API', process.execPath, [join(root, 'packages', 'deploy', 'src', 'cli.mjs')], {
    env: { ...process.env, ...env },
  });
}

/**
 * The canary judge (canary-judge.mjs): widens or rolls back the canaries started with `npm run canary`,
 * reading real visitors' page views from the API's operations port.
 */
export function startJudge(env = {}) {
  return startChild('canary judge', process.execPath, [join(root, 'scripts', 'canary-judge.mjs')], {
    env: { ...process.env, ...env },
  });
}

/** Asks every child to stop, waits for each to exit (SIGKILL after 10 s), so that nothing is left behind. */
export async function stopAll(children, graceMs = 10_000) {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
