// The shell type-checked against the types the remotes' releases carry (the federation type hints,
// @mf-types.zip, made by each remote's production build), not against their source: what a team ships
// is what the shell is checked with. scripts/typecheck-remotes.mjs checks the shell against what is
// live (releases/deployment.json, else each remote's build); the promotion gate checks it against a
// candidate release (scripts/releases.mjs, which says what is live).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { bin, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const AdmZip = require('adm-zip');
const execFileAsync = promisify(execFile);

const TYPES_ZIP = '@mf-types.zip';
const shellDir = join(root, 'shell');

/** Where a remote's exposes.ts landed in its type hints (the path under compiled-types/ follows its rootDir). */
function exposesDeclaration(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'packages' && entry.name !== 'node_modules') walk(path);
      else if (entry.name === 'exposes.d.ts' && path.endsWith(`${sep}src${sep}exposes.d.ts`)) found.push(path);
    }
  };
  walk(join(dir, 'compiled-types'));
  return found.sort((a, b) => a.length - b.length)[0] ?? null;
}

/** tsc's exit status and what it printed; it runs beside the process (a deploy API answers meanwhile). */
async function tsc(project) {
  try {
    const { stdout, stderr } = await execFileAsync(bin('tsc'), ['-p', project], {
      cwd: shellDir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    // a non-zero exit is tsc's answer; anything else (no tsc at all) is a failure of the check itself
    if (typeof error.code !== 'number') throw error;
    return { status: error.code, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
  }
}

/**
 * Type-checks the shell with each remote's types taken from the folder given for it (a release or a
 * build holding @mf-types.zip). Resolves to { ok, problems }: problems are tsc's lines, or what is
 * missing. Two checks at once (two teams' moves in one deploy API) each have a folder of their own.
 */
export async function checkShellAgainst(folders) {
  const base = join(shellDir, 'node_modules', '.remote-types');
  mkdirSync(base, { recursive: true });
  const work = mkdtempSync(join(base, `${process.pid}-`));
  try {
    const paths = {};
    const missing = [];
    for (const [name, folder] of Object.entries(folders)) {
      const zip = join(folder, TYPES_ZIP);
      if (!existsSync(zip)) {
        missing.push(`${name}: ${relative(root, folder) || folder} carries no type hints (${TYPES_ZIP})`);
        continue;
      }
      const into = join(work, name);
      new AdmZip(zip).extractAllTo(into, true);
      const declaration = exposesDeclaration(into);
      if (!declaration) {
        missing.push(`${name}: its type hints hold no src/exposes.d.ts (its typed public API)`);
        continue;
      }
      paths[`@remote/${name}`] = [`./${relative(work, declaration).split(sep).join('/')}`];
    }
    if (missing.length) return { ok: false, problems: missing };
    // the shell's own settings, with the remotes' public APIs read from their type hints
    const tsconfig = {
      extends: relative(work, join(shellDir, 'tsconfig.json')).split(sep).join('/'),
      compilerOptions: { paths, noEmit: true },
    };
    const project = join(work, 'tsconfig.json');
    writeFileSync(project, JSON.stringify(tsconfig, null, 2));
    const result = await tsc(project);
    const output = result.output.trim();
    return {
      ok: result.status === 0,
      problems: output ? output.split('\n').map((line) => line.replaceAll(`${work}${sep}`, '')) : [],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
