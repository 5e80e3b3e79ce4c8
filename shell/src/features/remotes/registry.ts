import { getInstance } from '@module-federation/enhanced/runtime';
import { DEPLOYMENT_META_NAME, REMOTES_MAP_ELEMENT_ID } from './element';
import { setPageRemotes, tellRemoteFailure } from './failures';
import { answerRemotes, integrityPlugin, pinRemotes, watchRefusals } from './integrity';
import { manifests, parseRemotesMap, type RemotesMap } from './remotesMap';
import type { ExposedName, RemoteModules, RemoteName } from './types';

const REMOTES_MAP_URL = '/remotes.json';

let registration: Promise<RemotesMap> | null = null;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

/** The map the shell's server put into the page; a page served without it fetches /remotes.json. */
function inlineRemotesMap(): RemotesMap | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(REMOTES_MAP_ELEMENT_ID);
  return element?.textContent ? parseRemotesMap(element.textContent) : null;
}

/** The deployment the page was served with, when its HTML names it. */
function pageDeployment(): string | null {
  if (typeof document === 'undefined') return null;
  const named = document.querySelector(`meta[name="${DEPLOYMENT_META_NAME}"]`)?.getAttribute('content') ?? '';
  return /^\d{1,15}$/.test(named) ? named : null;
}

async function fetchRemotesMap(): Promise<RemotesMap> {
  const inline = inlineRemotesMap();
  if (inline) return inline;
  // the map of the page's own deployment, so that a move since the page was served does not mix two; one
  // the server no longer knows gives way to the live map
  const named = pageDeployment();
  let response = await fetch(named ? `${REMOTES_MAP_URL}?deployment=${named}` : REMOTES_MAP_URL, { cache: 'no-cache' });
  if (named && response.status === 404) response = await fetch(REMOTES_MAP_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
  const map = parseRemotesMap(await response.text());
  if (!map) throw new Error('remotes map: not a map of remotes');
  return map;
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
  registration ??= fetchRemotesMap()
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
