// npm run canary -- <app> <version> [--share <percent>]: starts a canary that the canary judge
// (canary-judge.mjs, started with the site) widens step by step (10 → 50 → 100) or rolls back by itself,
// by its rules (@lab/releases); each of its moves is in the history with its reason. The same gate as
// npm run promote; `npm run promote -- <app> <version> --canary <percent>` starts one nobody judges.
// A client of the deploy API (packages/deploy), as promote.mjs.
import { loadTs } from './lib.mjs';

const { commandLine } = await loadTs('@lab/releases');
const { DeployError, reportRefusal, said, withDeployApi } = await loadTs('./packages/deploy/src/local.ts');

const USAGE = `usage: npm run canary -- <app> <version> [--share <percent>]
  <percent> (1-99, default 10) of visitors get the release; the canary judge widens it or rolls it back;
  DEPLOY_URL and DEPLOY_TOKEN: that deploy API, else one in this process`;
const { values, positionals } = commandLine(USAGE, { share: { type: 'string', default: '10' } });
try {
  if (positionals.length !== 2) throw new DeployError(USAGE);
  const [app, version] = positionals;
  const share = Number(values.share);
  const moved = await withDeployApi((client) => client.canary(app, version, share));
  console.log(said.canary(moved, share));
} catch (error) {
  reportRefusal(error);
}
