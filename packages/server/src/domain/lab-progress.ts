/**
 * The development lab clock (never in production): moves registered, paid (or pay-at-branch) orders one
 * step along the display states of docs/product.md#orders on each call:
 *
 *   pay at the branch:  waiting-at-branch -> paid-at-branch -> awaiting-results -> results-ready
 *   paid online:        paid -> awaiting-results -> results-ready
 *
 * and writes plausible results (with reference ranges, some out of range) at the last step, telling the
 * patient as the laboratory's own results do (domain/notifications.ts). Called by
 * `POST /api/dev/clock/advance` and, in development, by a timer in server.ts. Unless an order is named,
 * the demo accounts' orders keep the states the seed gave them.
 */
import type { FastifyInstance } from 'fastify';
import { writeResults } from './lab-results';
import { enqueueResultsNotice } from './notifications';
import { isOnlinePayment } from './order-pricing';

interface Candidate {
  id: string;
  registryId: number;
  paymentType: string;
  paidAt: string | null;
  paidAtBranchAt: string | null;
  labStatus: 'new' | 'sampled';
  sex: 'male' | 'female' | null;
}

/** Moves each eligible order (or the one named) a step on; answers how many moved. */
export async function advanceOrders(app: FastifyInstance, options: { orderId: string | null }): Promise<number> {
  const candidates = await app.db.query<Candidate>(
    `SELECT o.id, r.id AS "registryId", o.payment_type AS "paymentType", o.paid_at AS "paidAt",
            o.paid_at_branch_at AS "paidAtBranchAt", o.lab_status AS "labStatus", g.code AS sex
       FROM orders o JOIN registries r ON r.order_id = o.id
       JOIN patients p ON p.id = o.patient_id LEFT JOIN genders g ON g.id = p.gender_id
      WHERE o.lab_status <> 'ready' AND ($1::uuid IS NULL OR o.id = $1::uuid)
        -- the demo accounts' orders keep their states (each display state to see, a pending order for
        -- npm run demo:lis) unless one is named
        AND ($1::uuid IS NOT NULL OR o.utm_source IS DISTINCT FROM 'demo')
      ORDER BY o.created_at LIMIT 500`,
    [options.orderId],
  );
  let moved = 0;
  for (const order of candidates) {
    const online = isOnlinePayment(order.paymentType);
    if (online && order.paidAt === null) continue; // waits for its payment
    const at = app.clock().toISOString();
    await app.db.transaction(async (tx) => {
      if (!online && order.paidAtBranchAt === null) {
        await tx.query('UPDATE orders SET paid_at_branch_at = $2::timestamptz, updated_at = now() WHERE id = $1', [
          order.id,
          at,
        ]);
      } else if (order.labStatus === 'new') {
        await tx.query(
          `UPDATE orders SET lab_status = 'sampled', sampled_at = $2::timestamptz, updated_at = now() WHERE id = $1`,
          [order.id, at],
        );
      } else {
        await writeResults(tx, order.registryId, order.id, order.sex);
        await tx.query(
          `UPDATE orders SET lab_status = 'ready', results_ready_at = $2::timestamptz, updated_at = now() WHERE id = $1`,
          [order.id, at],
        );
        await enqueueResultsNotice(tx, app.config.results, app.clock, {
          orderId: order.id,
          kind: 'results-ready',
          change: 0,
        });
      }
    });
    moved += 1;
  }
  return moved;
}
