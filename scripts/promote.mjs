// npm run promote -- <app> <version> [--canary <percent>]: points the live site at a release of one
// app, for every visitor or for a canary share of them, after the compatibility gate. Nothing is built
// or restarted: every shell-server instance follows the deployment (the file, or PostgreSQL with
// DATABASE_URL) within seconds. A client of the deploy API (packages/deploy): DEPLOY_URL's with
// DEPLOY_TOKEN, else one started in this process.
import { parseArgs } from 'node:util';
import { DeployError, said } from '../packages/deploy/src/deploy.mjs';
import { reportRefusal, withDeployApi } from '../packages/deploy/src/local.mjs';

const { values, positionals } = parseArgs({ options: { canary: { type: 'string' } }, allowPositionals: true });
try {
  if (positionals.length !== 2) throw new DeployError('usage: npm run promote -- <app> <version> [--canary <percent>]');
  const [app, version] = positionals;
  const canary = values.canary === undefined ? undefined : Number(values.canary);
  const moved = await withDeployApi((client) => client.promote(app, version, { canary }));
  console.log(said.promote(moved, canary));
} catch (error) {
  reportRefusal(error);
}
