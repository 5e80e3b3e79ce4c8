// Playwright cannot download its browsers here: the tests use Debian's chromium, installed when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fail } from './preflight.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const FIX = 'install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.env.CHROMIUM_PATH) fail(`no browser at CHROMIUM_PATH=${CHROMIUM} for the browser tests: ${FIX}`);
  const root = process.getuid?.() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!apt || !(root || sudo)) fail(`Chromium is needed for the browser tests and is not at ${CHROMIUM}: ${FIX}`);
  console.log('▶ installing chromium from Debian packages');
  const run = (args) => spawnSync(root ? 'apt-get' : 'sudo', root ? args : ['apt-get', ...args], { stdio: 'inherit' });
  run(['update', '-qq']);
  const installed = run(['install', '-y', '-qq', 'chromium']).status === 0 && existsSync(CHROMIUM);
  if (!installed) fail(`Chromium could not be installed with apt-get (see its lines above): ${FIX}`);
}
