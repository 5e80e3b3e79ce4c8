// npm run canary -- <app> <version> [--share <percent>]: starts a canary that the canary judge
// (canary-judge.mjs, started with the site) widens step by step (10 → 50 → 100) or rolls back by itself,
// by the rules of canary-rules.mjs; each of its moves is in the history with its reason. The same gate as
// npm run promote; `npm run promote -- <app> <version> --canary <percent>` starts one nobody judges.
// A client of the deploy API (packages/deploy), as promote.mjs.
import { parseArgs } from 'node:util';
import { DeployError, said } from '../packages/deploy/src/deploy.mjs';
import { reportRefusal, withDeployApi } from '../packages/deploy/src/local.mjs';

const { values, positionals } = parseArgs({
  options: { share: { type: 'string', default: '10' } },
  allowPositionals: true,
});
try {
  if (positionals.length !== 2) throw new DeployError('usage: npm run canary -- <app> <version> [--share <percent>]');
  const [app, version] = positionals;
  const share = Number(values.share);
  const moved = await withDeployApi((client) => client.canary(app, version, share));
  console.log(said.canary(moved, share));
} catch (error) {
  reportRefusal(error);
}
