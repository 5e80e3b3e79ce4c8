// npm run rollback -- <app>: ends the app's canary, or points it back at the release that was live
// before its last promotion (its build when there was none). A pointer change, like promote, and like it a
// client of the deploy API (packages/deploy).
import { loadTs } from './lib.mjs';

const { commandLine } = await loadTs('@lab/releases');
const { DeployError, reportRefusal, said, withDeployApi } = await loadTs('./packages/deploy/src/local.ts');

const USAGE = `usage: npm run rollback -- <app>
  ends the app's canary, or goes back to the release live before the last promotion;
  DEPLOY_URL and DEPLOY_TOKEN: that deploy API, else one in this process`;
const { positionals } = commandLine(USAGE, {});
try {
  const [app, ...rest] = positionals;
  if (!app || rest.length) throw new DeployError(USAGE);
  const moved = await withDeployApi((client) => client.rollback(app));
  console.log(said.rollback(moved));
} catch (error) {
  reportRefusal(error);
}
