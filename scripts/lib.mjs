// Helpers for the root scripts: they must run with only Node.js and npm (no dependencies yet).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';

/** The apps in build order: remotes first, then the host. */
export const apps = [
  { dir: 'mf-catalog', name: 'mf_catalog', port: 3001 },
  { dir: 'mf-cart-checkout', name: 'mf_cart_checkout', port: 3002 },
  { dir: 'mf-account', name: 'mf_account', port: 3003 },
  { dir: 'mf-auth', name: 'mf_auth', port: 3004 },
  { dir: 'shell', name: 'shell', port: 3000 },
];

/** An app's port: PORT_<NAME> (PORT_MF_CATALOG ...), else its default. */
export const portOf = (app) => Number(process.env[`PORT_${app.name.toUpperCase()}`] || app.port);

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

/** pnpm through npx, pinned (TOOLCHAIN.md: corepack fails here, pnpm 11 crashes on Node 20). */
export function pnpm(args, options) {
  run('npx', ['--yes', `pnpm@${PNPM_VERSION}`, ...args], options);
}

export function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  pnpm(['install', '--reporter=append-only', ...frozen]);
}

export function bin(name) {
  return join(root, 'node_modules', '.bin', name);
}

export function buildApps(extraEnv = {}) {
  for (const app of apps) buildApp(app, extraEnv);
}

/** One production build; OUTPUT_PATH in `extraEnv` puts it elsewhere than the app's dist/. */
export function buildApp(app, extraEnv = {}, options = {}) {
  (options.stdio ? console.error : console.log)(
    `\n▶ building ${app.dir}${extraEnv.OUTPUT_PATH ? ` into ${extraEnv.OUTPUT_PATH}` : ''}`,
  );
  run(bin('webpack'), ['--mode', 'production'], {
    cwd: join(root, app.dir),
    env: { ...process.env, ...extraEnv },
    ...options,
  });
}

export function builtAlready() {
  return apps.every((app) => existsSync(join(root, app.dir, 'dist', 'mf-manifest.json')));
}

/** Starts a long-running child; its output is prefixed with its label. */
export function startChild(label, cmd, args, options = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}
