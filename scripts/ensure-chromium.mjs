// Playwright cannot download its browsers here: the tests use Debian's chromium, installed when missing.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('▶ installing chromium from Debian packages');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
}
