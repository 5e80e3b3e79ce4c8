// What a newcomer does first, on the clean checkout CI is given: `npm start`, wait for "The site is at …",
// open the home page, a catalogue page and the API's readiness through the site, press Ctrl-C (SIGINT to
// the command's process group, as a terminal does), and check that nothing of it is left running.
// Node's own modules only: it runs before anything is installed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portIsTaken } from '../scripts/preflight.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTED_WITHIN_MS = 30 * 60_000;
const PORTS = [3000, 3001, 3002, 3003, 3004, 4000, 9464];
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const failures = [];

console.log(
  `\n━━ newcomer: \`npm start\` on this checkout (node_modules ${existsSync(join(root, 'node_modules')) ? 'present: not a clean checkout' : 'absent'})`,
);
// its own session and process group: Ctrl-C reaches every process of it, and what is left can be found
const npm = spawn('npm', ['start'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
const session = npm.pid;
let output = '';
let announced = null;
const announcement = new Promise((resolve, reject) => {
  const read = (chunk) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line) process.stdout.write(`[npm start] ${line}\n`);
    const url = /The site is at (http:\/\/\S+)/.exec(output)?.[1];
    if (url && !announced) {
      announced = url;
      resolve(url);
    }
  };
  npm.stdout.on('data', read);
  npm.stderr.on('data', read);
  npm.once('exit', (code, signal) => reject(new Error(`npm start exited (${code ?? signal}) before the site was up`)));
  setTimeout(
    () => reject(new Error(`no "The site is at" within ${STARTED_WITHIN_MS / 60_000} minutes`)),
    STARTED_WITHIN_MS,
  );
});

/**
 * The processes of npm start's session still running (from /proc: after the command's name, stat gives
 * the state, then the parent, group and session ids). A zombie has ended: only its exit is not read yet.
 */
function sessionProcesses() {
  const left = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , , sid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(sid) === session && state !== 'Z' && state !== 'X') {
        left.push(`${pid} (${state}) ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
      }
    } catch {
      // ended meanwhile
    }
  }
  return left;
}

async function expectOk(url, what) {
  const answer = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch((error) => error);
  const status = answer instanceof Error ? answer.message : answer.status;
  console.log(`${status === 200 ? '✔' : '✖'} ${what}: GET ${url} → ${status}`);
  if (status !== 200) failures.push(`${what} answered ${status}`);
  return status === 200 ? answer : null;
}

try {
  const site = await announcement;
  console.log(`\n✔ "The site is at ${site}" after ${seconds()}`);
  await expectOk(`${site}/`, 'the home page');
  // a catalogue page: the first category of the catalogue's tree (docs/product.md#routes: /analyzes/{slug})
  const tree = await expectOk(`${site}/api/public/service/services/groups/enabled/tree/separated`, 'the catalogue');
  const slug = tree ? (await tree.json()).services?.[0]?.slug : null;
  if (slug) await expectOk(`${site}/analyzes/${slug}`, 'a catalogue page');
  else failures.push('the catalogue has no category to open');
  await expectOk(`${site}/api/ready`, "the API's readiness");
} catch (error) {
  failures.push(error.message);
}

// Ctrl-C
if (npm.exitCode === null) {
  console.log('\nCtrl-C (SIGINT to the process group)');
  process.kill(-session, 'SIGINT');
  const exited = await new Promise((resolve) => {
    if (npm.exitCode !== null) resolve(true);
    npm.once('exit', () => resolve(true));
    setTimeout(() => resolve(false), 30_000);
  });
  if (!exited) failures.push('npm start did not exit within 30 s of Ctrl-C');
}
// what is still exiting gets a few seconds (a server's helper process ends when its parent has)
let left = sessionProcesses();
for (let waited = 0; left.length > 0 && waited < 10_000; waited += 500) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  left = sessionProcesses();
}
if (left.length > 0) failures.push(`processes left after Ctrl-C:\n  ${left.join('\n  ')}`);
const held = [];
for (const port of PORTS) if (await portIsTaken(port)) held.push(port);
if (held.length > 0) failures.push(`ports still taken after Ctrl-C: ${held.join(', ')}`);
if (left.length === 0 && held.length === 0)
  console.log('✔ after Ctrl-C no process of it is left and its ports are free');

if (failures.length > 0) {
  try {
    process.kill(-session, 'SIGKILL');
  } catch {
    // nothing left
  }
  console.error(`\n✖ newcomer step failed (${seconds()}):\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`\n✔ newcomer step passed in ${seconds()}`);
process.exit(0);
