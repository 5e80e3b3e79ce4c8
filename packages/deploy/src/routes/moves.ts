// The moves: promote, canary, widen, roll back. Each is the release domain's own (the gate, the compare-and-
// swap), recorded as the token's team/name with its id; only a token scoped to the app may make it.
import { appOf, openDeploymentStore, promote, ReleaseError, releasesDir, rollback, widenCanary } from '@lab/releases';
import type { FastifyInstance } from 'fastify';
import { refusals } from '../errors';
import type { RoutePlugin } from './shared';
import { type AppParams, appParams, moverOf, refuse, versionSchema } from './shared';

const share = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const reason = { type: 'string', maxLength: 500, description: 'recorded in the history' };

const moved = {
  200: {
    type: 'object',
    properties: {
      app: { type: 'string' },
      version: { type: ['string', 'null'], description: 'live (or the canary’s) after the move' },
      from: { type: ['string', 'null'], description: 'live before it (null: the app’s build)' },
      share: { type: 'integer' },
      deployment: { type: 'integer', description: 'the deployment the move made' },
    },
  },
  404: { $ref: 'DeployError#' },
  409: { $ref: 'DeployError#' },
  422: { $ref: 'DeployError#' },
  ...refusals,
};

/** A move's body, as its schema lets through. */
type MoveBody = { version?: string; canary?: number; share?: number; reason?: string };
/** What a move answers with, before it is shown. */
type MoveResult = {
  version?: string | null;
  from?: string | null;
  canary?: number;
  percent?: number;
  deployment: number;
};

/** A move's route: `body` its body's properties, `move` makes it and returns its result. */
function moveRoute(
  app: FastifyInstance,
  path: string,
  {
    summary,
    body,
    required = [],
    move,
  }: {
    summary: string;
    body: Record<string, unknown>;
    required?: string[];
    move: (target: string, body: MoveBody, who: { by: string; tokenId: string }) => Promise<MoveResult>;
  },
): void {
  app.post<{ Params: AppParams; Body: MoveBody }>(
    `/v1/apps/:app/${path}`,
    {
      config: { access: 'move' },
      // a move without options may come without a body (curl -X POST)
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary,
        params: appParams,
        body: { type: 'object', required, additionalProperties: false, properties: { ...body, reason } },
        response: moved,
      },
    },
    async (request, reply) => {
      try {
        const result = await move(request.params.app, request.body ?? {}, moverOf(request));
        return {
          app: request.params.app,
          version: result.version ?? null,
          from: result.from ?? null,
          ...(result.canary !== undefined ? { share: result.canary } : {}),
          ...(result.percent !== undefined ? { share: result.percent } : {}),
          deployment: result.deployment,
        };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
}

/** The canary running for `app` now and the release live under it, or a refusal. */
async function canaryOf(target: string) {
  const store = await openDeploymentStore({ releasesDir: releasesDir() });
  try {
    const live = (await store.read()).deployment.remotes[appOf(target).name];
    if (!live?.canary) throw new ReleaseError(`${target} runs no canary to widen`);
    return { canary: live.canary, stable: live.version };
  } finally {
    await store.close();
  }
}

const moves: RoutePlugin = async (app) => {
  moveRoute(app, 'promote', {
    summary: 'Promote a release for every visitor, or for a canary share nobody judges',
    body: { version: versionSchema, canary: share(1, 99) },
    required: ['version'],
    move: (target, { version, canary, reason: why }, who) =>
      promote(target, version as string, { ...(canary === undefined ? {} : { canary }), ...reasonOf(why), ...who }),
  });
  moveRoute(app, 'canary', {
    summary: 'Start a canary the canary judge widens (10 → 50 → 100) or rolls back by its rules',
    body: { version: versionSchema, share: share(1, 99) },
    required: ['version', 'share'],
    move: (target, { version, share: percent, reason: why }, who) =>
      promote(target, version as string, { canary: percent as number, judged: true, ...reasonOf(why), ...who }),
  });
  moveRoute(app, 'widen', {
    summary: 'Widen the running canary to a larger share; 100 promotes it',
    body: { share: share(2, 100) },
    required: ['share'],
    move: async (target, { share: percent, reason: why }, who) => {
      const { canary, stable } = await canaryOf(target);
      if (percent === 100) {
        const result = await promote(target, canary.version, { ifCanary: true, ...reasonOf(why), ...who });
        return { ...result, percent: 100 };
      }
      const result = await widenCanary(target, canary.version, percent as number, { ...reasonOf(why), ...who });
      return { ...result, from: stable };
    },
  });
  moveRoute(app, 'rollback', {
    summary: 'End the canary, or go back to the release live before the last promotion',
    body: {},
    move: (target, { reason: why }, who) => rollback(target, { ...reasonOf(why), ...who }),
  });
};

const reasonOf = (reason: string | undefined) => (reason === undefined ? {} : { reason });

export default moves;
