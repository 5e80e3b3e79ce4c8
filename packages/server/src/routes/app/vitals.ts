/**
 * POST /api/app/vitals: a page view's web vitals and remote failures, sent by the shell with
 * navigator.sendBeacon when the page is hidden. Strict: the contract's schema (400 and nothing stored),
 * 8 KB at most (413), a few beacons per client address per minute (429, counted in the database so that
 * every API instance enforces one limit).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { contractRoute } from '../../http/contract-route';

export const VITALS_BODY_LIMIT = 8 * 1024;

export default async function vitalsRoutes(app: FastifyInstance): Promise<void> {
  // stored or refused (the schema, the size or the limit: the error handler answers, this counts); the
  // hook belongs to this plugin's one route
  app.addHook('onResponse', async (_request, reply) => {
    app.metrics.vitalsBeacons.inc({ outcome: reply.statusCode === 200 ? 'stored' : 'refused' });
  });

  contractRoute(
    app,
    'vitals',
    async (request) => {
      const within = await app.repos.auth.hit(`vitals:ip:${request.ip}`, app.config.vitalsPerIpPerMinute, 60);
      if (!within)
        throw new AppError(429, 'rate-limited', 'rate-limited', undefined, undefined, { 'retry-after': '60' });
      await app.repos.vitals.record(request.body.pageViewId, request.body);
      return { ok: true };
    },
    { bodyLimit: VITALS_BODY_LIMIT },
  );
}
