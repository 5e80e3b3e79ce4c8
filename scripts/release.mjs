// npm run release -- <app> [--from <built folder>]: builds one app (a remote or the shell) and files it
// as an immutable release in releases/<app>/<version>/; prints the version on its own last line.
// --from files a build made already (the one CI tested) instead of building again.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './lib.mjs';
import { appOf, commitOf, fileRelease, ReleaseError, releasesDir } from './releases.mjs';

const { values, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
try {
  if (positionals.length !== 1) throw new ReleaseError('usage: npm run release -- <app> [--from <built folder>]');
  const app = appOf(positionals[0]);
  let build = values.from ? resolve(values.from) : null;
  if (!build) {
    build = join(releasesDir(), '.staging', `${app.dir}-${process.pid}`);
    rmSync(build, { recursive: true, force: true });
    mkdirSync(build, { recursive: true });
    // the build's logs go to stderr: stdout ends with the version, for scripts to read
    // the build id is the commit, not the time: the same commit builds the same release
    buildApp(
      app,
      { OUTPUT_PATH: build, BUILD_ID: process.env.BUILD_ID || commitOf() || '' },
      { stdio: ['ignore', 2, 2] },
    );
  }
  const { version, folder, created } = fileRelease(app, build, { move: !values.from });
  console.error(
    created
      ? `released ${app.dir} ${version} in ${folder}`
      : `${app.dir} ${version} is released already (${folder}): nothing changed`,
  );
  console.log(version);
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}
