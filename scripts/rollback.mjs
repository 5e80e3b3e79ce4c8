// npm run rollback -- <app>: ends the app's canary, or points it back at the release that was live
// before its last promotion (its build when there was none). A pointer change, like promote, and like it a
// client of the deploy API (packages/deploy).
import { DeployError, said } from '../packages/deploy/src/deploy.mjs';
import { reportRefusal, withDeployApi } from '../packages/deploy/src/local.mjs';

try {
  const [app, ...rest] = process.argv.slice(2);
  if (!app || rest.length) throw new DeployError('usage: npm run rollback -- <app>');
  const moved = await withDeployApi((client) => client.rollback(app));
  console.log(said.rollback(moved));
} catch (error) {
  reportRefusal(error);
}
