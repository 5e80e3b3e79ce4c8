/** Online payments of orders: one row per attempt; a callback's nonce is accepted once. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';
import type { PaymentStatus } from '../domain/order-state';

export interface PaymentRow {
  id: string;
  orderId: string;
  registryId: number;
  userId: number;
  orderNumber: string;
  provider: string;
  amount: number;
  status: PaymentStatus;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
}

export type CallbackOutcome = 'accepted' | 'replayed' | 'not-pending';

export function createPaymentsRepository(db: Queryable, clock: Clock) {
  const now = () => clock().toISOString();
  return {
    /** A new pending payment of the order's current total; earlier pending ones are cancelled. */
    async create(input: {
      orderId: string;
      registryId: number;
      provider: string;
      amount: number;
      ttlMinutes: number;
    }): Promise<string> {
      const at = clock();
      await db.query(
        `UPDATE payments SET status = 'cancelled', completed_at = $2::timestamptz
          WHERE order_id = $1 AND status = 'pending'`,
        [input.orderId, at.toISOString()],
      );
      const id = randomUUID();
      await db.query(
        `INSERT INTO payments (id, order_id, registry_id, provider, amount, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6::timestamptz, $7::timestamptz)`,
        [
          id,
          input.orderId,
          input.registryId,
          input.provider,
          input.amount,
          at.toISOString(),
          new Date(at.getTime() + input.ttlMinutes * 60_000).toISOString(),
        ],
      );
      return id;
    },

    async cancelPending(orderId: string): Promise<void> {
      await db.query(
        `UPDATE payments SET status = 'cancelled', completed_at = $2::timestamptz WHERE order_id = $1 AND status = 'pending'`,
        [orderId, now()],
      );
    },

    async get(id: string): Promise<PaymentRow | null> {
      return db.maybeOne<PaymentRow>(
        `SELECT p.id, p.order_id AS "orderId", p.registry_id AS "registryId", o.user_id AS "userId",
                o.number AS "orderNumber", p.provider, p.amount, p.status, p.created_at AS "createdAt",
                p.expires_at AS "expiresAt", p.completed_at AS "completedAt"
           FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1`,
        [id],
      );
    },

    /**
     * A verified callback: records its nonce (a second use is a replay), then settles the pending payment
     * and, when it succeeded, marks the order paid. Run it in a transaction.
     */
    async settle(paymentId: string, nonce: string, succeeded: boolean): Promise<CallbackOutcome> {
      const at = now();
      const fresh = await db.maybeOne(
        `INSERT INTO payment_callbacks (nonce, payment_id, received_at) VALUES ($1, $2, $3::timestamptz)
         ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
        [nonce, paymentId, at],
      );
      if (!fresh) return 'replayed';
      // the order's lock first, as every payment action takes it (no deadlock with a payment starting);
      // a success for an order paid meanwhile is refused (one successful payment per order)
      const order = await db.maybeOne<{ paid: boolean }>(
        `SELECT o.paid_at IS NOT NULL AS paid FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.id = $1 FOR UPDATE OF o`,
        [paymentId],
      );
      if (!order || (succeeded && order.paid)) return 'not-pending';
      const payment = await db.maybeOne<{ orderId: string }>(
        `UPDATE payments SET status = $2, completed_at = $3::timestamptz
          WHERE id = $1 AND status = 'pending' RETURNING order_id AS "orderId"`,
        [paymentId, succeeded ? 'succeeded' : 'declined', at],
      );
      if (!payment) return 'not-pending';
      if (succeeded) {
        await db.query(`UPDATE orders SET paid_at = $2::timestamptz, updated_at = now() WHERE id = $1`, [
          payment.orderId,
          at,
        ]);
      }
      return 'accepted';
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
