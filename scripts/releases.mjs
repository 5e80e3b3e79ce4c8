// The release domain is @lab/releases; this path gives its functions to what still imports it here.
import { createRequire } from 'node:module';
import '@lab/releases/register';

export const { appOf, fileRelease, promote, readDeployment, readHistory, releasesDir, rollback, widenCanary } =
  createRequire(import.meta.url)('@lab/releases');
