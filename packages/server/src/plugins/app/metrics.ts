/**
 * Request figures for Prometheus: every answer's latency by method, route pattern and status, and the
 * refusals of the sign-in steps by error code. The metrics themselves: metrics/metrics.ts; served on
 * the operations port (ops/server.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contractUrl } from '../../http/contract-route';
import { createMetrics, type Metrics } from '../../metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const SIGN_IN_STEPS = new Set(
  (
    [
      'authPhone',
      'login',
      'registrationApprove',
      'registrationRegister',
      'phoneCandidate',
      'phoneCandidateApprove',
    ] as const
  ).map(contractUrl),
);

export default fp(
  async (app: FastifyInstance, options: { metrics?: Metrics }) => {
    const metrics = options.metrics ?? createMetrics({ pool: () => app.db.poolStats() });
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      // the pattern, never the path: /analysis/:slug is one series, not one per analysis
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      if (status >= 400 && SIGN_IN_STEPS.has(route)) {
        metrics.signInRefusals.inc({ code: request.errorCode ?? String(status) });
      }
    });
  },
  { name: 'metrics', dependencies: ['database', 'errors'] },
);
