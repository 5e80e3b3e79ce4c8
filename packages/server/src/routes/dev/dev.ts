/**
 * Development-only routes, never registered in production (routes/index.ts):
 *   GET  /api/dev/sms-outbox?phone=+380...   the latest SMS of the development gateway (with codes)
 *   POST /api/dev/clock/advance              moves paid orders one step on (body { orderId? })
 *   POST /api/dev/notifications/deliver      one round of the outbox's worker with its clock at `now`
 *                                            (body { now }): a reminder due tomorrow evening goes out today
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { codeOf, DevSmsGateway } from '../../auth/sms';
import { advanceOrders } from '../../domain/lab-progress';
import { deliverNotifications } from '../../domain/notifications';
import { AppError } from '../../errors';

const OutboxQuery = Type.Object({
  phone: Type.Optional(Type.String({ pattern: '^\\+380\\d{9}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
const AdvanceBody = Type.Object(
  { orderId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

const DeliverBody = Type.Object({ now: Type.String({ format: 'date-time' }) }, { additionalProperties: false });

export default async function devRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.production) throw new Error('development routes must not be registered in production');

  app.get<{ Querystring: { phone?: string; limit?: number } }>(
    '/api/dev/sms-outbox',
    { schema: { hide: true, querystring: OutboxQuery } },
    async (request, reply) => {
      if (!(app.sms instanceof DevSmsGateway)) throw new AppError(404, 'not-found', 'route-not-found');
      reply.header('cache-control', 'no-store');
      const messages = app.sms.outbox(request.query.phone, request.query.limit ?? 10);
      return messages.map((message) => ({ ...message, code: codeOf(message.text) }));
    },
  );

  app.post<{ Body: { orderId?: string } }>(
    '/api/dev/clock/advance',
    { schema: { hide: true, body: AdvanceBody } },
    async (request) => {
      const moved = await advanceOrders(app, { orderId: request.body.orderId ?? null });
      return { moved };
    },
  );

  app.post<{ Body: { now: string } }>(
    '/api/dev/notifications/deliver',
    { schema: { hide: true, body: DeliverBody } },
    async (request) => {
      const now = new Date(request.body.now);
      return deliverNotifications({
        db: app.db,
        sms: app.sms,
        clock: () => now,
        settings: app.config.results,
        log: app.log,
      });
    },
  );
}
