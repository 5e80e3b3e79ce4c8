// `node scripts/pnpm.mjs <args>`: the project's pinned pnpm, for root npm scripts.
import { pnpm } from './lib.mjs';

pnpm(process.argv.slice(2));
