// npm start: install, build, (migrate and seed the API's database,) and serve the whole site.
import { buildApps, install } from './lib.mjs';
import { serveAll, stopAll } from './serve-all.mjs';

install();
buildApps();
const children = serveAll();
console.log('\nThe site is at http://localhost:3000 (Ctrl+C stops it)\n');
const stop = () => {
  stopAll(children);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
