import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { shifted } from '../support/ports';
import { repoRoot, Site } from '../support/site';

// The sign-in team leaves the monorepo: its remote in a folder of its own, the shared packages as
// tarballs (what a registry would hand it), installed, type-checked, built, then released and promoted
// through the deploy API with its team token and the client fetched from it (docs/teams.md "One team deploys one
// remote"); the running site shows its build. Nothing of the workspace is linked.
const releases = mkdtempSync(join(tmpdir(), 'lab-releases-'));
const outside = mkdtempSync(join(tmpdir(), 'mf-auth-team-'));
const tarballs = join(outside, 'registry');
const team = join(outside, 'mf-auth');
const site = new Site({ basePort: 4900, releases });
const HINT = 'Надішлемо SMS з кодом для входу (збірка команди входу)';
const PNPM = ['--yes', 'pnpm@12.21.0'];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const remotePackage = JSON.parse(readFileSync(join(repoRoot, 'mf-auth', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The team's own repository: its source, its package.json on the packed packages, its settings. */
function createTeamRepository(packed: Record<string, string>) {
  for (const entry of ['src', 'webpack.config.js']) {
    cpSync(join(repoRoot, 'mf-auth', entry), join(team, entry), { recursive: true });
  }
  // a visible change of its own
  const texts = join(team, 'src', 'i18n', 'ua.json');
  const source = readFileSync(texts, 'utf8');
  expect(source).toContain('"Надішлемо SMS з кодом для входу"');
  writeFileSync(texts, source.replace('"Надішлемо SMS з кодом для входу"', JSON.stringify(HINT)));

  const onTarball = (name: string, spec: string) => (name.startsWith('@lab/') ? `file:${packed[name]}` : spec);
  const dependencies = Object.fromEntries(
    Object.entries(remotePackage.dependencies).map(([name, spec]) => [name, onTarball(name, spec)]),
  );
  const dev = rootPackage.devDependencies;
  writeFileSync(
    join(team, 'package.json'),
    JSON.stringify(
      {
        name: 'mf-auth',
        version: '1.0.0',
        private: true,
        scripts: { build: 'webpack --mode production', typecheck: 'tsc --noEmit -p .' },
        dependencies,
        devDependencies: {
          '@lab/config': `file:${packed['@lab/config']}`,
          typescript: dev.typescript,
          'webpack-cli': dev['webpack-cli'],
          '@types/node': dev['@types/node'],
          '@types/react': dev['@types/react'],
          '@types/react-dom': dev['@types/react-dom'],
        },
      },
      null,
      2,
    ),
  );
  // the packages depend on each other by version: those versions come from the same tarballs
  const overrides = Object.entries(packed)
    .map(([name, tarball]) => `  "${name}": "file:${tarball}"`)
    .join('\n');
  // pnpm 12 runs no dependency's build script undecided (pnpm-workspace.yaml): swc's fetches its binary
  const builds = '  "@swc/core": true\n  "@parcel/watcher": false\n  core-js: false\n  core-js-pure: false';
  writeFileSync(join(team, 'pnpm-workspace.yaml'), `packages: []\noverrides:\n${overrides}\nallowBuilds:\n${builds}\n`);
  writeFileSync(
    join(team, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: '@lab/config/tsconfig.base.json',
        compilerOptions: { types: ['node'] },
        include: ['src', 'node_modules/@lab/config/types/assets.d.ts'],
        exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/test'],
      },
      null,
      2,
    ),
  );
}

let version = '';
let typecheck = '';
let deployApi: ChildProcess | undefined;
const DEPLOY_URL = `http://127.0.0.1:${shifted(4960)}`;

/** The deploy API as the operator runs it (tokens in the releases folder), up once it says where. */
async function startDeployApi(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'packages', 'deploy', 'src', 'cli.mjs')], {
    env: { ...env, DEPLOY_PORT: String(shifted(4960)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the deploy API exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
  return child;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const packed = Object.fromEntries(
    run(process.execPath, [join(repoRoot, 'scripts', 'packages.mjs'), 'pack', tarballs], repoRoot)
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  );
  createTeamRepository(packed);
  run('npx', [...PNPM, 'install', '--prefer-offline', '--reporter=append-only'], team);
  run(join(team, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', '.'], team);
  run(join(team, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], team);
  const env = {
    ...process.env,
    RELEASES_DIR: releases,
    REMOTE_MF_AUTH_URL: `${site.origin('mf_auth')}/mf-manifest.json`,
  };
  deployApi = await startDeployApi(env);
  // the operator gives the team its token; the team's pipeline fetches the client and deploys
  const token = run(
    process.execPath,
    [
      join(repoRoot, 'packages', 'deploy', 'src', 'token-cli.mjs'),
      'create',
      '--team',
      'sign-in',
      '--name',
      'ci',
      '--apps',
      'mf-auth',
    ],
    repoRoot,
    env,
  )
    .split('\n')
    .at(-1) as string;
  const pipeline = { PATH: process.env.PATH, HOME: process.env.HOME, DEPLOY_URL, DEPLOY_TOKEN: token };
  run('curl', ['-fsS', '-o', 'deploy.mjs', `${DEPLOY_URL}/v1/deploy.mjs`], team, pipeline);
  version = run(process.execPath, ['deploy.mjs', 'release', 'mf-auth', 'dist'], team, pipeline)
    .split('\n')
    .at(-1) as string;
  run(process.execPath, ['deploy.mjs', 'promote', 'mf-auth', version], team, pipeline);
  // the deployed shell type-checked against what is now live: this release's type hints among them
  typecheck = run(process.execPath, [join(repoRoot, 'scripts', 'typecheck-remotes.mjs')], repoRoot, env);
  await site.startAll();
});
test.afterAll(async () => {
  if (deployApi && deployApi.exitCode === null) {
    const stopped = new Promise((resolve) => deployApi?.once('exit', resolve));
    deployApi.kill('SIGTERM');
    await stopped;
  }
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

test('a remote built outside the monorepo from the packed packages is released, promoted and shown', async ({
  page,
}) => {
  // its own version, from its own package.json, and nothing of the workspace in its install
  expect(version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
  const installed = JSON.parse(readFileSync(join(team, 'node_modules', '@lab', 'api', 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  expect(installed.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
  expect(typecheck).toContain(`mf_auth: ${join(releases, 'mf-auth', version)}`);
  expect(typecheck).toContain('the shell mounts what every live remote exposes');

  await page.goto(site.url);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  await page.reload();
  await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
  await expect(dialog.getByText(HINT)).toBeVisible();
  // and it works: the phone stage validates as the monorepo's build does
  await dialog.getByRole('button', { name: 'Отримати код' }).click();
  await expect(dialog.getByRole('alert').or(dialog.locator('[aria-invalid="true"]')).first()).toBeVisible();
});
