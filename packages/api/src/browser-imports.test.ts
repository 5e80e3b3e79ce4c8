/**
 * The browser must take the contract as types only (packages/api/README.md): no TypeBox code and no
 * schema object may reach an app's bundle through @lab/api.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = __dirname;
const CONTRACT = join(SRC, 'contract');

type Import = { specifier: string; typeOnly: boolean };

/** import/export ... from '...' statements, without comments; `import type`/`export type` are type-only. */
function importsOf(file: string): Import[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found: Import[] = [];
  for (const match of code.matchAll(/\b(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g)) {
    found.push({ specifier: match[3] as string, typeOnly: Boolean(match[2]) });
  }
  for (const match of code.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1] as string, typeOnly: false });
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const hit = candidates.find((candidate) => existsSync(candidate));
  if (!hit) throw new Error(`Cannot resolve ${specifier} from ${from}`);
  return hit;
}

const isTypeBox = (specifier: string) =>
  specifier === '@sinclair/typebox' || specifier.startsWith('@sinclair/typebox/');
const isContract = (file: string) => file.startsWith(`${CONTRACT}/`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('browser code imports the contract as types only', () => {
  it.each(['clients', 'hooks'])('src/%s has no value import from the contract or TypeBox', (folder) => {
    const offending = sourceFiles(join(SRC, folder)).flatMap((file) =>
      importsOf(file)
        .filter(({ typeOnly }) => !typeOnly)
        .filter(({ specifier }) => {
          const local = resolveLocal(file, specifier);
          return isTypeBox(specifier) || (local !== null && isContract(local));
        })
        .map(({ specifier }) => `${relative(SRC, file)} -> ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('the package entry reaches no contract module and no TypeBox at run time', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        const local = resolveLocal(file, specifier);
        if (local) visit(local);
        else external.add(specifier);
      }
    };
    visit(join(SRC, 'index.ts'));
    expect([...seen].filter(isContract).map((file) => relative(SRC, file))).toEqual([]);
    expect([...external].filter(isTypeBox)).toEqual([]);
    // sanity: the walk did follow the clients and hooks
    expect(seen.has(join(SRC, 'clients', 'send.ts'))).toBe(true);
    expect(seen.has(join(SRC, 'hooks', 'useCart.ts'))).toBe(true);
  });

  it('the detector does catch a value import', () => {
    const probe = join(SRC, 'contract', 'routes.ts');
    expect(importsOf(probe).some(({ specifier, typeOnly }) => specifier === '../endpoints' && !typeOnly)).toBe(true);
    expect(
      importsOf(join(SRC, 'contract', 'common.ts')).some(
        ({ specifier, typeOnly }) => isTypeBox(specifier) && !typeOnly,
      ),
    ).toBe(true);
  });
});
