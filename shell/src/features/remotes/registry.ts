import { getInstance } from '@module-federation/enhanced/runtime';
import type { ExposedName, RemoteModules, RemoteName } from './types';

/** name -> mf-manifest.json URL, served next to index.html and replaceable per deployment. */
export type RemotesMap = Record<string, string>;

const REMOTES_MAP_URL = '/remotes.json';

let registration: Promise<RemotesMap> | null = null;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

async function fetchRemotesMap(): Promise<RemotesMap> {
  const response = await fetch(REMOTES_MAP_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
  return (await response.json()) as RemotesMap;
}

/** Reads the remotes map once per page and registers every remote with the federation runtime. */
export function registerRemotesOnce(): Promise<RemotesMap> {
  registration ??= fetchRemotesMap()
    .then((map) => {
      federation().registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
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
  const map = await registerRemotesOnce();
  const entry = map[remote];
  if (!entry) throw new Error(`remote ${remote} is not in the remotes map`);
  if (afterFailure) federation().registerRemotes([{ name: remote, entry }], { force: true });
  const loaded = await federation().loadRemote<RemoteModules[R][M]>(`${remote}/${module}`);
  if (!loaded) throw new Error(`remote ${remote} did not provide ${module}`);
  return loaded;
}
