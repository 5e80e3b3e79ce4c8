import { getInstance } from '@module-federation/enhanced/runtime';
import { DEPLOYMENT_META_NAME } from './element';
import { registerRemotesOnce } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

// a page served without the remotes map inline (one file per scenario: the registry reads the map once)
describe('a page whose HTML names its deployment but carries no remotes map', () => {
  it('asks /remotes.json for that deployment’s map, and for the live one when the server no longer knows it', async () => {
    const meta = document.createElement('meta');
    meta.name = DEPLOYMENT_META_NAME;
    meta.content = '12';
    document.head.append(meta);
    const registerRemotes = jest.fn();
    jest
      .mocked(getInstance)
      .mockReturnValue({ registerRemotes, registerPlugins: jest.fn() } as unknown as ReturnType<typeof getInstance>);
    const map = { mf_catalog: { manifest: 'http://localhost:3001/mf-manifest.json', deployment: 11 } };
    const asked: string[] = [];
    // jsdom has no Response: the two fields the registry reads
    const answer = (status: number, body: unknown) => ({
      ok: status === 200,
      status,
      text: async () => JSON.stringify(body),
    });
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return String(url).includes('deployment=') ? answer(404, { code: 'unknown-deployment' }) : answer(200, map);
    }) as unknown as typeof fetch;
    await expect(registerRemotesOnce()).resolves.toEqual(map);
    expect(asked).toEqual(['/remotes.json?deployment=12', '/remotes.json']);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_catalog', entry: map.mf_catalog.manifest }]);
  });
});
