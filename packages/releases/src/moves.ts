// Moves of the live pointer (docs/releases.md "Release, promote, canary, roll back"): promotion, canary,
// widening and rollback change only the pointer, after the compatibility gate (gate.ts), each by a
// compare-and-swap on its version and recorded in its history with who made it and when.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { type App, releasesDir, repositoryRoot } from './apps';
import type { DeploymentDocument, LiveRemote, Move, ReleaseRef } from './deployment';
import { openDeploymentStore } from './deploymentStore';
import { ReleaseError } from './errors';
import { gate } from './gate';
import { appOf, integrityOf, releaseOf } from './releases';

const { remotesMap } = require('@lab/config/remotes.cjs') as {
  remotesMap(env: NodeJS.ProcessEnv): Record<string, { manifest: string; routes: string[] }>;
};

/** The store the pointer lives in: PostgreSQL with DATABASE_URL, else the file. */
const openStore = () => openDeploymentStore({ releasesDir: releasesDir() });

/** The live deployment's document (its version aside). */
export async function readDeployment(): Promise<DeploymentDocument> {
  const store = await openStore();
  try {
    return (await store.read()).deployment;
  } finally {
    await store.close();
  }
}

/** The history of the moves, oldest first, each with the deployment version it made. */
export async function readHistory(): Promise<Move[]> {
  const store = await openStore();
  try {
    return await store.history();
  } finally {
    await store.close();
  }
}

function gitUser(): string | null {
  try {
    return execFileSync('git', ['config', 'user.name'], { cwd: repositoryRoot, encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Who moves: DEPLOYED_BY, else git's user.name, else the login. */
export function mover(): string {
  return process.env.DEPLOYED_BY || gitUser() || userInfo().username;
}

/** How many times a move is checked again when other apps moved meanwhile. */
const TRIES = 5;

/** Who moves and how, for every move. */
export type MoveOptions = {
  reason?: string;
  /** the history's `by` */
  by?: string;
  tokenId?: string;
  /** awaited between the check and the write (tests hold two moves there, so that both are checked against one deployment) */
  beforeSwap?: () => Promise<void>;
};

type Plan<R> = (
  deployment: DeploymentDocument,
) => Promise<{ next: DeploymentDocument; record: Omit<Move, 'at'>; result: R }>;

export type Moved<R> = R & { app: App; deployment: number };

/**
 * Moves one app's pointer. `plan` takes the deployment as it is (a copy) and returns it moved, with the
 * move's record; it runs the gate, seconds of type-checking. The result is written only if nothing moved
 * meanwhile (a compare-and-swap on the deployment's version). If something did: a move of another app
 * only, and the plan is made again on the new deployment (its gate included); a move of this app, and
 * this one is refused, naming who moved first, since it was checked against a release no longer live.
 */
async function moveApp<R>(app: App, plan: Plan<R>, options: MoveOptions): Promise<Moved<R>> {
  const { by = mover(), tokenId, beforeSwap = async () => undefined } = options;
  const store = await openStore();
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { version, deployment } = await store.read();
      const { next, record, result } = await plan(structuredClone(deployment));
      const entry: Move = {
        at: new Date().toISOString(),
        by,
        ...(tokenId ? { tokenId } : {}),
        app: app.dir,
        ...record,
      };
      await beforeSwap();
      const swapped = await store.swap(version, next, entry);
      if (swapped.ok) return { app, ...result, deployment: swapped.version };
      const first = (await store.movesSince(version)).find((move) => move.app === app.dir);
      if (first) {
        throw new ReleaseError(
          `${app.dir}: this ${record.action} was refused: ${first.by} moved ${app.dir} first ` +
            `(${first.action} of ${first.version ?? 'its build'} at ${first.at}, deployment ${first.deployment}) ` +
            `while it was being checked against deployment ${version}. Look at what is live now and run it again if it still applies.`,
          { code: 'moved-meanwhile' },
        );
      }
      if (attempt >= TRIES) {
        throw new ReleaseError(
          `${app.dir}: the deployment moved ${TRIES} times while this move was checked; run it again`,
          {
            code: 'moved-meanwhile',
          },
        );
      }
    }
  } finally {
    await store.close();
  }
}

/**
 * Where a remote's release is loaded from: the releases/ folder its origin serves beside its default
 * build (REMOTE_<NAME>_URL's origin, as for the build's remotes.json).
 */
export function manifestUrlOf(app: App, version: string): string {
  const base = remotesMap(process.env)[app.name]?.manifest;
  if (!base) throw new ReleaseError(`${app.dir} is not a remote`);
  return new URL(`releases/${encodeURIComponent(version)}/mf-manifest.json`, base).href;
}

async function refOf(app: App, version: string): Promise<ReleaseRef> {
  const { meta } = await releaseOf(app, version);
  const integrity = await integrityOf(app, version);
  return {
    version,
    manifest: manifestUrlOf(app, version),
    routes: meta.routes ?? [],
    ...(integrity ? { integrity } : {}),
  };
}

const reasonOf = (reason: string | undefined) => (reason ? { reason } : {});

/**
 * Points `app` at `version` for every visitor, or for `canary` percent of them. `judged`: the canary
 * judge widens it step by step or rolls it back by its rules; `reason` is recorded.
 */
export async function promote(
  appId: string,
  version: string,
  {
    canary,
    judged = false,
    ifCanary = false,
    ...options
  }: MoveOptions & { canary?: number; judged?: boolean; ifCanary?: boolean } = {},
): Promise<Moved<{ version: string; from: string | null; canary?: number }>> {
  const app = appOf(appId);
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 1 || canary > 99)) {
    throw new ReleaseError(`--canary takes a whole percent from 1 to 99, not ${canary}`);
  }
  if (app.dir === 'shell' && canary !== undefined) {
    throw new ReleaseError('the shell has no canary: it serves every page; canary the remotes');
  }
  const because = reasonOf(options.reason);
  return moveApp<{ version: string; from: string | null; canary?: number }>(
    app,
    async (deployment) => {
      await gate(app, version, deployment);
      if (app.dir === 'shell') {
        const from = deployment.shell?.version ?? null;
        if (from === version) throw new ReleaseError(`shell ${version} is live already`);
        await integrityOf(app, version);
        deployment.shell = { version, previous: [...(deployment.shell?.previous ?? []), from] };
        return {
          next: deployment,
          record: { action: 'promote', version, from, ...because },
          result: { version, from },
        };
      }
      const current = deployment.remotes[app.name];
      // the judge promotes the canary it judged, not a release someone else put there meanwhile
      if (ifCanary && current?.canary?.version !== version) {
        throw new ReleaseError(`${app.dir} runs no canary of ${version}`);
      }
      const ref = await refOf(app, version);
      if (canary !== undefined) {
        if (!current) {
          throw new ReleaseError(`${app.dir} has no promoted release to hold the other visitors: promote one first`);
        }
        if (current.version === version) throw new ReleaseError(`${app.dir} ${version} is live for everyone already`);
        current.canary = {
          ...ref,
          percent: canary,
          ...(judged ? { judged: { since: new Date().toISOString() } } : {}),
        };
        return {
          next: deployment,
          record: {
            action: 'canary',
            version,
            percent: canary,
            from: current.version,
            ...(judged ? { judged } : {}),
            ...because,
          },
          result: { version, from: current.version, canary },
        };
      }
      const from = current?.version ?? null;
      if (from === version && !current?.canary) throw new ReleaseError(`${app.dir} ${version} is live already`);
      const previous: (ReleaseRef | null)[] = current
        ? [
            ...(current.previous ?? []),
            {
              version: current.version,
              manifest: current.manifest,
              routes: current.routes,
              ...(current.integrity ? { integrity: current.integrity } : {}),
            },
          ]
        : [null];
      const live: LiveRemote = { ...ref, previous: from === version ? (current?.previous ?? []) : previous };
      deployment.remotes[app.name] = live;
      return { next: deployment, record: { action: 'promote', version, from, ...because }, result: { version, from } };
    },
    options,
  );
}

