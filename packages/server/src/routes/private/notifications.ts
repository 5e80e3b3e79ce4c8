/**
 * /api/private/user/users/self/notifications: whether the signed-in user gets an SMS when results are
 * ready (their own orders and their wards', and as a doctor their referrals). On by default; the
 * personal data page has the switch. A change is written to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../http/contract-route';
import { clientOf, requireUser } from '../../plugins/app/auth';

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'notificationSettings', async (request) => {
    const user = requireUser(request);
    const row = await app.db.one<{ resultsSms: boolean }>(
      'SELECT results_sms AS "resultsSms" FROM users WHERE id = $1',
      [user.userId],
    );
    return { resultsSms: row.resultsSms };
  });

  contractRoute(app, 'notificationSettingsUpdate', async (request) => {
    const user = requireUser(request);
    const row = await app.db.one<{ resultsSms: boolean }>(
      'UPDATE users SET results_sms = $2, updated_at = now() WHERE id = $1 RETURNING results_sms AS "resultsSms"',
      [user.userId, request.body.resultsSms],
    );
    const client = clientOf(request);
    await app.repos.audit.record({
      event: 'notification-settings',
      outcome: 'success',
      userId: user.userId,
      subjectId: `results-sms:${row.resultsSms ? 'on' : 'off'}`,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { resultsSms: row.resultsSms };
  });
}
