// npm run rollback -- <app>: ends the app's canary, or points it back at the release that was live
// before its last promotion (its build when there was none). A pointer change, like promote.
import { ReleaseError, rollback } from './releases.mjs';

try {
  const [app, ...rest] = process.argv.slice(2);
  if (!app || rest.length) throw new ReleaseError('usage: npm run rollback -- <app>');
  const moved = await rollback(app);
  console.log(
    `${moved.app.dir}: ${moved.from} → ${moved.version ?? 'its build'} for every visitor (deployment ${moved.deployment})`,
  );
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}
