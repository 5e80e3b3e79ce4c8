import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bucketOf,
  CANARY_COOKIE,
  deploymentReader,
  newBucket,
  parseDeployment,
  remotesFor,
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
    });
    for (const bucket of [30, 99, null]) {
      expect(remotesFor(built, deployment, bucket).mf_catalog).toEqual({
        manifest: 'http://localhost:3001/releases/v1/mf-manifest.json',
        routes: ['analyzes', 'analysis', 'search'],
        version: 'v1',
      });
    }
    expect(remotesFor(built, deployment, 0).mf_auth).toBe(built.mf_auth);
  });

  it('serves the pages from the shell’s live release, or from its build', () => {
    expect(shellRoot(deployment, '/srv/releases', '/srv/shell/dist')).toBe(join('/srv/releases', 'shell', 's1'));
    expect(shellRoot({ shell: null, remotes: {} }, '/srv/releases', '/srv/shell/dist')).toBe('/srv/shell/dist');
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

describe('the deployment file', () => {
  it('is read again when it changes, and a broken write keeps the last good one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deployment-'));
    const file = join(dir, 'deployment.json');
    const read = deploymentReader(file);
    expect(read()).toEqual({ shell: null, remotes: {} });
    writeFileSync(file, JSON.stringify({ remotes: { mf_catalog: release('v1') } }));
    expect(read().remotes.mf_catalog?.version).toBe('v1');
    writeFileSync(file, JSON.stringify({ remotes: { mf_catalog: { ...release('v2'), previous: [] } } }));
    expect(read().remotes.mf_catalog?.version).toBe('v2');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    writeFileSync(file, '{ half a file');
    expect(read().remotes.mf_catalog?.version).toBe('v2');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });
});
