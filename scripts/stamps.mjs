// Build stamps: an app's production build is reused when nothing it is built from has changed. The
// inputs are the app's own files, the files of every workspace package it depends on (through their
// package.json, transitively), the root's package.json, lockfile and workspace file, and the settings
// the build reads from the environment. Tests, build output and caches are not inputs.
// Node's own modules only (scripts/lib.mjs uses it before anything is installed).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The environment the builds read (packages/config/webpack.cjs and remotes.cjs). */
const BUILD_SETTING =
  /^(NODE_ENV|BUILD_ID|SOURCE_DATE_EPOCH|API_BASE|PUBLIC_URL|SINGLE_BUNDLE|BENCH_RUNTIME_PER_ENTRY|VITE_\w+|REMOTE_\w+_URL)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.dev', 'test-results', 'playwright-report', '__snapshots__']);
const SKIPPED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.tsbuildinfo$|^\.DS_Store$/;
const ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];

/** Workspace packages by name: `@lab/ui` -> `packages/ui`. */
function workspacePackages(root) {
  const byName = new Map();
  for (const dir of readdirSync(join(root, 'packages'))) {
    const manifest = join(root, 'packages', dir, 'package.json');
    if (existsSync(manifest)) byName.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join('packages', dir));
  }
  return byName;
}

/** The folders an app is built from: its own and its workspace dependencies', transitively. */
export function inputFolders(root, appDir) {
  const byName = workspacePackages(root);
  const folders = new Set([appDir]);
  const queue = [appDir];
  while (queue.length > 0) {
    const manifest = JSON.parse(readFileSync(join(root, queue.shift(), 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      const dir = byName.get(name);
      if (dir && !folders.has(dir)) {
        folders.add(dir);
        queue.push(dir);
      }
    }
  }
  return [...folders].sort();
}

function filesUnder(root, folder) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) files.push(path);
    }
  };
  walk(folder);
  return files;
}

/** One hash of everything an app's build reads. */
export function inputsHash(root, appDir, env = process.env) {
  const hash = createHash('sha256');
  const files = [...ROOT_FILES.filter((file) => existsSync(join(root, file)))];
  for (const folder of inputFolders(root, appDir)) files.push(...filesUnder(root, folder));
  for (const file of files.sort()) {
    hash.update(`${file.split(sep).join('/')}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  const settings = Object.keys(env)
    .filter((key) => BUILD_SETTING.test(key))
    .sort()
    .map((key) => `${key}=${env[key]}`);
  hash.update(settings.join('\n'));
  return hash.digest('hex');
}

// one file per build, a folder's slashes as `+` (packages/console)
const stampFile = (root, appDir) =>
  join(root, 'node_modules', '.cache', 'lab-build', `${appDir.split(/[\\/]/).join('+')}.json`);

/** Whether the app's dist/ (its `built` file there) was built from exactly these inputs. */
export function isBuilt(root, appDir, inputs, built = 'mf-manifest.json') {
  if (!existsSync(join(root, appDir, 'dist', built))) return false;
  try {
    return JSON.parse(readFileSync(stampFile(root, appDir), 'utf8')).inputs === inputs;
  } catch {
    return false;
  }
}

export function writeStamp(root, appDir, inputs) {
  mkdirSync(join(root, 'node_modules', '.cache', 'lab-build'), { recursive: true });
  writeFileSync(stampFile(root, appDir), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
}