/**
 * Widens a judged canary to `percent` of visitors (the judge's step), if it is still the canary of
 * `version`; its window starts again.
 */
export async function widenCanary(
  appId: string,
  version: string,
  percent: number,
  options: MoveOptions = {},
): Promise<Moved<{ version: string; percent: number }>> {
  const app = appOf(appId);
  return moveApp(
    app,
    async (deployment) => {
      const live = deployment.remotes[app.name];
      const canary = live?.canary;
      if (!live || canary?.version !== version) throw new ReleaseError(`${app.dir} runs no canary of ${version}`);
      if (!Number.isInteger(percent) || percent <= canary.percent || percent > 99) {
        throw new ReleaseError(
          `${app.dir}: a canary at ${canary.percent}% is widened to a larger percent under 100, not ${percent}`,
        );
      }
      const from = canary.percent;
      canary.percent = percent;
      if (canary.judged) canary.judged = { ...canary.judged, since: new Date().toISOString() };
      return {
        next: deployment,
        record: {
          action: 'widen',
          version,
          percent,
          from: live.version,
          fromPercent: from,
          ...reasonOf(options.reason),
        },
        result: { version, percent },
      };
    },
    options,
  );
}

/** Ends a canary, or points `app` back at the release live before the last promotion. */
export async function rollback(
  appId: string,
  { canaryOf, ...options }: MoveOptions & { canaryOf?: string } = {},
): Promise<Moved<{ version: string | null; from: string }>> {
  const app = appOf(appId);
  const because = reasonOf(options.reason);
  return moveApp(
    app,
    async (deployment) => {
      if (app.dir === 'shell') {
        const shell = deployment.shell;
        if (!shell) throw new ReleaseError('the shell serves its build: there is no promotion to roll back');
        const earlier = shell.previous ?? [];
        const back = earlier.at(-1) ?? null;
        if (back) await gate(app, back, deployment);
        deployment.shell = back ? { version: back, previous: earlier.slice(0, -1) } : null;
        return {
          next: deployment,
          record: { action: 'rollback', version: back, from: shell.version, ...because },
          result: { version: back, from: shell.version },
        };
      }
      const current = deployment.remotes[app.name];
      if (!current) throw new ReleaseError(`${app.dir} serves its build: there is no promotion to roll back`);
      // the judge ends the canary it judged, never the stable release under it
      if (canaryOf !== undefined && current.canary?.version !== canaryOf) {
        throw new ReleaseError(`${app.dir} runs no canary of ${canaryOf}`);
      }
      if (current.canary) {
        const { version } = current.canary;
        delete current.canary;
        return {
          next: deployment,
          record: { action: 'rollback', version: current.version, from: version, canaryEnded: true, ...because },
          result: { version: current.version, from: version },
        };
      }
      const earlier = current.previous ?? [];
      const back = earlier.at(-1) ?? null;
      if (back) await gate(app, back.version, deployment);
      // the release gone back to is pinned by its digests again, as a promotion would
      if (back) {
        deployment.remotes[app.name] = { ...(await refOf(app, back.version)), previous: earlier.slice(0, -1) };
      } else delete deployment.remotes[app.name];
      return {
        next: deployment,
        record: { action: 'rollback', version: back?.version ?? null, from: current.version, ...because },
        result: { version: back?.version ?? null, from: current.version },
      };
    },
    options,
  );
}
