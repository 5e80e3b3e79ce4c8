/** @jest-environment node */
// A promoted remote's build as the shell's server takes it: only with the digests its release pinned.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteIntegrity } from '../src/features/remotes/headless';
import { digestOf, IntegrityError, pageFileDigests } from './buildIntegrity';
import { previewSandbox } from './previewSandbox';
import { forgetRemoteBuilds, pageCss, pageFiles, remoteBuild } from './remoteBuilds';

const PAGES = JSON.stringify({
  prefixes: ['analyzes'],
  routes: [{ id: 'mf_catalog/catalogue', path: 'analyzes', scripts: ['page.js'], styles: ['page.css'] }],
});
const MODULE = "exports.describePage = () => ({ kind: 'page', html: '<p>ok</p>' });";
const CSS = '.catalogue{color:#0b5e72}';
const JS = 'console.log(1)';
const bytes = (text: string) => new TextEncoder().encode(text);
const manifestOf = (listed: Record<string, string>) =>
  JSON.stringify({ metaData: { publicPath: 'auto' }, integrity: listed });
const LISTED = {
  'pages.json': digestOf(bytes(PAGES)),
  'page.css': digestOf(bytes(CSS)),
  'page.js': digestOf(bytes(JS)),
};

let files: Record<string, string> = {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = files[new URL(request.url ?? '/', 'http://remote').pathname];
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalog/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await previewSandbox.close();
});
beforeEach(() => {
  forgetRemoteBuilds();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  files = {
    '/catalog/mf-manifest.json': manifestOf(LISTED),
    '/catalog/pages.json': PAGES,
    '/catalog/server/pages.js': MODULE,
    '/catalog/page.css': CSS,
    '/catalog/page.js': JS,
  };
});
afterEach(() => jest.restoreAllMocks());

/** What the deployment pins for the release of the files above. */
const pins = (): RemoteIntegrity => ({
  manifest: digestOf(bytes(files['/catalog/mf-manifest.json'] ?? '')),
  entry: { path: 'remoteEntry.js', digest: digestOf(bytes('entry')) },
  server: digestOf(bytes(MODULE)),
});

describe('a pinned remote’s build on the shell’s server', () => {
  it('is taken with its files’ digests, which its page’s preloads carry', async () => {
    const build = await remoteBuild(`${base}mf-manifest.json`, pins());
    expect(build?.module).not.toBeNull();
    expect(build?.pages?.prefixes).toEqual(['analyzes']);
    const page = build?.pages?.routes ?? [];
    const files = pageFiles(base, page);
    expect(build && pageFileDigests(build, files)).toEqual({
      [`${base}page.js`]: LISTED['page.js'],
      [`${base}page.css`]: LISTED['page.css'],
    });
    await expect(build && pageCss(build, page)).resolves.toBe(CSS);
  });

  it('is taken as before, with no digests, when nothing is pinned (a build served as it is)', async () => {
    files['/catalog/mf-manifest.json'] = manifestOf({});
    const build = await remoteBuild(`${base}mf-manifest.json`);
    expect(build?.module).not.toBeNull();
    expect(build?.digests).toBeNull();
    expect(build && pageFileDigests(build, { scripts: [`${base}page.js`], styles: [] })).toEqual({});
  });

  it.each([
    ['its manifest', '/catalog/mf-manifest.json'],
    ['the list of its pages’ files', '/catalog/pages.json'],
    ['its page server module', '/catalog/server/pages.js'],
  ])('is not taken when one byte of %s changed: no preview, no page preloads', async (_name, path) => {
    const pinned = pins();
    files[path] = `${files[path]} `;
    expect(await remoteBuild(`${base}mf-manifest.json`, pinned)).toBeNull();
    expect(jest.mocked(console.error).mock.calls.flat().join(' ')).toMatch(/not the released (manifest|bytes)/);
  });

  it('refuses a style sheet of a preview that is not the released one', async () => {
    files['/catalog/page.css'] = '.catalogue{color:red}';
    const build = await remoteBuild(`${base}mf-manifest.json`, pins());
    await expect(build && pageCss(build, build.pages?.routes ?? [])).rejects.toBeInstanceOf(IntegrityError);
  });

  it('refuses a file its manifest lists no digest for', async () => {
    files['/catalog/mf-manifest.json'] = manifestOf({ 'page.css': LISTED['page.css'] });
    expect(await remoteBuild(`${base}mf-manifest.json`, pins())).toBeNull();
  });
});
