// npm run release -- <app> [--from <built folder>]: builds one app (a remote or the shell), packs the build
// and uploads it to the deploy API (packages/deploy), which checks every file against the release's
// SHA-384 list and files it as an immutable release; prints the version on its own last line. --from
// uploads a build made already (the one CI tested) instead of building again. DEPLOY_URL's API with
// DEPLOY_TOKEN, else one started in this process (releases/<app>/<version>/ on this machine).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DeployError } from '../packages/deploy/src/deploy.mjs';
import { reportRefusal, withDeployApi } from '../packages/deploy/src/local.mjs';
import { buildApp } from './lib.mjs';
import { appOf, commitOf, ReleaseError, releasesDir } from './releases.mjs';

const { values, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
let staging = null;
try {
  if (positionals.length !== 1) throw new DeployError('usage: npm run release -- <app> [--from <built folder>]');
  const app = appOf(positionals[0]);
  let build = values.from ? resolve(values.from) : null;
  if (!build) {
    staging = join(releasesDir(), '.staging', `${app.dir}-${process.pid}`);
    build = staging;
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
  const commit = commitOf();
  const { version, created } = await withDeployApi((client) => client.release(app.dir, build, { commit }));
  console.error(
    created ? `released ${app.dir} ${version}` : `${app.dir} ${version} is released already: nothing changed`,
  );
  console.log(version);
} catch (error) {
  reportRefusal(error instanceof ReleaseError ? new DeployError(error.message) : error);
} finally {
  if (staging) rmSync(staging, { recursive: true, force: true });
}
