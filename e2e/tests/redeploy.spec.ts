import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, Site } from '../support/site';

// The catalogue team's deployment: a folder its static server serves, replaced on redeploy.
const deployment = mkdtempSync(join(tmpdir(), 'mf-catalog-deploy-'));
const site = new Site({ basePort: 3300, roots: { mf_catalog: deployment } });
const remoteDir = join(repoRoot, 'mf-catalog');
const workCopy = join(remoteDir, '.e2e-redeploy');

test.beforeAll(async () => {
  cpSync(join(remoteDir, 'dist'), deployment, { recursive: true });
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(deployment, { recursive: true, force: true });
  rmSync(workCopy, { recursive: true, force: true });
});

/** Rebuilds the remote from a copy of its source with one visible change, as its team would. */
function rebuildCatalogWithChange(outputPath: string) {
  rmSync(workCopy, { recursive: true, force: true });
  for (const entry of ['src', 'webpack.config.js', 'package.json', 'tsconfig.json']) {
    cpSync(join(remoteDir, entry), join(workCopy, entry), { recursive: true });
  }
  const exposed = join(workCopy, 'src', 'exposed', 'SearchButton.tsx');
  const source = readFileSync(exposed, 'utf8');
  const changed = source.replace(
    'return <SearchLauncher />;',
    'return (<><SearchLauncher /><span data-testid="catalog-release">Нова версія каталогу</span></>);',
  );
  expect(changed).not.toBe(source);
  writeFileSync(exposed, changed);
  execFileSync(join(repoRoot, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    cwd: workCopy,
    env: { ...process.env, OUTPUT_PATH: outputPath },
    stdio: 'inherit',
  });
}

test('a remote rebuilt and redeployed is shown by the unchanged shell on reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(site.url);
  await expect(page.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  await expect(page.getByTestId('catalog-release')).toHaveCount(0);
  const shellMain = readFileSync(join(repoRoot, 'shell', 'dist', 'main.js'));

  const build = mkdtempSync(join(tmpdir(), 'mf-catalog-build-'));
  rebuildCatalogWithChange(build);
  // deploy: new files in, the manifest and entry replaced; the server keeps running
  rmSync(deployment, { recursive: true, force: true });
  cpSync(build, deployment, { recursive: true });
  rmSync(build, { recursive: true, force: true });

  await page.reload();
  await expect(page.getByTestId('catalog-release')).toHaveText('Нова версія каталогу');
  await expect(page.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  // the shell was neither rebuilt nor restarted
  expect(readFileSync(join(repoRoot, 'shell', 'dist', 'main.js')).equals(shellMain)).toBe(true);
});
