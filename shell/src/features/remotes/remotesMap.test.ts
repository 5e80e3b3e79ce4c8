import { manifestOf, manifests, parseRemotesMap, remoteOfSegment, withManifests } from './remotesMap';

const built = parseRemotesMap(
  JSON.stringify({
    mf_catalog: { manifest: 'http://localhost:3001/mf-manifest.json', routes: ['analyzes', 'analysis', 'search'] },
    mf_account: { manifest: 'http://localhost:3003/mf-manifest.json', routes: ['account'] },
    mf_auth: 'http://localhost:3004/mf-manifest.json',
  }),
);

describe('remotes.json', () => {
  it('tells the remote that owns a first path segment, and none for the shell’s own', () => {
    if (!built) throw new Error('not a map');
    expect(remoteOfSegment(built, 'analysis')).toBe('mf_catalog');
    expect(remoteOfSegment(built, 'account')).toBe('mf_account');
    expect(remoteOfSegment(built, 'news')).toBeNull();
    expect(remoteOfSegment(built, '')).toBeNull();
  });

  it('reads an older file of bare URLs (remotes without pages) and a single bundle’s prefixes without manifests', () => {
    const older = parseRemotesMap('{"mf_catalog":"https://cdn/catalog/mf-manifest.json"}');
    expect(older && manifests(older)).toEqual({ mf_catalog: 'https://cdn/catalog/mf-manifest.json' });
    expect(older && remoteOfSegment(older, 'analyzes')).toBeNull();
    const single = parseRemotesMap('{"mf_catalog":{"routes":["analyzes"]}}');
    expect(single && manifests(single)).toEqual({});
    expect(single && remoteOfSegment(single, 'analyzes')).toBe('mf_catalog');
  });

  it('refuses what is not a map of remotes', () => {
    for (const text of ['[]', 'null', '{"a":1}', '{"a":{"manifest":2}}', '{"a":{"routes":"analyzes"}}', '{ not json']) {
      expect(parseRemotesMap(text)).toBeNull();
    }
  });

  it('moves manifests for a deployment and keeps the build’s prefixes', () => {
    if (!built) throw new Error('not a map');
    const moved = withManifests(built, {
      mf_catalog: 'https://cdn/catalog/v2/mf-manifest.json',
      mf_new: 'https://cdn/new/mf-manifest.json',
    });
    expect(moved.mf_catalog).toEqual({
      manifest: 'https://cdn/catalog/v2/mf-manifest.json',
      routes: ['analyzes', 'analysis', 'search'],
    });
    expect(manifestOf(moved.mf_new ?? '')).toBe('https://cdn/new/mf-manifest.json');
    expect(remoteOfSegment(moved, 'search')).toBe('mf_catalog');
  });
});
