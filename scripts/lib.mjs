// Helpers for the root scripts: they must run with only Node.js and npm (no dependencies yet).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsHash, isBuilt, writeStamp } from './stamps.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';

/** Where releases are filed and what is live is recorded (RELEASES_DIR, else releases/). */
export const releasesDir = () => resolve(process.env.RELEASES_DIR || join(root, 'releases'));

/** The apps in build order: remotes first, then the host (the release domain's list: @lab/releases). */
export const apps = JSON.parse(readFileSync(join(root, 'packages', 'releases', 'src', 'apps.json'), 'utf8'));

/**
 * Node's flags that let a process load the workspace's TypeScript from its first module (tsx's loader,
 * in the process itself: its PID stays the server's); only after the install.
 */
export const withTypes = ['--import', pathToFileURL(join(root, 'packages', 'releases', 'register.mjs')).href];

/**
 * A workspace TypeScript module with every export (`@lab/releases`, or a path from the root), for the
 * command lines over packages; only after the install.
 */
export async function loadTs(module) {
  await import('@lab/releases/register');
  return createRequire(join(root, 'package.json'))(module.startsWith('.') ? join(root, module) : module);
}

/** Built with the apps, not one of the site's: the teams' console, whose page the deploy API serves. */
export const consoleBuild = { dir: 'packages/console', name: 'console', built: 'index.html' };

/** An app's port: PORT_<NAME> (PORT_MF_CATALOG ...), else its default. */
export const portOf = (app) => Number(process.env[`PORT_${app.name.toUpperCase()}`] || app.port);

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

/** pnpm through npx, pinned (corepack fails here, pnpm 11 crashes on Node 20). */
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

/**
 * The five production builds and the console's, one after another. An app whose dist/ was built from the
 * same inputs (scripts/stamps.mjs) is not built again, unless `force`; a build elsewhere (OUTPUT_PATH)
 * always is (the site's apps only).
 */
export function buildApps(extraEnv = {}, { force = false } = {}) {
  const env = { ...process.env, ...extraEnv };
  const stamped = !env.OUTPUT_PATH;
  const builds = stamped ? [...apps, consoleBuild] : apps;
  const reused = [];
  for (const app of builds) {
    const inputs = stamped ? inputsHash(root, app.dir, env) : null;
    if (inputs && !force && isBuilt(root, app.dir, inputs, app.built)) {
      reused.push(app.dir);
      continue;
    }
    buildApp(app, extraEnv);
    if (inputs) writeStamp(root, app.dir, inputs);
  }
  if (reused.length > 0) {
    const all = reused.length === builds.length;
    console.log(
      `\n▶ ${all ? 'every app is' : `${reused.join(', ')} ${reused.length === 1 ? 'is' : 'are'}`} built already from the same sources and settings: not rebuilt${all ? '' : ' (the rest were)'}`,
    );
  }
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
