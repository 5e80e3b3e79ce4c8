// npm run canary -- <app> <version> [--share <percent>]: starts a canary that the canary judge
// (canary-judge.mjs, started with the site) widens step by step (10 → 50 → 100) or rolls back by itself,
// by the rules of canary-rules.mjs; each of its moves is in the history with its reason. The same gate as
// npm run promote; `npm run promote -- <app> <version> --canary <percent>` starts one nobody judges.
import { parseArgs } from 'node:util';
import { promote, ReleaseError } from './releases.mjs';

const { values, positionals } = parseArgs({
  options: { share: { type: 'string', default: '10' } },
  allowPositionals: true,
});
try {
  if (positionals.length !== 2) throw new ReleaseError('usage: npm run canary -- <app> <version> [--share <percent>]');
  const [app, version] = positionals;
  const share = Number(values.share);
  const moved = await promote(app, version, { canary: share, judged: true });
  console.log(
    `${moved.app.dir}: ${version} for ${share}% of visitors, ${moved.from} for the rest, judged by the canary judge (deployment ${moved.deployment})`,
  );
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}
