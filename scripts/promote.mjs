// npm run promote -- <app> <version> [--canary <percent>]: points the live site at a release of one
// app, for every visitor or for a canary share of them, after the compatibility gate. Nothing is built
// or restarted: every shell-server instance follows the deployment (the file, or PostgreSQL with
// DATABASE_URL) within seconds.
import { parseArgs } from 'node:util';
import { promote, ReleaseError } from './releases.mjs';

const { values, positionals } = parseArgs({ options: { canary: { type: 'string' } }, allowPositionals: true });
try {
  if (positionals.length !== 2)
    throw new ReleaseError('usage: npm run promote -- <app> <version> [--canary <percent>]');
  const [app, version] = positionals;
  const canary = values.canary === undefined ? undefined : Number(values.canary);
  const moved = await promote(app, version, { canary });
  console.log(
    canary === undefined
      ? `${moved.app.dir}: ${moved.from ?? 'its build'} → ${version} for every visitor (deployment ${moved.deployment})`
      : `${moved.app.dir}: ${version} for ${canary}% of visitors, ${moved.from} for the rest (deployment ${moved.deployment})`,
  );
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}
