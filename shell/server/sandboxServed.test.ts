/** @jest-environment node */
// The shell's server itself (main.ts, as deployed) in front of remotes whose server modules attack the
// preview sandbox (sandboxAttacks.ts): every page is served, with the site's first view and no preview
// from the attacking module; a module that behaves, beside them, gets its preview.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_VIEW_ATTRIBUTE } from './firstView';
import { ATTACKS, BEHAVED_HTML, BEHAVED_MODULE, ESCAPED_MARK } from './sandboxAttacks';

const modules = [...ATTACKS.map((attack) => attack.source), BEHAVED_MODULE];
const nameOf = (index: number) => `attack_${index}`;
const prefixOf = (index: number) => `attack-${index}`;
const BEHAVED = modules.length - 1;

/** An HTTP server on a free port of 127.0.0.1. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function freePort(): Promise<number> {
  const { server } = await listen(() => undefined);
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let remotes: Server;
let api: Server;
let shell: ChildProcess;
let site = '';
let root = '';

beforeAll(async () => {
  // the remotes' origin: each one's manifest, its pages (one) and its page server module
  ({ server: remotes } = await listen((request, response) => {
    const [, name = '', ...rest] = new URL(request.url ?? '/', 'http://remote').pathname.split('/');
    const index = Number(name.replace('attack_', ''));
    const file = rest.join('/');
    const body =
      file === 'mf-manifest.json'
        ? JSON.stringify({ metaData: { publicPath: 'auto' } })
        : file === 'pages.json'
          ? JSON.stringify({
              prefixes: [prefixOf(index)],
              routes: [{ id: 'attack/page', path: `${prefixOf(index)}/page`, scripts: [], styles: [] }],
            })
          : file === 'server/pages.js'
            ? modules[index]
            : undefined;
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200).end(body);
  }));
  const remotesOrigin = `http://127.0.0.1:${(remotes.address() as AddressInfo).port}`;
  // the API: the city list (a first visit's preview is for the first city), nothing else
  ({ server: api } = await listen((request, response) => {
    if (request.url?.includes('settlements')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(
        JSON.stringify({ settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 }),
      );
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  }));
  const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // the shell's build: a page to fill, and the map of these remotes
  root = mkdtempSync(join(tmpdir(), 'shell-attacked-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="uk"><head><title data-head>Lab</title></head><body><div id="root"></div></body></html>',
  );
  const map = Object.fromEntries(
    modules.map((_source, index) => [
      nameOf(index),
      { manifest: `${remotesOrigin}/${nameOf(index)}/mf-manifest.json`, routes: [prefixOf(index)] },
    ]),
  );
  writeFileSync(join(root, 'remotes.json'), JSON.stringify(map));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  shell = spawn(
    join(__dirname, '..', 'node_modules', '.bin', 'tsx'),
    [
      join(__dirname, 'main.ts'),
      '--root',
      root,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--api',
      apiOrigin,
      '--no-releases',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    shell.once('exit', (code) => reject(new Error(`the shell's server exited (${code})`)));
    shell.stdout?.once('data', () => resolve());
  });
}, 60_000);

afterAll(async () => {
  if (shell && shell.exitCode === null) {
    const exited = new Promise((resolve) => shell.once('exit', resolve));
    shell.kill('SIGTERM');
    await exited;
  }
  for (const server of [remotes, api]) server?.closeAllConnections();
  await Promise.all([remotes, api].map((server) => new Promise((resolve) => server?.close(resolve))));
  rmSync(root, { recursive: true, force: true });
});

async function page(index: number): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site}/${prefixOf(index)}/page`);
  return { status: response.status, html: await response.text() };
}

describe('the shell’s server in front of a remote whose server module attacks the sandbox', () => {
  it('serves a module that behaves with its preview (so a missing one below is the sandbox’s doing)', async () => {
    const { status, html } = await page(BEHAVED);
    expect(status).toBe(200);
    expect(html).toContain(BEHAVED_HTML);
  }, 30_000);

  it.each(ATTACKS.map((attack, index) => [attack.name, index, attack.twice ?? false] as const))(
    'serves the page, with no preview, when the module tries %s',
    async (_name, index, twice) => {
      for (let time = 0; time < (twice ? 2 : 1); time += 1) {
        const { status, html } = await page(index);
        expect(status).toBe(200);
        expect(html).toContain(FIRST_VIEW_ATTRIBUTE);
        expect(html).not.toContain(ESCAPED_MARK);
        expect(html).not.toContain('<p>');
      }
      // and the site goes on: the module that behaves still gets its preview
      expect((await page(BEHAVED)).html).toContain(BEHAVED_HTML);
    },
    30_000,
  );
});
