import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { digestOf, fileReleaseStore } from './releaseStore.mjs';
import { createStaticServer } from './server';

const root = mkdtempSync(join(tmpdir(), 'serve-test-'));
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;
writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(root, 'main.js'), bigScript);
writeFileSync(join(root, '123.abcdef12.js'), bigScript);
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

type Served = { origin: string; close: () => Promise<void> };

/** The server for `options` on a free port. */
async function listen(options: Parameters<typeof createStaticServer>[0]): Promise<Served> {
  const server = createStaticServer(options);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

function serve(options: Omit<Parameters<typeof createStaticServer>[0], 'root'>): Promise<Served> {
  return listen({ root, ...options });
}

/** A raw GET (fetch would decompress): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

let remote: Served;
let shell: Served;
beforeAll(async () => {
  remote = await serve({ cors: true });
  shell = await serve({ spa: true, apiTarget: 'http://127.0.0.1:9', remotesMap: { mf_catalog: 'https://cdn/x.json' } });
});
afterAll(async () => {
  await remote.close();
  await shell.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static server', () => {
  it('compresses with brotli or gzip as the client accepts, and says so', async () => {
    const br = await rawGet(`${remote.origin}/main.js`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(bigScript.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript);
    const gz = await rawGet(`${remote.origin}/main.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigScript);
    const plain = await rawGet(`${remote.origin}/main.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);
  });

  it("sends the build's own brotli of a file when the client takes brotli, and honours a refusal by q-value", async () => {
    const script = `export const prices = ${JSON.stringify(Array.from({ length: 3000 }, (_, index) => (index * 7919) % 1000))};`;
    const quality = (level: number) =>
      brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: level } });
    // the build's, at the highest quality: other bytes than the server's own setting makes
    const built = quality(11);
    expect(built.equals(quality(9))).toBe(false);
    writeFileSync(join(root, 'built.11111111.js'), script);
    writeFileSync(join(root, 'built.11111111.js.br'), built);
    const copy = await rawGet(`${remote.origin}/built.11111111.js`, { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(copy.headers['content-encoding']).toBe('br');
    expect(copy.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(copy.headers.vary).toBe('accept-encoding');
    expect(copy.body.equals(built)).toBe(true);
    // `br;q=0` refuses brotli: the file is compressed here with what the client takes
    const refused = await rawGet(`${remote.origin}/built.11111111.js`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.body).toString()).toBe(script);
  });

  it('sends no-cache for entries and pages, immutable for content-hashed chunks', async () => {
    expect((await fetch(`${remote.origin}/main.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${shell.origin}/`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${remote.origin}/123.abcdef12.js`)).headers.get('cache-control')).toContain('immutable');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await fetch(`${remote.origin}/123.abcdef12.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(head.headers.get('cache-control')).toContain('immutable');
    expect(await head.text()).toBe('');
  });

  it('answers a Range request with the bytes asked for (206), and a range past the end with 416', async () => {
    const part = await rawGet(`${remote.origin}/main.js`, { range: 'bytes=0-10' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-10/${bigScript.length}`);
    expect(part.body.toString()).toBe(bigScript.slice(0, 11));
    const tail = await rawGet(`${remote.origin}/main.js`, { range: 'bytes=-5' });
    expect(tail.body.toString()).toBe(bigScript.slice(-5));
    expect((await rawGet(`${remote.origin}/main.js`, { range: 'bytes=999999-' })).status).toBe(416);
  });

  it('answers a revisit of an entry that names the version it has (If-None-Match) with 304', async () => {
    const first = await rawGet(`${remote.origin}/main.js`, {});
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await rawGet(`${remote.origin}/main.js`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends a hashed (immutable) file without validators: it is never revalidated', async () => {
    for (const encoding of ['br', 'identity']) {
      const hashed = await rawGet(`${remote.origin}/123.abcdef12.js`, { 'accept-encoding': encoding });
      expect(hashed.headers['cache-control']).toContain('immutable');
      expect(hashed.headers.etag).toBeUndefined();
      expect(hashed.headers['last-modified']).toBeUndefined();
    }
  });

  it('lets other origins load a remote (CORS) but not the shell', async () => {
    expect((await fetch(`${remote.origin}/main.js`)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${shell.origin}/main.js`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from another origin for a remote', async () => {
    const preflight = await fetch(`${remote.origin}/remoteEntry.js`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it("lets the shell's page logic answer first (never /health), and sends the files it lets through", async () => {
    const seen: string[] = [];
    const { origin, close } = await listen({
      root,
      spa: true,
      before: (request, response) => {
        seen.push(request.url ?? '');
        if (request.url !== '/page') return request.url === '/broken' ? Promise.reject(new Error('broken')) : false;
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>page</h1>');
        return true;
      },
    });
    try {
      expect(await (await fetch(`${origin}/page`)).text()).toBe('<h1>page</h1>');
      expect(await (await fetch(`${origin}/main.js`)).text()).toBe(bigScript);
      expect((await fetch(`${origin}/broken`)).status).toBe(500);
      expect((await fetch(`${origin}/health`)).status).toBe(200);
      expect(seen).toEqual(['/page', '/main.js', '/broken']);
    } finally {
      await close();
    }
  });

  it('serves a file deployed after start without a restart', async () => {
    expect((await fetch(`${remote.origin}/456.00ff00ff.js`)).status).toBe(404);
    writeFileSync(join(root, '456.00ff00ff.js'), 'export {}');
    const response = await fetch(`${remote.origin}/456.00ff00ff.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export {}');
  });

  it('falls back to index.html for app routes of the shell, but not for missing files', async () => {
    const page = await fetch(`${shell.origin}/account/orders`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect((await fetch(`${shell.origin}/missing.js`)).status).toBe(404);
    expect((await fetch(`${remote.origin}/account/orders`)).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    const response = await fetch(`${remote.origin}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });

  it('serves the deployment remotes map and answers a JSON 502 when the API is down', async () => {
    expect(await (await fetch(`${shell.origin}/remotes.json`)).json()).toEqual({ mf_catalog: 'https://cdn/x.json' });
    const api = await fetch(`${shell.origin}/api/public/info`);
    expect(api.status).toBe(502);
    // named like every API error, so that the proxy's failure can be told apart in its log
    expect(await api.json()).toMatchObject({
      code: 'upstream-unavailable',
      requestId: api.headers.get('x-request-id'),
    });
    expect(api.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('answers /health while the build is in place, 503 when its folder holds none', async () => {
    const answer = await fetch(`${remote.origin}/health`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    const empty = mkdtempSync(join(tmpdir(), 'serve-empty-'));
    const served = await listen({ root: empty, cors: true });
    try {
      expect((await fetch(`${served.origin}/health`)).status).toBe(503);
    } finally {
      await served.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the /api proxy', () => {
  it("passes the visitor's address and host on to the API", async () => {
    const { createServer } = await import('node:http');
    const seen: Record<string, string | string[] | undefined>[] = [];
    const api = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as AddressInfo;
    const shellWithApi = await serve({ spa: true, apiTarget: `http://127.0.0.1:${port}` });
    try {
      const response = await fetch(`${shellWithApi.origin}/api/public/core/genders`, {
        headers: { 'x-request-id': 'planted-by-a-visitor' },
      });
      expect(await response.json()).toEqual({ ok: true });
      expect(seen[0]?.['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen[0]?.['x-forwarded-host']).toBe(new URL(shellWithApi.origin).host);
      // the proxy names the request itself: a visitor's id never reaches the API's log
      expect(seen[0]?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await shellWithApi.close();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});

describe('releases', () => {
  it('serves every version side by side at /releases/, cached for good, and nothing outside them', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'serve-releases-'));
    for (const version of ['1.0.0-aaaa', '1.0.0-bbbb']) {
      mkdirSync(join(releases, version));
      writeFileSync(join(releases, version, 'mf-manifest.json'), JSON.stringify({ version }));
    }
    const served = await serve({ cors: true, releases });
    try {
      for (const version of ['1.0.0-aaaa', '1.0.0-bbbb']) {
        const response = await fetch(`${served.origin}/releases/${version}/mf-manifest.json`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ version });
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      // the build beside them is served as before, its manifest revalidated
      expect((await fetch(`${served.origin}/main.js`)).headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${served.origin}/releases/9.9.9-none/mf-manifest.json`)).status).toBe(404);
      expect((await fetch(`${served.origin}/releases/..%2fmain.js`)).status).toBe(404);
    } finally {
      await served.close();
      rmSync(releases, { recursive: true, force: true });
    }
  });

  it('serves a release from the release store by its files’ digests, never bytes that are not theirs', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'serve-store-'));
    const build = mkdtempSync(join(tmpdir(), 'serve-store-build-'));
    const files: Record<string, Buffer> = {
      'mf-manifest.json': Buffer.from(JSON.stringify({ name: 'mf_catalog' })),
      'remoteEntry.js': Buffer.from(bigScript),
      'remoteEntry.js.br': brotliCompressSync(Buffer.from(bigScript)),
      'chunk.js': Buffer.from('console.log("chunk")'),
    };
    for (const [file, bytes] of Object.entries(files)) writeFileSync(join(build, file), bytes);
    const meta = {
      app: 'mf-catalog',
      version: '1.0.0-aaaa',
      builtAt: new Date().toISOString(),
      files: Object.fromEntries(Object.entries(files).map(([file, bytes]) => [file, digestOf(bytes)])),
    };
    const store = fileReleaseStore(releases);
    await store.put(meta, build);
    // nothing in the folder the server is given: every byte comes from the store
    const served = await serve({ cors: true, releaseStore: { app: 'mf-catalog', store } });
    try {
      const manifest = await fetch(`${served.origin}/releases/1.0.0-aaaa/mf-manifest.json`);
      expect(manifest.status).toBe(200);
      expect(await manifest.json()).toEqual({ name: 'mf_catalog' });
      expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(manifest.headers.get('etag')).toBeNull();
      // the release's brotli twin, as built
      const entry = await rawGet(`${served.origin}/releases/1.0.0-aaaa/remoteEntry.js`, { 'accept-encoding': 'br' });
      expect(entry.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(entry.body).toString()).toBe(bigScript);
      expect(await (await fetch(`${served.origin}/releases/1.0.0-aaaa/release.json`)).json()).toEqual(meta);
      for (const missing of ['9.9.9-none/mf-manifest.json', '1.0.0-aaaa/other.js', '..%2f..%2fetc%2fpasswd']) {
        expect((await fetch(`${served.origin}/releases/${missing}`)).status).toBe(404);
      }
      // a changed byte in the store: refused, never sent
      writeFileSync(join(releases, 'mf-catalog', '1.0.0-aaaa', 'chunk.js'), 'console.log("changed")');
      const changed = await fetch(`${served.origin}/releases/1.0.0-aaaa/chunk.js`);
      expect(changed.status).toBe(502);
      expect(await changed.text()).not.toContain('changed');
    } finally {
      await served.close();
      rmSync(releases, { recursive: true, force: true });
      rmSync(build, { recursive: true, force: true });
    }
  });

  it('serves the shell’s releases from the store at the address given, and only them: its unhashed entry cached for good too', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'serve-shell-releases-'));
    const build = mkdtempSync(join(tmpdir(), 'serve-shell-build-'));
    writeFileSync(join(build, 'main.js'), bigScript);
    const meta = {
      app: 'shell',
      version: '1.0.0-aaaa',
      builtAt: new Date().toISOString(),
      files: { 'main.js': digestOf(Buffer.from(bigScript)) },
    };
    const store = fileReleaseStore(releases);
    await store.put(meta, build);
    writeFileSync(join(releases, 'deployment.json'), '{}');
    const served = await listen({
      root,
      spa: true,
      releaseStore: { app: 'shell', store },
      releasesAt: '/releases/shell/',
    });
    try {
      const entry = await fetch(`${served.origin}/releases/shell/1.0.0-aaaa/main.js`);
      expect(entry.status).toBe(200);
      expect(await entry.text()).toBe(bigScript);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // the build's own entry, at the root, is still revalidated
      expect((await fetch(`${served.origin}/main.js`)).headers.get('cache-control')).toBe('no-cache');
      // nothing of the releases folder outside the shell's releases, no page in place of a missing file
      for (const other of ['shell/..%2fdeployment.json', 'deployment.json', 'shell/1.0.0-bbbb/main.js']) {
        expect((await fetch(`${served.origin}/releases/${other}`)).status).toBe(404);
      }
    } finally {
      await served.close();
      rmSync(releases, { recursive: true, force: true });
      rmSync(build, { recursive: true, force: true });
    }
  });

  it('serves a content-hashed file the live root lacks from the build (a page it served keeps its chunks)', async () => {
    const build = mkdtempSync(join(tmpdir(), 'serve-build-'));
    writeFileSync(join(build, 'page-contacts.1a2b3c4d.js'), bigScript);
    writeFileSync(join(build, 'extra.js'), bigScript);
    const served = await listen({ root, spa: true, hashedFrom: build });
    try {
      const chunk = await fetch(`${served.origin}/page-contacts.1a2b3c4d.js`);
      expect(chunk.status).toBe(200);
      expect(await chunk.text()).toBe(bigScript);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // the root's own file first; a name without a hash is the live root's alone
      expect(await (await fetch(`${served.origin}/123.abcdef12.js`)).text()).toBe(bigScript);
      expect((await fetch(`${served.origin}/extra.js`)).status).toBe(404);
      expect((await fetch(`${served.origin}/..%2f${build.split('/').at(-1)}%2fextra.js`)).status).toBe(404);
    } finally {
      await served.close();
      rmSync(build, { recursive: true, force: true });
    }
  });

  it('reads a root given as a function on every request: a deployment moves it without a restart', async () => {
    const other = mkdtempSync(join(tmpdir(), 'serve-other-'));
    writeFileSync(join(other, 'index.html'), '<!doctype html><title>shell v2</title>');
    let current = root;
    const { origin, close } = await listen({ root: () => current, spa: true });
    try {
      expect(await (await fetch(`${origin}/`)).text()).toContain('<title>shell</title>');
      current = other;
      expect(await (await fetch(`${origin}/cart`)).text()).toContain('<title>shell v2</title>');
    } finally {
      await close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
