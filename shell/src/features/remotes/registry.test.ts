import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTES_MAP_ELEMENT_ID } from './element';
import { loadExposed } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const ProfileMenu = () => null;

describe('loadExposed', () => {
  beforeEach(() => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = REMOTES_MAP_ELEMENT_ID;
    element.textContent = JSON.stringify({ mf_account: { manifest: 'http://localhost:3003/mf-manifest.json' } });
    document.body.append(element);
  });

  it("hands a module over once its texts in the page's language are there", async () => {
    let textsArrived: () => void = () => {};
    const textsReady = new Promise<void>((resolve) => {
      textsArrived = resolve;
    });
    jest.mocked(getInstance).mockReturnValue({
      registerRemotes: jest.fn(),
      registerPlugins: jest.fn(),
      loadRemote: jest.fn(async () => ({ default: ProfileMenu, textsReady })),
    } as unknown as ReturnType<typeof getInstance>);

    let loaded: unknown;
    const loading = loadExposed('mf_account', 'ProfileMenu').then((module) => {
      loaded = module;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loaded).toBeUndefined();
    textsArrived();
    await loading;
    expect(loaded).toMatchObject({ default: ProfileMenu });
  });
});
