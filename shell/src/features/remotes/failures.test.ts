import { onRemoteFailure, type RemoteFailure, remoteVersions, setPageRemotes, tellRemoteFailure } from './failures';

describe('remote failures for real-user monitoring', () => {
  const failures: RemoteFailure[] = [];
  let stop: () => void;
  beforeEach(() => {
    failures.length = 0;
    stop = onRemoteFailure((failure) => failures.push(failure));
    setPageRemotes({
      mf_catalog: { manifest: 'http://localhost:3001/releases/0.1.0-abcdef0123/mf-manifest.json', routes: ['search'] },
      mf_auth: { manifest: 'http://localhost:3004/mf-manifest.json', version: '0.1.0-1111111111' },
      mf_account: 'http://localhost:3003/mf-manifest.json',
    });
  });
  afterEach(() => stop());

  it('names each remote’s release: the deployment’s, the release folder’s, or unreleased', () => {
    expect(remoteVersions()).toEqual({
      mf_catalog: '0.1.0-abcdef0123',
      mf_auth: '0.1.0-1111111111',
      mf_account: 'unreleased',
    });
  });

  it('tells a chunk error as a chunk, another load error as a load, and one error once', () => {
    const chunk = Object.assign(new Error('Loading chunk 732 failed.'), { name: 'ChunkLoadError' });
    tellRemoteFailure('mf_catalog', './SearchButton', chunk);
    tellRemoteFailure('mf_catalog', './SearchButton', chunk, 'render'); // the boundary hears it again
    tellRemoteFailure('mf_auth', './AuthModals', new Error('[ Federation Runtime ]: RUNTIME-003 manifest'));
    expect(failures).toEqual([
      { remote: 'mf_catalog', version: '0.1.0-abcdef0123', kind: 'chunk', module: './SearchButton' },
      { remote: 'mf_auth', version: '0.1.0-1111111111', kind: 'load', module: './AuthModals' },
    ]);
  });
});
