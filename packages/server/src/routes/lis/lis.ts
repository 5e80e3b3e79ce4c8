/**
 * /api/lis: the laboratory's information system publishes results (domain/lis-intake.ts). Every
 * request is authenticated by its system's API key (plugins/app/lis-auth.ts); each accepted or refused
 * message is counted (`lab_lis_messages_total`) and written to the audit log with the key's name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lisOrderView, publishResults } from '../../domain/lis-intake';
import { AppError } from '../../errors';
import { lisRoute } from '../../http/lis-route';
import { clientOf } from '../../plugins/app/auth';
import { requireLis } from '../../plugins/app/lis-auth';

export default async function lisRoutes(app: FastifyInstance): Promise<void> {
  const audit = async (request: FastifyRequest, subject: string, failure: string | null) => {
    const owner = requireLis(request);
    const client = clientOf(request);
    await app.repos.audit.record({
      event: 'lis-results',
      outcome: failure === null ? 'success' : 'failure',
      subjectId: subject,
      // which key of which system: the log of who published what
      reason:
        failure === null ? `${owner.systemKey}/${owner.keyName}` : `${owner.systemKey}/${owner.keyName}: ${failure}`,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  };

  lisRoute(app, 'lisOrder', async (request) => lisOrderView(app.db, requireLis(request), request.params.number));

  lisRoute(app, 'lisResults', async (request) => {
    const owner = requireLis(request);
    try {
      const { notices, ...answer } = await publishResults(
        { db: app.db, clock: app.clock, settings: app.config.results },
        owner,
        request.body,
      );
      app.metrics.lisMessages.inc({ outcome: 'accepted' });
      request.log.info(
        {
          lisSystem: owner.systemKey,
          lisKey: owner.keyName,
          order: answer.orderNumber,
          rows: answer.rows.map((row) => `${row.analyteCode}:${row.outcome}`).join(','),
          state: answer.state,
          notices,
        },
        'LIS results accepted',
      );
      await audit(request, answer.orderNumber, null);
      return answer;
    } catch (error) {
      if (error instanceof AppError) {
        app.metrics.lisMessages.inc({ outcome: error.code });
        request.log.info(
          { lisSystem: owner.systemKey, lisKey: owner.keyName, code: error.code, field: error.field },
          'LIS results refused',
        );
        await audit(request, request.body.orderNumber, error.code);
      }
      throw error;
    }
  });
}
