// What any token may read: who it is, the live deployment, an app's releases, the history of the moves.
import {
  appOf,
  APPS as apps,
  type Move,
  openDeploymentStore,
  readHistory,
  releasedVersions,
  releaseInfo,
  releasesDir,
} from '@lab/releases';
import { refusals } from '../errors';
import type { RoutePlugin } from './shared';
import { type AppParams, appParams } from './shared';

type Shown = { version: string | null; previous: (string | null)[]; canary?: ShownCanary };
type ShownCanary = { version: string; percent: number; judged: boolean; judgedSince?: string };

const stringOrNull = { type: ['string', 'null'] } as const;
const canarySchema = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    percent: { type: 'integer' },
    judged: { type: 'boolean', description: 'widened or rolled back by the canary judge' },
    judgedSince: stringOrNull,
  },
};
const liveSchema = {
  type: 'object',
  properties: {
    version: stringOrNull,
    previous: { type: 'array', items: stringOrNull, description: 'what a rollback goes back to, the last first' },
    canary: canarySchema,
  },
};

/** The live deployment keyed by app folder, with the store's version (every move raises it). */
async function deploymentNow() {
  const store = await openDeploymentStore({ releasesDir: releasesDir() });
  try {
    const { version, deployment } = await store.read();
    const remotes: Record<string, Shown> = {};
    for (const app of apps.filter((candidate) => candidate.dir !== 'shell')) {
      const live = deployment.remotes[app.name];
      if (!live) continue;
      remotes[app.dir] = {
        version: live.version,
        previous: (live.previous ?? []).map((ref) => ref?.version ?? null).reverse(),
        ...(live.canary
          ? {
              canary: {
                version: live.canary.version,
                percent: live.canary.percent,
                judged: Boolean(live.canary.judged),
                ...(live.canary.judged?.since ? { judgedSince: live.canary.judged.since } : {}),
              },
            }
          : {}),
      };
    }
    const shell = deployment.shell
      ? { version: deployment.shell.version, previous: [...(deployment.shell.previous ?? [])].reverse() }
      : null;
    return { version, store: store.kind, apps: apps.map((app) => app.dir), shell, remotes };
  } finally {
    await store.close();
  }
}

/** One move as the API shows it. */
function moveOf(move: Move) {
  return {
    at: move.at,
    by: move.by ?? null,
    ...(move.tokenId ? { tokenId: move.tokenId } : {}),
    app: move.app ?? null,
    action: move.action,
    from: move.from ?? null,
    to: move.version ?? null,
    ...(move.percent !== undefined ? { share: move.percent } : {}),
    ...(move.fromPercent !== undefined ? { fromShare: move.fromPercent } : {}),
    ...(move.canaryEnded ? { canaryEnded: true } : {}),
    ...(move.reason ? { reason: move.reason } : {}),
    deployment: move.deployment,
  };
}

const reads: RoutePlugin = async (app) => {
  app.get(
    '/v1/whoami',
    {
      schema: {
        summary: 'The token’s team, name and scope',
        response: {
          200: {
            type: 'object',
            properties: {
              tokenId: { type: 'string' },
              team: { type: 'string' },
              name: { type: 'string' },
              apps: { type: 'array', items: { type: 'string' }, description: 'app folders, or ["*"]: the platform' },
            },
          },
          ...refusals,
        },
      },
    },
    async (request) => request.deployer?.token,
  );

  app.get(
    '/v1/deployment',
    {
      schema: {
        summary: 'What is live: each app’s release, its canary, what a rollback goes back to',
        response: {
          200: {
            type: 'object',
            properties: {
              version: { type: 'integer', description: 'raised by every move' },
              store: { type: 'string', enum: ['file', 'postgres'] },
              apps: { type: 'array', items: { type: 'string' }, description: 'every app the site composes' },
              shell: { anyOf: [{ type: 'null' }, liveSchema] },
              remotes: { type: 'object', additionalProperties: liveSchema },
            },
          },
          ...refusals,
        },
      },
    },
    async () => deploymentNow(),
  );

  app.get<{ Params: AppParams }>(
    '/v1/apps/:app/releases',
    {
      schema: {
        summary: 'The app’s releases, newest first',
        params: appParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                version: { type: 'string' },
                packageVersion: stringOrNull,
                commit: stringOrNull,
                builtAt: { type: 'string' },
              },
            },
          },
          ...refusals,
        },
      },
    },
    async (request) => {
      const target = appOf(request.params.app);
      const versions = await releasedVersions(target);
      return Promise.all(versions.reverse().map((version) => releaseInfo(target, version)));
    },
  );

  app.get<{ Querystring: { app?: string; limit: number } }>(
    '/v1/history',
    {
      schema: {
        summary: 'The moves, newest first: who, when, from and to which release, why',
        querystring: {
          type: 'object',
          properties: {
            app: appParams.properties.app,
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
          },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                at: { type: 'string' },
                by: stringOrNull,
                tokenId: { type: 'string' },
                app: stringOrNull,
                action: { type: 'string', description: 'promote, canary, widen, rollback, seed' },
                from: { type: ['string', 'integer', 'null'] },
                to: stringOrNull,
                share: { type: 'integer' },
                fromShare: { type: 'integer' },
                canaryEnded: { type: 'boolean' },
                reason: { type: 'string' },
                deployment: { type: 'integer' },
              },
            },
          },
          ...refusals,
        },
      },
    },
    async (request) => {
      const { app: only, limit } = request.query;
      return (await readHistory())
        .filter((move) => !only || move.app === only)
        .reverse()
        .slice(0, limit)
        .map(moveOf);
    },
  );
};

export default reads;
