// What the routes share: the `:app` parameter, a release's version, and ReleaseError as an answer.
import { APPS as apps, type TokenStore } from '@lab/releases';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors';

/** What each route plugin is registered with. */
export type RouteOptions = { tokens: TokenStore | null };
export type RoutePlugin = FastifyPluginAsync<RouteOptions>;

export const appParams = {
  type: 'object',
  required: ['app'],
  properties: { app: { type: 'string', enum: apps.map((app) => app.dir), description: 'the app’s folder' } },
} as const;

/** The `:app` parameter, validated against appParams. */
export type AppParams = { app: string };

export const versionSchema = { type: 'string', minLength: 1, maxLength: 80, pattern: '^[0-9A-Za-z.+-]+$' } as const;

/** The status of each refusal the release domain names (ReleaseError's `code`). */
const STATUS: Record<string, number> = {
  'gate-refused': 409,
  'moved-meanwhile': 409,
  'release-unknown': 404,
  'app-unknown': 404,
  'move-refused': 422,
};

/** Answers a refusal of the release domain with its code and message (and the gate's lines); rethrows the rest. */
export function refuse(reply: FastifyReply, error: unknown): FastifyReply {
  const refusal = error as { code?: unknown; message: string; misfits?: string[] } | null;
  const status = typeof refusal?.code === 'string' ? STATUS[refusal.code] : undefined;
  if (!refusal || status === undefined) throw error;
  return reply.code(status).send({
    ...apiError(String(refusal.code), refusal.message),
    ...(refusal.misfits ? { misfits: refusal.misfits } : {}),
  });
}

/** Who a move is recorded as: the token's team and name. */
export const moverOf = (request: FastifyRequest): { by: string; tokenId: string } => {
  const caller = request.deployer?.token;
  if (!caller) throw new Error('a move reached its route without a token');
  return { by: `${caller.team}/${caller.name}`, tokenId: caller.tokenId };
};
