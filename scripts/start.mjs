// npm start: install, build, migrate and seed the API's database (first start), and serve the whole site.
import { buildApps, install } from './lib.mjs';
import { serveAll, startApi, stopAll } from './serve-all.mjs';

install();
buildApps();
const children = [startApi(), ...serveAll()];
console.log('\nThe site is at http://localhost:3000 (Ctrl+C stops it)\n');
const stop = () => {
  stopAll(children);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
