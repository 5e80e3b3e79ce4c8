// Serves the built apps the way production would, each on its own port (ARCHITECTURE.md "Ports").
import { join } from 'node:path';
import { apps, portOf, root, startChild } from './lib.mjs';
import { releasesDir } from './releases.mjs';

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
      // the shell's own server: server-rendered heads, CSP, /api proxy (shell/server/main.ts)
      return startChild(app.dir, shellServer[0], [
        ...shellServer.slice(1),
        ...args,
        '--api',
        apiTarget,
        '--releases',
        releasesDir(),
      ]);
    }
    // the remote's releases beside its build: releases/<app>/<version>/ at /releases/<version>/
    return startChild(app.dir, process.execPath, [
      serveCli,
      ...args,
      '--cors',
      '--releases',
      join(releasesDir(), app.dir),
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

export function stopAll(children) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
