/**
 * @jest-environment node
 *
 * The shell type-checks what it mounts from each remote: this runs the real type checker over the
 * shell with one remote's exposed types replaced, as if that team had changed its public API.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const shellDir = join(__dirname, '..', '..', '..');
const repoRoot = join(shellDir, '..');
const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
const work = mkdtempSync(join(tmpdir(), 'remote-contract-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The modules of mf-catalog the shell mounts besides the one each case changes. */
const otherCatalogModules = [
  'CataloguePage',
  'CategoryPage',
  'ServicePage',
  'SearchPage',
  'PopularServices',
  'PackagesShowcase',
]
  .map((name) => `${name}: { default: () => null }`)
  .join('; ');

/** Type-checks the shell with mf-catalog's exposes.ts swapped for `exposes`; returns tsc's result. */
function typecheckShellWithCatalog(exposes: string) {
  const exposesFile = join(work, `exposes-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(exposesFile, exposes);
  const config = join(work, `tsconfig-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(shellDir, 'tsconfig.json'),
      compilerOptions: {
        typeRoots: [join(repoRoot, 'node_modules', '@types')],
        paths: {
          '@remote/mf_catalog': [exposesFile],
          '@remote/mf_cart_checkout': [join(repoRoot, 'mf-cart-checkout/src/exposes.ts')],
          '@remote/mf_account': [join(repoRoot, 'mf-account/src/exposes.ts')],
          '@remote/mf_auth': [join(repoRoot, 'mf-auth/src/exposes.ts')],
        },
      },
      include: [join(shellDir, 'src'), join(repoRoot, 'packages/config/types')],
      // the single-bundle registry imports the real remotes' sources (bench only), not the remotes' API
      exclude: [
        join(shellDir, 'src/**/*.test.ts'),
        join(shellDir, 'src/**/*.test.tsx'),
        join(shellDir, 'src/features/remotes/registry.single.ts'),
      ],
    }),
  );
  const result = spawnSync(tsc, ['--noEmit', '-p', config], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the shell's type check of the remotes' exposed components", () => {
  it('passes with a compatible remote API (same module, props it can satisfy)', () => {
    const result = typecheckShellWithCatalog(
      `export type ExposedModules = { SearchButton: { default: (props: { compact?: boolean }) => null }; ${otherCatalogModules} };`,
    );
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when an exposed component starts requiring a prop the shell does not pass', () => {
    const result = typecheckShellWithCatalog(
      `export type ExposedModules = { SearchButton: { default: (props: { placement: 'header' | 'page' }) => null }; ${otherCatalogModules} };`,
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/Header\.tsx/);
  });

  it('fails when an exposed module the shell mounts is removed or renamed', () => {
    const result = typecheckShellWithCatalog(
      `export type ExposedModules = { SearchLauncher: { default: () => null }; ${otherCatalogModules} };`,
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/SearchButton/);
  });
});
