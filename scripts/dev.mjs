// npm run dev -- <app>: that app (and the shell) in webpack-dev-server, the other remotes served
// from their production builds on their usual ports. Without an app, the shell alone is in dev.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { apps, bin, install, root, startChild } from './lib.mjs';

const wanted = process.argv[2] ?? 'shell';
if (!apps.some((app) => app.dir === wanted)) {
  console.error(`usage: npm run dev -- <${apps.map((app) => app.dir).join('|')}>`);
  process.exit(2);
}
install();

const serveCli = join(root, 'packages', 'serve', 'src', 'cli.mjs');
const children = [];
for (const app of apps) {
  if (app.dir === wanted || app.dir === 'shell') {
    children.push(
      startChild(app.dir, bin('webpack'), ['serve', '--mode', 'development'], { cwd: join(root, app.dir) }),
    );
  } else if (existsSync(join(root, app.dir, 'dist', 'mf-manifest.json'))) {
    children.push(
      startChild(app.dir, process.execPath, [
        serveCli,
        '--root',
        join(root, app.dir, 'dist'),
        '--port',
        String(app.port),
        '--cors',
      ]),
    );
  } else {
    console.warn(`${app.dir} has no build: run \`npm run build\` once, or its slot shows the fallback`);
  }
}
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
