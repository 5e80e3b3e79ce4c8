// What a person meets before anything is installed: a taken port and an old Node.js, each one line.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inputsHash } from './stamps.mjs';

const preflight = new URL('./preflight.mjs', import.meta.url).href;
const run = (code) => spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });

test('a taken port stops at once with the port, the process holding it and the setting that moves it', async () => {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, resolve));
  const { port } = server.address();
  try {
    // asynchronously, so that this process (the holder) keeps its port while the child looks
    const code = `import { checkPorts } from '${preflight}'; await checkPorts([{ port: ${port}, what: 'the shell', setting: 'PORT_SHELL' }]); console.log('passed');`;
    const result = await new Promise((resolve) =>
      execFile(process.execPath, ['--input-type=module', '-e', code], (error, stdout, stderr) =>
        resolve({ code: error?.code ?? 0, stdout, stderr }),
      ),
    );
    assert.equal(result.code, 1);
    assert.doesNotMatch(result.stdout, /passed/);
    assert.match(result.stderr, new RegExp(`port ${port} \\(the shell\\) is taken by process ${process.pid} \\(`));
    assert.match(result.stderr, new RegExp(`PORT_SHELL=${port + 10} npm start`));
    assert.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  } finally {
    server.close();
  }
});

test('free ports pass', () => {
  const result = run(`import { checkPorts } from '${preflight}'; await checkPorts([]); console.log('passed');`);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /passed/);
});

test('a Node.js older than 20 is named in one line with the fix', () => {
  const result = run(`import { checkNode } from '${preflight}'; checkNode('18.19.1'); console.log('passed');`);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /Node\.js 20 or newer is needed, this is 18\.19\.1: install Node\.js 20/);
  assert.equal(result.stderr.trim().split('\n').length, 1);
  assert.equal(run(`import { checkNode } from '${preflight}'; checkNode('20.0.0');`).status, 0);
});

test('build stamps: a change rebuilds only the apps built from it', () => {
  const root = mkdtempSync(join(tmpdir(), 'lab-stamps-'));
  const write = (file, text) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  try {
    write('package.json', '{}');
    write('packages/ui/package.json', JSON.stringify({ name: '@lab/ui' }));
    write('packages/ui/src/Button.tsx', 'export const Button = 1;');
    write('packages/server/package.json', JSON.stringify({ name: '@lab/server' }));
    write(
      'mf-catalog/package.json',
      JSON.stringify({ name: 'mf-catalog', dependencies: { '@lab/ui': 'workspace:*' } }),
    );
    write('mf-catalog/src/Page.tsx', 'export const Page = 1;');
    write('mf-auth/package.json', JSON.stringify({ name: 'mf-auth' }));
    write('mf-auth/src/Modal.tsx', 'export const Modal = 1;');
    const hashes = () => ({ catalog: inputsHash(root, 'mf-catalog', {}), auth: inputsHash(root, 'mf-auth', {}) });
    const first = hashes();
    assert.deepEqual(hashes(), first, 'the same inputs, the same stamp');

    write('packages/ui/src/Button.tsx', 'export const Button = 2;');
    const second = hashes();
    assert.notEqual(second.catalog, first.catalog, 'a package the app depends on');
    assert.equal(second.auth, first.auth, 'a package the app does not depend on');

    write('mf-auth/src/Modal.test.tsx', 'test');
    write('mf-auth/dist/remoteEntry.js', 'built');
    write('packages/server/src/app.ts', 'server');
    assert.deepEqual(hashes(), second, 'tests, build output and other packages are no inputs');

    assert.notEqual(inputsHash(root, 'mf-auth', { VITE_ONLINE_DISCOUNT: '5' }), second.auth, 'a build setting');
    assert.equal(inputsHash(root, 'mf-auth', { HOME: '/elsewhere' }), second.auth, 'not a build setting');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
