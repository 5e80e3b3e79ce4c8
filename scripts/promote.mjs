// npm run promote -- <app> <version> [--canary <percent>]: points the live site at a release of one
// app, for every visitor or for a canary share of them, after the compatibility gate. Nothing is built
// or restarted: every shell-server instance follows the deployment (the file, or PostgreSQL with
// DATABASE_URL) within seconds. A client of the deploy API (packages/deploy): DEPLOY_URL's with
// DEPLOY_TOKEN, else one started in this process.
import { loadTs } from './lib.mjs';

const { commandLine } = await loadTs('@lab/releases');
const { DeployError, reportRefusal, said, withDeployApi } = await loadTs('./packages/deploy/src/local.ts');

const USAGE = `usage: npm run promote -- <app> <version> [--canary <percent>]
  for every visitor, or for <percent> (1-99) of them with nobody judging it (npm run canary: judged);
  DEPLOY_URL and DEPLOY_TOKEN: that deploy API, else one in this process`;
const { values, positionals } = commandLine(USAGE, { canary: { type: 'string' } });
try {
  if (positionals.length !== 2) throw new DeployError(USAGE);
  const [app, version] = positionals;
  const canary = values.canary === undefined ? undefined : Number(values.canary);
  const moved = await withDeployApi((client) => client.promote(app, version, { canary }));
  console.log(said.promote(moved, canary));
} catch (error) {
  reportRefusal(error);
}
