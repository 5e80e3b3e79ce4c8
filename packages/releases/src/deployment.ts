// What is live: which release of the shell serves the pages, and which release of each remote a visitor
// loads, a canary share of visitors getting another one, numbered by the deployment's version (every move
// raises it by one). One shape for the store that keeps it, the moves that change it, the shell's server
// that follows it and the deploy API that answers it.

/**
 * The digests a deployment pins for a remote's release: its manifest's and its entry's (the browser's
 * chain: the manifest lists its other files' digests, the entry its chunks'), and its server module's
 * (`server/pages.js`: the shell's server checks it before its sandbox runs it).
 */
export type RemoteIntegrity = { manifest: string; entry: { path: string; digest: string }; server?: string };

/** A remote's release as the deployment points at it. */
export type ReleaseRef = { version: string; manifest: string; routes: readonly string[]; integrity?: RemoteIntegrity };

/** A canary: a share of visitors on another release; `judged` when the canary judge widens or ends it. */
export type Canary = ReleaseRef & { percent: number; judged?: { since: string } };

/** A remote's live release, its canary, and the releases live before it (null: its build). */
export type LiveRemote = ReleaseRef & { canary?: Canary; previous?: (ReleaseRef | null)[] };

/** The shell's live release, and those live before it (null: its build). */
export type LiveShell = { version: string; previous?: (string | null)[] };

export type Deployment = {
  /** the deployment's version: 0 before the first move */
  version: number;
  shell: LiveShell | null;
  remotes: Record<string, LiveRemote>;
};

/** A deployment's document: what a store keeps beside the version. */
export type DeploymentDocument = Omit<Deployment, 'version'>;

export const emptyDeployment = (): Deployment => ({ version: 0, shell: null, remotes: {} });

/** A stored document as the moves read it: whatever it holds beside `shell` and `remotes` is dropped. */
export function documentOf(raw: unknown): DeploymentDocument {
  const value = (raw ?? {}) as Partial<DeploymentDocument>;
  return { shell: value.shell ?? null, remotes: value.remotes ?? {} };
}

const DIGEST = /^sha384-[A-Za-z0-9+/]{64}$/;

/** A release's digests, if the deployment pins them (a release promoted before they were recorded has none). */
function integrityOf(value: unknown): RemoteIntegrity | undefined {
  const integrity = value as RemoteIntegrity | undefined;
  if (integrity === undefined) return undefined;
  const valid =
    typeof integrity === 'object' &&
    integrity !== null &&
    DIGEST.test(String(integrity.manifest)) &&
    typeof integrity.entry?.path === 'string' &&
    DIGEST.test(String(integrity.entry.digest)) &&
    (integrity.server === undefined || DIGEST.test(String(integrity.server)));
  if (!valid) throw new Error('a release with malformed digests');
  return {
    manifest: integrity.manifest,
    entry: { path: integrity.entry.path, digest: integrity.entry.digest },
    ...(integrity.server ? { server: integrity.server } : {}),
  };
}

/** A release as the deployment names it, its digests with it. */
function refOf(entry: ReleaseRef): ReleaseRef {
  const integrity = integrityOf(entry.integrity);
  return {
    version: entry.version,
    manifest: entry.manifest,
    routes: entry.routes,
    ...(integrity ? { integrity } : {}),
  };
}

function isRef(value: unknown): value is ReleaseRef {
  const ref = value as ReleaseRef | null;
  return (
    typeof ref === 'object' &&
    ref !== null &&
    typeof ref.version === 'string' &&
    typeof ref.manifest === 'string' &&
    Array.isArray(ref.routes) &&
    ref.routes.every((route) => typeof route === 'string')
  );
}

export function parseDeployment(text: string): Deployment {
  return deploymentOf(JSON.parse(text));
}

/**
 * A deployment as a server serves it, from its stored document (the file's, or PostgreSQL's with its
 * version beside it): every release checked for its shape and digests, what a page needs only.
 */
export function deploymentOf(document: unknown, storedVersion?: number): Deployment {
  const raw = (document ?? {}) as { version?: unknown; shell?: unknown; remotes?: unknown };
  const shell = raw.shell as { version?: unknown } | null | undefined;
  const remotes: Record<string, LiveRemote> = {};
  for (const [name, entry] of Object.entries((raw.remotes ?? {}) as Record<string, unknown>)) {
    if (!isRef(entry)) throw new Error(`remote ${name}: not a release`);
    const canary = (entry as { canary?: unknown }).canary as (ReleaseRef & { percent?: unknown }) | undefined;
    const live: LiveRemote = refOf(entry);
    if (canary !== undefined) {
      if (!isRef(canary) || typeof canary.percent !== 'number') throw new Error(`remote ${name}: a bad canary`);
      live.canary = { ...refOf(canary), percent: canary.percent };
    }
    remotes[name] = live;
  }
  const version = storedVersion ?? raw.version;
  return {
    version: typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : 0,
    shell: shell && typeof shell.version === 'string' ? { version: shell.version } : null,
    remotes,
  };
}

export const hasCanary = (deployment: Deployment): boolean =>
  Object.values(deployment.remotes).some((remote) => remote.canary !== undefined);

/** One move as the history records it. */
export type Move = {
  at: string;
  /** `<team>/<name>` of a token, `operator/<name>`, `canary judge` */
  by?: string;
  tokenId?: string;
  app?: string;
  action: string;
  version?: string | null;
  from?: string | number | null;
  percent?: number;
  fromPercent?: number;
  canaryEnded?: boolean;
  judged?: boolean;
  reason?: string;
  /** the seed's file */
  file?: string;
  /** the deployment's version the move made */
  deployment?: number;
};

/** What the gate and the release store read of a build's mf-manifest.json. */
export type Manifest = {
  shared: { name: string; version?: string; requiredVersion?: string }[];
  metaData?: { remoteEntry?: { path?: string; name?: string }; buildInfo?: { buildVersion?: string } };
  /** file -> digest, for the files the federation runtime loads beside the entry */
  integrity?: Record<string, string>;
};
