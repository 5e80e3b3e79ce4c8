/**
 * /api/public/auth, /login, /patient/patients/registration/{id}/...: sign-in by phone and registration
 * (docs/product.md#sign-in; the flow itself is in auth/sign-in.ts).
 */
import type { FastifyInstance } from 'fastify';
import { approveRegistration, login, register, startSignIn } from '../../../auth/sign-in';
import { contractRoute } from '../../../http/contract-route';

export default async function signInRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'authPhone', async (request) => startSignIn(app, request, request.body.phone));

  contractRoute(app, 'login', async (request, reply) =>
    login(app, request, reply, request.body.phone, request.body.password),
  );

  contractRoute(app, 'registrationApprove', async (request) =>
    approveRegistration(app, request, request.params.id, request.body.code),
  );

  contractRoute(app, 'registrationRegister', async (request) => register(app, request.params.id, request.body));
}
