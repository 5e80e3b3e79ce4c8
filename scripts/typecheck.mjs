// Type-checks every app and package with its own tsconfig (TypeScript 7: `tsc --noEmit` only).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './lib.mjs';

const projects = [
  'packages/events',
  'packages/i18n',
  'packages/api',
  'packages/router',
  'packages/pages',
  'packages/testing',
  'packages/ui',
  'packages/migrate',
  'packages/releases',
  'packages/server',
  'packages/serve',
  'packages/deploy',
  'packages/console',
  'mf-catalog',
  'mf-cart-checkout',
  'mf-account',
  'mf-auth',
  'shell',
  'shell/server',
  'e2e',
];
for (const project of projects) {
  if (!existsSync(join(root, project, 'tsconfig.json'))) continue;
  console.log(`▶ tsc ${project}`);
  run(bin('tsc'), ['--noEmit', '-p', project]);
}
