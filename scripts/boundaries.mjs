// The import boundaries (docs/running.md#boundaries), checked in `npm test` (Biome's import rules cannot say
// "another feature's folder but its index"): an app imports no other app (a remote's public face, its
// `src/exposes.ts`, only as types through `@remote/<name>`), no code imports a feature's internals from
// outside that feature (its `index.ts` is its public face), a package imports no app and nothing of
// scripts/, another package only by its name (never a relative path into its folder), a shared package is
// imported through its `exports` map (no `@lab/<name>/src/...`), and each event of @lab/events has one
// emitter (one emitter per event).
// `node scripts/boundaries.mjs` prints what crosses and exits 1; the functions are tested in
// scripts/boundaries.test.mjs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APPS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-auth'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'releases', 'test-results', 'playwright-report', '.data']);
/**
 * A feature's public faces: `index.ts`, and `headless.ts`, what it offers without React or styles (the
 * shell's server and the page's first script import that).
 */
const FACES = new Set(['', '/index', '/index.ts', '/headless', '/headless.ts']);
/** Files allowed to cross, each with its reason. */
const ALLOWED = new Map([
  [
    'shell/src/features/remotes/registry.single.ts',
    'the single-bundle baseline of `npm run bench` compiles every remote into the shell on purpose',
  ],
]);

/** Every import of a source: `{ specifier, typeOnly }` for import/export ... from, import(), require(). */
export function importsOf(source) {
  const found = [];
  const statement = /\b(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) found.push({ specifier: match[3], typeOnly: Boolean(match[2]) });
  for (const match of source.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1], typeOnly: false });
  }
  return found;
}

const isTest = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);

/** The app, package or scripts folder a repository path belongs to: `{ kind, name }`, or null. */
function ownerOf(path) {
  const [first, second] = path.split('/');
  if (APPS.includes(first)) return { kind: 'app', name: first };
  if (first === 'packages' && second) return { kind: 'package', name: `packages/${second}` };
  if (first === 'scripts') return { kind: 'scripts', name: 'scripts' };
  return null;
}

/** The feature folder a repository path lies in (`mf-catalog/src/features/search`), or null. */
function featureOf(path) {
  const match = /^([^/]+\/src\/features\/[^/]+)(?:\/|$)/.exec(path);
  return match ? match[1] : null;
}

/**
 * What one file's imports break: each a sentence naming the file, the import and the rule. `file` is a
 * repository path with forward slashes.
 */
export function violationsOf(file, source) {
  const owner = ownerOf(file);
  if (!owner || owner.kind === 'scripts' || ALLOWED.has(file)) return [];
  const problems = [];
  const from = featureOf(file);
  for (const { specifier, typeOnly } of importsOf(source)) {
    if (/^@lab\/[^/]+\/src(?:\/|$)/.test(specifier)) {
      problems.push(`${file}: "${specifier}" — a shared package is imported through its exports map, not its src`);
      continue;
    }
    if (specifier.startsWith('@remote/')) {
      if (owner.kind !== 'app' || !typeOnly) {
        problems.push(`${file}: "${specifier}" — a remote's exposes are imported as types only, by an app`);
      }
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = relative('.', join(dirname(file), specifier))
      .split(sep)
      .join('/');
    const targetOwner = ownerOf(target);
    if (targetOwner && targetOwner.name !== owner.name) {
      if (owner.kind === 'package' && targetOwner.kind === 'app') {
        problems.push(`${file}: "${specifier}" — a package imports no app (${targetOwner.name})`);
        continue;
      }
      if (owner.kind === 'package' && targetOwner.kind === 'scripts') {
        problems.push(
          `${file}: "${specifier}" — a package imports nothing of scripts/ (scripts are command lines over packages)`,
        );
        continue;
      }
      if (owner.kind === 'package' && targetOwner.kind === 'package') {
        problems.push(
          `${file}: "${specifier}" — another package is imported by its name (@lab/…), not a relative path into ${targetOwner.name}`,
        );
        continue;
      }
      if (owner.kind === 'app' && targetOwner.kind === 'app' && !isTest(file)) {
        problems.push(`${file}: "${specifier}" — an app imports no other app (${targetOwner.name})`);
        continue;
      }
    }
    const feature = featureOf(target);
    if (feature && feature !== from) {
      if (!FACES.has(target.slice(feature.length))) {
        problems.push(
          `${file}: "${specifier}" — a feature is used through its index.ts (or headless.ts), not ${target}`,
        );
      }
    }
  }
  return problems;
}

function* sourceFiles(root, dir) {
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = dir ? `${dir}/${name}` : name;
    const stats = statSync(join(root, path));
    if (stats.isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** The events a source emits on the bus by name (`bus.emit('cart:changed', ...)`, `emitOrKeep(...)`). */
export function emittedEvents(source) {
  return [...source.matchAll(/\b(?:bus\.emit|emitOrKeep)\(\s*['"]([a-z]+:[a-z-]+)['"]/g)].map((match) => match[1]);
}

/** Events emitted from more than one file (tests aside): each a sentence naming the files. */
export function emitterViolations(sources) {
  const emitters = new Map();
  for (const [file, source] of sources) {
    if (isTest(file) || /\/test\//.test(file)) continue;
    for (const event of new Set(emittedEvents(source))) emitters.set(event, [...(emitters.get(event) ?? []), file]);
  }
  return [...emitters]
    .filter(([, files]) => files.length > 1)
    .map(([event, files]) => `"${event}" is emitted by ${files.join(', ')} — each event has one emitter`);
}

/** Every violation in the repository at `root` (the apps and the packages). */
export function checkBoundaries(root) {
  const problems = [];
  const sources = [];
  for (const top of [...APPS, 'packages']) {
    for (const file of sourceFiles(root, top)) {
      const source = readFileSync(join(root, file), 'utf8');
      sources.push([file, source]);
      problems.push(...violationsOf(file, source));
    }
  }
  return [...problems, ...emitterViolations(sources)];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkBoundaries(root);
  for (const problem of problems) console.error(`✖ ${problem}`);
  if (problems.length) {
    console.error(`\n${problems.length} import(s) cross a boundary (docs/running.md#boundaries).`);
    process.exit(1);
  }
  console.log('import boundaries: apps, features and packages keep to their own');
}
