// npm run build: install, then build the five apps one after another (2 cores: sequential is faster).
import { buildApps, install } from './lib.mjs';

if (!process.argv.includes('--no-install')) install();
buildApps();
