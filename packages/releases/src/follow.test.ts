// Following the live pointer from its file: read again when it changes, a broken write keeping the
// last good deployment, and the deployments seen lately kept for the pages served with them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploymentReader, fileDeployment, RecentDeployments } from './follow';

const release = (version: string) => ({
  version,
  manifest: `http://localhost:3001/releases/${version}/mf-manifest.json`,
  routes: ['analyzes', 'analysis', 'search', ...(version === 'v2' ? ['tests'] : [])],
});

describe('the deployment file', () => {
  it('is read again when it changes, and a broken write keeps the last good one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deployment-'));
    const file = join(dir, 'deployment.json');
    const read = deploymentReader(file);
    expect(read()).toEqual({ version: 0, shell: null, remotes: {} });
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

  it('is a source that names the version it serves and answers for the versions it has served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deployment-'));
    const file = join(dir, 'deployment.json');
    const source = fileDeployment(file);
    expect(source.current().version).toBe(0);
    writeFileSync(file, JSON.stringify({ version: 3, remotes: { mf_catalog: release('v1') } }));
    expect(source.current().version).toBe(3);
    writeFileSync(file, JSON.stringify({ version: 4, remotes: { mf_catalog: { ...release('v2'), previous: [] } } }));
    expect(source.current()).toMatchObject({ version: 4, remotes: { mf_catalog: { version: 'v2' } } });
    // a page served at 3 still gets the map of 3; one never seen is not made up
    expect((await source.at(3))?.remotes.mf_catalog?.version).toBe('v1');
    expect(await source.at(2)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the deployments seen lately', () => {
  it('keeps the newest ones, up to its size', () => {
    const recent = new RecentDeployments(2);
    for (const version of [1, 2, 3]) recent.remember({ version, shell: null, remotes: {} });
    expect(recent.get(1)).toBeNull();
    expect(recent.get(3)?.version).toBe(3);
  });
});
