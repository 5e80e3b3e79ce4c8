/**
 * The routes of accounts, sign-in, orders, payments and results (issue "API server, part 2"), in one
 * place so that routes/index.ts needs a single line for them.
 */
import type { FastifyInstance } from 'fastify';
import devRoutes from './dev/dev';
import lisRoutes from './lis/lis';
import doctorRoutes from './private/doctor/doctor';
import notificationRoutes from './private/notifications';
import orderRoutes from './private/order/orders';
import patientRoutes from './private/patient/patient';
import registryRoutes from './private/results/registries';
import shareRoutes from './private/results/shares';
import sessionRoutes from './private/session/session';
import signInRoutes from './public/auth/sign-in';
import sharedResultsRoutes from './public/registry/shared';
import sandboxRoutes from './sandbox/sandbox';

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  // /api/public
  await app.register(signInRoutes);
  await app.register(sharedResultsRoutes);
  // /api/private
  await app.register(sessionRoutes);
  await app.register(patientRoutes);
  await app.register(doctorRoutes);
  await app.register(orderRoutes);
  await app.register(registryRoutes);
  await app.register(notificationRoutes);
  await app.register(shareRoutes);
  // /api/lis: the laboratory's information system publishes results
  await app.register(lisRoutes);
  // /api/sandbox: the development payment provider
  if (app.config.orders.paymentProvider === 'sandbox') await app.register(sandboxRoutes);
  // /api/dev: development only (the SMS outbox, the lab clock)
  if (!app.config.production) await app.register(devRoutes);
}
