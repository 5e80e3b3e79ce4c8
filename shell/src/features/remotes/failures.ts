// The page's remote failures as real-user monitoring hears them: which release of which remote failed,
// how (its manifest or entry refused, a chunk not loaded, or its component threw) and where. Told where
// they happen: a load in registry.ts, a page's chunk or a render in the slot's boundary; once per error.
import { integrityVerdict } from './integrity';
import { type RemotesMap, versionOf, versionsOf } from './remotesMap';

/** `integrity`: a file's bytes were not the released ones, or it had no digest (integrity.ts). */
export type RemoteFailure = {
  remote: string;
  version: string;
  kind: 'load' | 'chunk' | 'render' | 'integrity';
  module: string;
};

const listeners = new Set<(failure: RemoteFailure) => void>();
/** A load failure reaches the slot's error boundary too: it is told once. */
const told = new WeakSet<object>();
/** The map as registered: which release of each remote this page runs. */
let pageRemotes: RemotesMap = {};

export function setPageRemotes(map: RemotesMap): void {
  pageRemotes = map;
}

/** The release of every remote the page registered, by name (empty until the map is read). */
export const remoteVersions = (): Record<string, string> => versionsOf(pageRemotes);

/** Listens to every remote failure of this page; returns the unsubscribe. */
export function onRemoteFailure(listener: (failure: RemoteFailure) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isChunkError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (?:CSS )?chunk/i.test(error.message));

/**
 * Tells the listeners of a failure once per error: a file refused for its bytes, a chunk's, or else
 * `otherwise` ('load' while loading). A refusal being checked is told once the check is done.
 */
export function tellRemoteFailure(
  remote: string,
  module: string,
  error: unknown,
  otherwise: Exclude<RemoteFailure['kind'], 'chunk' | 'integrity'> = 'load',
): void {
  if (typeof error === 'object' && error !== null) {
    if (told.has(error)) return;
    told.add(error);
  }
  const version = versionOf(pageRemotes[remote]);
  const tell = (integrity: boolean) => {
    const kind = integrity ? 'integrity' : isChunkError(error) ? 'chunk' : otherwise;
    for (const listener of listeners) listener({ remote, version, kind, module });
  };
  const verdict = integrityVerdict(error);
  if (verdict === null) tell(false);
  else
    void verdict.then(tell, () => {
      tell(false);
    });
}
