// The shared workspace packages as a team outside this repository gets them: built output (ES modules
// and type declarations, CSS beside them) in dist/, the exports of their publishConfig, one tarball
// each. Inside the workspace the apps read the packages' source; `pnpm pack` swaps in publishConfig.
//
//   node scripts/packages.mjs build            dist/ of every published package
//   node scripts/packages.mjs pack <folder>    build, then a tarball of each into <folder>
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, pnpm, root, run } from './lib.mjs';

/** Tools' output goes to stderr: stdout lists the tarballs, for scripts to read. */
const QUIET = { stdio: ['ignore', 2, 2] };

/** The published packages, each after the packages it depends on. */
export const PUBLISHED = ['config', 'events', 'i18n', 'router', 'api', 'ui'];

export const manifestOf = (name) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));

/** A package's tarball name, as `pnpm pack` writes it (`@lab/api` 0.1.4: lab-api-0.1.4.tgz). */
export const tarballOf = (name) => {
  const { name: full, version } = manifestOf(name);
  return `${full.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
};

function copyStyles(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copyStyles(source, join(to, entry.name));
    else if (entry.name.endsWith('.css')) {
      mkdirSync(to, { recursive: true });
      cpSync(source, join(to, entry.name));
    }
  }
}

/** dist/ of one package: the TypeScript compiler's modules and declarations, tests left out. */
export function buildPackage(name) {
  const dir = join(root, 'packages', name);
  if (name === 'config') return; // plain CommonJS and JSON, published as they are
  const dist = join(dir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const work = join(dir, 'node_modules', '.cache', 'lab-build');
  mkdirSync(work, { recursive: true });
  const project = join(work, 'tsconfig.json');
  const tsconfig = {
    extends: join(dir, 'tsconfig.json'),
    compilerOptions: { noEmit: false, declaration: true, outDir: dist, rootDir: join(dir, 'src'), sourceMap: false },
    include: [join(dir, 'src'), join(root, 'packages', 'config', 'types', 'assets.d.ts')],
    exclude: [join(dir, 'src', '**', '*.test.ts'), join(dir, 'src', '**', '*.test.tsx')],
  };
  writeFileSync(project, JSON.stringify(tsconfig, null, 2));
  run(bin('tsc'), ['-p', project], QUIET);
  copyStyles(join(dir, 'src'), dist);
}

/** Builds every published package and packs it into `destination`; returns the tarballs by package name. */
export function packPackages(destination) {
  const folder = resolve(destination);
  mkdirSync(folder, { recursive: true });
  const tarballs = {};
  for (const name of PUBLISHED) {
    buildPackage(name);
    const dir = join(root, 'packages', name);
    pnpm(['pack', '--pack-destination', folder], { cwd: dir, ...QUIET });
    const tarball = join(folder, tarballOf(name));
    if (!existsSync(tarball)) throw new Error(`pnpm pack wrote no ${tarball}`);
    tarballs[manifestOf(name).name] = tarball;
  }
  return tarballs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, destination] = process.argv.slice(2);
  if (command === 'build') {
    for (const name of PUBLISHED) buildPackage(name);
    console.log(`built ${PUBLISHED.map((name) => manifestOf(name).name).join(', ')}`);
  } else if (command === 'pack' && destination) {
    for (const [name, tarball] of Object.entries(packPackages(destination))) console.log(`${name}: ${tarball}`);
  } else {
    console.error('usage: node scripts/packages.mjs build | pack <folder>');
    process.exit(2);
  }
}
