import { getInstance } from '@module-federation/enhanced/runtime';
import { setPageRemotes, tellRemoteFailure } from './failures';
import { answerRemotes, integrityPlugin, pinRemotes, watchRefusals } from './integrity';
import { pageRemotesMap } from './pageRemotes';
import { manifests, type RemotesMap } from './remotesMap';
import type { ExposedName, RemoteModules, RemoteName } from './types';

let registration: Promise<RemotesMap> | null = null;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

let guarded = false;

/** Loads the deployment's pinned remotes only with their digests (integrity.ts), from here on. */
function guardIntegrity(map: RemotesMap): void {
  pinRemotes(map);
  if (guarded) return;
  guarded = true;
  federation().registerPlugins([integrityPlugin()]);
  answerRemotes();
  if (typeof window !== 'undefined') watchRefusals(window);
}

/** Reads the remotes map once per page and registers every remote with the federation runtime. */
export function registerRemotesOnce(): Promise<RemotesMap> {
  registration ??= pageRemotesMap()
    .then((map) => {
      guardIntegrity(map);
      federation().registerRemotes(Object.entries(manifests(map)).map(([name, entry]) => ({ name, entry })));
      setPageRemotes(map);
      return map;
    })
    .catch((error: unknown) => {
      registration = null; // a failed map read is retried by the next slot that asks
      throw error;
    });
  return registration;
}

/**
 * Loads one exposed module. After a failure the remote is registered again with `force`, which
 * drops the runtime's cached (failed) entry so that a retry really fetches again.
 */
export async function loadExposed<R extends RemoteName, M extends ExposedName<R>>(
  remote: R,
  module: M,
  afterFailure = false,
): Promise<RemoteModules[R][M]> {
  try {
    const map = await registerRemotesOnce();
    const entry = manifests(map)[remote];
    if (!entry) throw new Error(`remote ${remote} is not in the remotes map`);
    if (afterFailure) federation().registerRemotes([{ name: remote, entry }], { force: true });
    const loaded = await federation().loadRemote<RemoteModules[R][M]>(`${remote}/${module}`);
    if (!loaded) throw new Error(`remote ${remote} did not provide ${module}`);
    // an exposed module names when its texts in the page's language are there (@lab/i18n
    // registerNamespace): it renders in that language from its first frame
    const { textsReady } = loaded as { textsReady?: unknown };
    if (textsReady instanceof Promise) await textsReady;
    return loaded;
  } catch (error) {
    tellRemoteFailure(remote, module, error);
    throw error;
  }
}
