/** /api/private/info and /logout: whether the caller is a guest, and ending the session. */
import type { FastifyInstance } from 'fastify';
import { tokenHash } from '../../../auth/crypto';
import { contractRoute } from '../../../http/contract-route';

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  // canLogin true means guest (docs/product.md#guest-or-signed-in)
  contractRoute(app, 'sessionInfo', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = request;
    if (!user) return { canLogin: true };
    return { canLogin: false, profiles: { patient: user.patientId !== null, doctor: user.doctorId !== null } };
  });

  // revokes the session row (the token is useless from now on, wherever it was copied) and the cookie
  contractRoute(app, 'logout', async (request, reply) => {
    const token = app.sessionCookie.read(request);
    if (token) await app.repos.sessions.revoke(tokenHash(token));
    app.sessionCookie.clear(request, reply);
    return { ok: true as const };
  });
}
