import { createHash, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { onRemoteFailure, type RemoteFailure, setPageRemotes, tellRemoteFailure } from './failures';
import {
  digestFor,
  INTEGRITY_LOOKUP,
  integrityPlugin,
  integrityVerdict,
  MISSING_DIGEST,
  pinRemotes,
  watchRefusals,
} from './integrity';

const digest = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const MANIFEST = JSON.stringify({ name: 'mf_catalog', integrity: { 'routes.1a2b3c4d.js': digest('routes') } });
const BASE = 'http://cdn.example.ua/catalog/releases/0.1.0-abcdef0123';
const map = {
  mf_catalog: {
    manifest: `${BASE}/mf-manifest.json`,
    routes: ['analyzes'],
    version: '0.1.0-abcdef0123',
    integrity: { manifest: digest(MANIFEST), entry: { path: 'remoteEntry.js', digest: digest('entry') } },
  },
  // served from its build: nothing pinned
  mf_auth: { manifest: 'http://localhost:3004/mf-manifest.json', routes: [] },
};

/** The part of a Response the plugin reads (jsdom has none). */
const answer = (body: string, status = 200) => {
  const make = (): Response =>
    ({
      ok: status === 200,
      status,
      clone: make,
      arrayBuffer: async () => new TextEncoder().encode(body).buffer,
      json: async () => JSON.parse(body),
    }) as unknown as Response;
  return make();
};

beforeAll(() => {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  pinRemotes(map);
  setPageRemotes(map);
});

describe('a pinned remote’s entry', () => {
  const { createScript } = integrityPlugin() as {
    createScript: (args: { url: string; remoteInfo?: { name: string } }) => HTMLScriptElement | undefined;
  };

  it('is loaded with its digest, across origins', () => {
    const script = createScript({ url: `${BASE}/remoteEntry.js`, remoteInfo: { name: 'mf_catalog' } });
    expect(script?.integrity).toBe(digest('entry'));
    expect(script?.crossOrigin).toBe('anonymous');
    expect(script?.src).toBe(`${BASE}/remoteEntry.js`);
  });

  it('at any other address has no digest, so the browser refuses it; an unpinned remote’s is left alone', () => {
    expect(createScript({ url: `${BASE}/other.js`, remoteInfo: { name: 'mf_catalog' } })?.integrity).toBe(
      MISSING_DIGEST,
    );
    expect(
      createScript({ url: 'http://localhost:3004/remoteEntry.js', remoteInfo: { name: 'mf_auth' } }),
    ).toBeUndefined();
  });
});

describe('a remote’s runtime asking for its files’ digests', () => {
  it('gets the verified manifest’s, one no file has for an unlisted file of a pinned release, none elsewhere', async () => {
    const { fetch: hook } = integrityPlugin() as { fetch: (url: string, init: RequestInit) => Promise<Response> };
    global.fetch = jest.fn(async () => answer(MANIFEST)) as unknown as typeof fetch;
    await hook(`${BASE}/mf-manifest.json`, {});
    expect(digestFor(`${BASE}/routes.1a2b3c4d.js`)).toBe(digest('routes'));
    expect(digestFor(`${BASE}/other.0b6a5cb8.js`)).toBe(MISSING_DIGEST);
    expect(digestFor('http://localhost:3004/texts.0b6a5cb8.js')).toBeNull();
  });

  it('asks under the name the remotes’ builds call (packages/config/integrity.cjs)', () => {
    const plugin = readFileSync(require.resolve('@lab/config/integrity.cjs'), 'utf8');
    expect(plugin).toContain(`const LOOKUP = '${INTEGRITY_LOOKUP}';`);
  });
});

describe('a pinned remote’s manifest', () => {
  const { fetch: hook } = integrityPlugin() as {
    fetch: (url: string, init: RequestInit) => Promise<Response> | undefined;
  };
  afterEach(() => jest.restoreAllMocks());

  it('is taken when its bytes have the pinned digest, and gives the files it lists theirs', async () => {
    global.fetch = jest.fn(async () => answer(MANIFEST)) as unknown as typeof fetch;
    await expect(hook(`${BASE}/mf-manifest.json`, {})).resolves.toMatchObject({ ok: true });
    expect(hook('http://localhost:3004/mf-manifest.json', {})).toBeUndefined();
    // the runtime's own loading of an exposed module's file beside the entry
    const { createScript, createLink } = integrityPlugin() as unknown as {
      createScript: (args: { url: string; attrs?: object; remoteInfo?: { name: string } }) => HTMLScriptElement;
      createLink: (args: { url: string; attrs?: object; remoteInfo?: { name: string } }) => HTMLLinkElement;
    };
    const script = createScript({
      url: `${BASE}/routes.1a2b3c4d.js`,
      attrs: { fetchpriority: 'high', type: 'text/javascript' },
      remoteInfo: { name: 'mf_catalog' },
    });
    expect([script.integrity, script.crossOrigin, script.getAttribute('fetchpriority')]).toEqual([
      digest('routes'),
      'anonymous',
      'high',
    ]);
    const link = createLink({
      url: `${BASE}/unlisted.css`,
      attrs: { rel: 'stylesheet' },
      remoteInfo: { name: 'mf_catalog' },
    });
    expect([link.integrity, link.rel]).toEqual([MISSING_DIGEST, 'stylesheet']);
  });

  it('is refused when one byte changed, and the failure is told as integrity', async () => {
    global.fetch = jest.fn(async () => answer(MANIFEST.replace('mf', 'mF'))) as unknown as typeof fetch;
    const url = `${BASE}/mf-manifest.json?v=2`;
    await expect(hook(url, {})).rejects.toThrow(/not the released ones/);
    const error = new Error(
      `[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 args: {"manifestUrl":"${url}"}`,
    );
    await expect(integrityVerdict(error)).resolves.toBe(true);
    expect(integrityVerdict(new Error('Failed to get manifest. http://elsewhere.example/mf-manifest.json'))).toBeNull();
  });
});

describe('a chunk the browser refused', () => {
  const failures: RemoteFailure[] = [];
  beforeAll(() => {
    watchRefusals(window);
    onRemoteFailure((failure) => failures.push(failure));
  });

  /** Until the listeners have heard `count` failures (a refusal is told once its check is done). */
  async function told(count: number) {
    while (failures.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** The browser's refusal of an element, as its error event reaches the window. */
  function refuse(url: string, integrity: string) {
    const script = document.createElement('script');
    script.integrity = integrity;
    script.src = url;
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    script.remove();
    return Object.assign(new Error(`Loading chunk 732 failed.\n(error: ${url})`), {
      name: 'ChunkLoadError',
      request: url,
    });
  }

  it('is told as integrity when it arrives without integrity and its digest is another', async () => {
    global.fetch = jest.fn(async () => answer('changed chunk')) as unknown as typeof fetch;
    tellRemoteFailure('mf_catalog', './SearchButton', refuse(`${BASE}/732.0b6a5cb8.js`, digest('chunk')));
    await told(1);
    expect(failures.at(-1)).toEqual({
      remote: 'mf_catalog',
      version: '0.1.0-abcdef0123',
      kind: 'integrity',
      module: './SearchButton',
    });
  });

  it('is told as a chunk when it does not arrive at all, and as integrity when it had no digest', async () => {
    global.fetch = jest.fn(async () => answer('', 404)) as unknown as typeof fetch;
    tellRemoteFailure('mf_catalog', './routes', refuse(`${BASE}/404.0b6a5cb8.js`, digest('chunk')));
    global.fetch = jest.fn(async () => answer('a chunk')) as unknown as typeof fetch;
    tellRemoteFailure('mf_catalog', './PopularServices', refuse(`${BASE}/999.0b6a5cb8.js`, MISSING_DIGEST));
    await told(3);
    expect(Object.fromEntries(failures.slice(-2).map((failure) => [failure.module, failure.kind]))).toEqual({
      './routes': 'chunk',
      './PopularServices': 'integrity',
    });
  });
});
