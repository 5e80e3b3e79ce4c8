// npm run release -- <app> [--from <built folder>]: builds one app (a remote or the shell), packs the build
// and uploads it to the deploy API (packages/deploy), which checks every file against the release's
// SHA-384 list and files it as an immutable release; prints the version on its own last line. --from
// uploads a build made already (the one CI tested) instead of building again. DEPLOY_URL's API with
// DEPLOY_TOKEN, else one started in this process (releases/<app>/<version>/ on this machine).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, loadTs } from './lib.mjs';

const { appOf, commandLine, commitOf, ReleaseError, releasesDir } = await loadTs('@lab/releases');
const { DeployError, reportRefusal, withDeployApi } = await loadTs('./packages/deploy/src/local.ts');

const USAGE = `usage: npm run release -- <app> [--from <built folder>]
  builds <app> (or takes --from's build), uploads it and prints its version on the last line;
  DEPLOY_URL and DEPLOY_TOKEN: that deploy API, else one in this process`;
const { values, positionals } = commandLine(USAGE, { from: { type: 'string' } });
let staging = null;
try {
  if (positionals.length !== 1) throw new DeployError(USAGE);
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
