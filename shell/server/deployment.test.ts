import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileDeployment, parseDeployment } from '@lab/releases';
import {
  bucketOf,
  CANARY_COOKIE,
  deploymentHealth,
  newBucket,
  remotesFor,
  shellBase,
  shellRoot,
  visitorCookies,
} from './deployment';

const built = {
  mf_catalog: { manifest: 'http://localhost:3001/mf-manifest.json', routes: ['analyzes', 'analysis', 'search'] },
  mf_auth: { manifest: 'http://localhost:3004/mf-manifest.json', routes: [] },
};
const release = (version: string) => ({
  version,
  manifest: `http://localhost:3001/releases/${version}/mf-manifest.json`,
  routes: ['analyzes', 'analysis', 'search', ...(version === 'v2' ? ['tests'] : [])],
});
const deployment = parseDeployment(
  JSON.stringify({
    version: 7,
    shell: { version: 's1', previous: [null] },
    remotes: { mf_catalog: { ...release('v1'), previous: [null], canary: { ...release('v2'), percent: 30 } } },
  }),
);

describe('the deployment a visitor gets', () => {
  it('loads the live release, or the canary when its bucket is under the percent, named for the reports; the others stay', () => {
    expect(remotesFor(built, deployment, 29).mf_catalog).toEqual({
      manifest: 'http://localhost:3001/releases/v2/mf-manifest.json',
      routes: ['analyzes', 'analysis', 'search', 'tests'],
      version: 'v2',
      deployment: 7,
    });
    for (const bucket of [30, 99, null]) {
      expect(remotesFor(built, deployment, bucket).mf_catalog).toEqual({
        manifest: 'http://localhost:3001/releases/v1/mf-manifest.json',
        routes: ['analyzes', 'analysis', 'search'],
        version: 'v1',
        deployment: 7,
      });
    }
    // every entry names the deployment the map answers for
    expect(remotesFor(built, deployment, 0).mf_auth).toEqual({ ...built.mf_auth, deployment: 7 });
  });

  it('serves the pages from the shell’s live release, or from its build', () => {
    expect(shellRoot(deployment, '/srv/releases', '/srv/shell/dist')).toBe(join('/srv/releases', 'shell', 's1'));
    expect(shellRoot({ version: 0, shell: null, remotes: {} }, '/srv/releases', '/srv/shell/dist')).toBe(
      '/srv/shell/dist',
    );
    // a page names its release's files at that release's own address; the build's at the root
    expect(shellBase(deployment)).toBe('/releases/shell/s1/');
    expect(shellBase({ version: 0, shell: null, remotes: {} })).toBe('/');
  });

  it('hands a release’s pinned digests to the browser with its entry, and refuses malformed ones', () => {
    const integrity = {
      manifest: `sha384-${'m'.repeat(64)}`,
      entry: { path: 'remoteEntry.js', digest: `sha384-${'e'.repeat(64)}` },
    };
    const pinned = parseDeployment(
      JSON.stringify({ version: 2, remotes: { mf_catalog: { ...release('v1'), integrity } } }),
    );
    expect(remotesFor(built, pinned, 5).mf_catalog).toMatchObject({ version: 'v1', integrity });
    expect(() =>
      parseDeployment(
        JSON.stringify({
          remotes: { mf_catalog: { ...release('v1'), integrity: { ...integrity, manifest: 'md5-x' } } },
        }),
      ),
    ).toThrow(/malformed digests/);
  });

  it('refuses a file whose remote is no release', () => {
    expect(() => parseDeployment(JSON.stringify({ remotes: { mf_catalog: { version: 'v1' } } }))).toThrow(
      /not a release/,
    );
    expect(() =>
      parseDeployment(JSON.stringify({ remotes: { mf_catalog: { ...release('v1'), canary: release('v2') } } })),
    ).toThrow(/bad canary/);
  });
});

describe('the canary bucket', () => {
  it('is read from its cookie among others, and only a number 0..99 counts', () => {
    expect(bucketOf(`sid=abc; ${CANARY_COOKIE}=42; cartId=7`)).toBe(42);
    expect(bucketOf(`${CANARY_COOKIE}=7`)).toBe(7);
    expect(bucketOf(`${CANARY_COOKIE}=100`)).toBeNull();
    expect(bucketOf(`x${CANARY_COOKIE}=5`)).toBeNull();
    expect(bucketOf(undefined)).toBeNull();
  });

  it('is given to a new visitor for a year, from 0 to 99', () => {
    expect(newBucket(() => 0)).toEqual({
      bucket: 0,
      cookie: `${CANARY_COOKIE}=0; Path=/; Max-Age=31536000; SameSite=Lax`,
    });
    expect(newBucket(() => 0.999999).bucket).toBe(99);
  });

  it('does not make a first visit a returning one', () => {
    expect(visitorCookies(`${CANARY_COOKIE}=42`)).toBe('');
    expect(visitorCookies(`${CANARY_COOKIE}=42; sid=abc`)).toBe('sid=abc');
  });
});

describe('a deployment that cannot be read', () => {
  it('is said on /health from its first failed read until a good one, the last good one served meanwhile', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deployment-'));
    const file = join(dir, 'deployment.json');
    const source = fileDeployment(file);
    writeFileSync(file, JSON.stringify({ version: 3, remotes: { mf_catalog: release('v1') } }));
    expect(deploymentHealth(source, source.current().version)).toEqual({ deployment: 3, store: 'file' });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    writeFileSync(file, '{ half a file');
    expect(source.current().remotes.mf_catalog?.version).toBe('v1');
    const first = source.unreadable();
    expect(first).toEqual({ since: expect.any(String), error: expect.stringMatching(/JSON/) });
    // read again (a stat per call, the same broken file): still unreadable, since the first failure
    writeFileSync(file, '{ half a file, again');
    expect(source.current().version).toBe(3);
    expect(deploymentHealth(source, 3)).toEqual({
      deployment: 3,
      store: 'file',
      status: 'degraded',
      deploymentUnreadable: { since: first?.since, error: expect.any(String), store: 'file' },
    });
    expect(source.readErrors()).toBe(2);
    error.mockRestore();
    writeFileSync(file, JSON.stringify({ version: 4, remotes: { mf_catalog: release('v2') } }));
    expect(source.current().version).toBe(4);
    expect(source.unreadable()).toBeNull();
    expect(deploymentHealth(source, 4)).toEqual({ deployment: 4, store: 'file' });
    rmSync(dir, { recursive: true, force: true });
  });
});
