/**
 * The owner's results links (docs/product.md#roles: "Sharing results may be unavailable until permitted in
 * settings"): make one for an order of theirs (their own or a ward's) for 1, 7 or 30 days, list them
 * with when each was last opened, revoke one; the setting that turns sharing on and off. Another user's
 * order or link answers 404 exactly like one that does not exist. A doctor opens a link with its code
 * into the doctor's view. Every change is written to the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken, tokenHash } from '../../../auth/crypto';
import { generateShareCode, openShare, shareCodeHash } from '../../../auth/share-access';
import { AppError, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { clientOf, requireUser } from '../../../plugins/app/auth';
import type { AuditEvent } from '../../../repositories/audit';

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const audit = async (
    request: FastifyRequest,
    event: AuditEvent,
    subjectId: string | number,
    found = true,
  ): Promise<void> => {
    const client = clientOf(request);
    await app.repos.audit.record({
      event,
      outcome: found ? 'success' : 'failure',
      userId: requireUser(request).userId,
      subjectId,
      reason: found ? null : 'not-found',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  };

  contractRoute(app, 'resultShareCreate', async (request) => {
    const user = requireUser(request);
    const { registryId: id } = request.body;
    const { shares } = app.repos;
    if (!(await shares.owns(user.userId, id))) {
      await audit(request, 'results-share-create', id, false);
      throw notFound('registry-not-found');
    }
    if (!(await shares.sharingEnabled(user.userId))) {
      throw new AppError(403, 'sharing-unavailable', 'sharing-unavailable');
    }
    const token = randomToken(32);
    const code = generateShareCode();
    const share = await shares.create(
      { ownerUserId: user.userId, registryId: id, days: request.body.days, tokenHash: tokenHash(token) },
      (shareId) => shareCodeHash(app.config.auth.secret, shareId, code),
      request.locale,
    );
    await audit(request, 'results-share-create', `share:${share.id}/registry:${id}`);
    return { share, token, code };
  });

  contractRoute(app, 'resultSharesList', async (request) => {
    const user = requireUser(request);
    const [enabled, shares] = await Promise.all([
      app.repos.shares.sharingEnabled(user.userId),
      app.repos.shares.list(user.userId, request.locale),
    ]);
    return { enabled, shares };
  });

  contractRoute(app, 'resultShareRevoke', async (request) => {
    const user = requireUser(request);
    const share = await app.repos.shares.revoke(user.userId, request.params.id, request.locale);
    await audit(request, 'results-share-revoke', `share:${request.params.id}`, share !== null);
    if (!share) throw new AppError(404, 'not-found', 'share-not-found');
    return share;
  });

  contractRoute(app, 'sharingSettings', async (request) => ({
    enabled: await app.repos.shares.sharingEnabled(requireUser(request).userId),
  }));

  contractRoute(app, 'sharingSettingsUpdate', async (request) => {
    const enabled = await app.repos.shares.setSharing(requireUser(request).userId, request.body.enabled);
    await audit(request, 'results-sharing-settings', `results-sharing:${enabled ? 'on' : 'off'}`);
    return { enabled };
  });

  // a doctor signed in: the code opens the order in the doctor's view (/account/patients/{id}/results/{id})
  contractRoute(app, 'sharedResultsDoctor', async (request) => {
    const user = requireUser(request);
    if (user.doctorId === null) throw new AppError(403, 'forbidden', 'share-doctors-only');
    const share = await openShare(
      app,
      request,
      request.params.token,
      request.body.code,
      'shared-results-doctor',
      user.userId,
    );
    await app.repos.shares.takeForDoctor(share.id, user.doctorId);
    return { patientId: share.patientId, registryId: share.registryId, expiresAt: share.expiresAt };
  });
}
