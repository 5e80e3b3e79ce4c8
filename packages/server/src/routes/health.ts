/**
 * Liveness and readiness, for a load balancer, an orchestrator and `npm start`:
 *  - GET /api/health: 200 while the process runs and its event loop answers (restart it when not);
 *  - GET /api/ready: 200 when the database answers within two seconds and every migration this build
 *    knows is applied; otherwise 503 with the error body and a `reason` (send it no traffic meanwhile).
 * Neither counts against the rate limit. While the server shuts down, Fastify answers 503 itself.
 */
import { ErrorBody } from '@lab/api/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database';
import { loadMigrations } from '../db/migrate';
import { translate } from '../i18n/messages';

const READY_TIMEOUT_MS = 2000;

const Health = Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() });
const Ready = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  migrations: Type.Integer(),
});
const NotReady = Type.Object({
  code: Type.Literal('not-ready'),
  message: Type.String(),
  reason: Type.String(),
  requestId: Type.String(),
});

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref());

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expected = loadMigrations().map((migration) => migration.version);
  const operations = { tags: ['operations'], security: [] };

  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        ...operations,
        operationId: 'health',
        summary: 'Is the process alive',
        response: { 200: Health, '4xx': ErrorBody },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  /** Why the server should get no traffic now, or null when it may. */
  async function notReadyBecause(): Promise<string | null> {
    try {
      const rows = await Promise.race([
        app.db.query<{ version: number }>('SELECT version FROM schema_migrations'),
        timeout(READY_TIMEOUT_MS),
      ]);
      const applied = new Set(rows.map((row) => row.version));
      const pending = expected.filter((version) => !applied.has(version));
      return pending.length > 0 ? `migrations not applied: ${pending.join(', ')}` : null;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      return isDatabaseUnavailable(error) || text.startsWith('no answer')
        ? `database unavailable: ${text}`
        : `database check failed: ${text}`;
    }
  }

  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: {
        ...operations,
        operationId: 'ready',
        summary: 'May the server take traffic: the database answers, migrations applied',
        response: { 200: Ready, '4xx': ErrorBody, 503: NotReady },
      },
    },
    async (request, reply) => {
      const reason = await notReadyBecause();
      if (reason === null) return { status: 'ready' as const, database: app.db.dialect, migrations: expected.length };
      request.log.warn({ reason }, 'not ready');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: 'not-ready', message: translate('not-ready', request.locale), reason, requestId: request.id });
    },
  );
}
