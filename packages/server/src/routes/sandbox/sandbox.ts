/**
 * The sandbox payment provider, served by the API itself (PAYMENT_PROVIDER=sandbox, the default outside
 * production):
 *   GET  /api/sandbox/pay/{paymentId}   the hosted payment page: order number, amount, Pay / Decline
 *   POST /api/sandbox/pay/{paymentId}   the buyer's decision (a form post); the "provider" then calls
 *                                       the API's callback, signed, and redirects the browser back to
 *                                       the site's /checkout/result?orderId=...&payment=success|failure
 *   POST /api/sandbox/callback          the provider -> API webhook: HMAC signature, freshness, amount,
 *                                       order, and a nonce used once, before the order is marked paid
 * A real provider replaces the first two and calls the third (with its own signature scheme).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../domain/receipt';
import {
  CALLBACK_MAX_AGE_MS,
  newNonce,
  type SandboxCallback,
  SIGNATURE_HEADER,
  signCallback,
  toKopecks,
  verifySignature,
} from '../../domain/sandbox-payments';
import { AppError, notFound } from '../../errors';
import { createRepositories } from '../../repositories';

const PaymentParams = Type.Object({ paymentId: Type.String({ format: 'uuid' }) });
const DecisionBody = Type.Object({ decision: Type.Union([Type.Literal('pay'), Type.Literal('decline')]) });
const CallbackBody = Type.Object(
  {
    paymentId: Type.String({ format: 'uuid' }),
    orderId: Type.String({ format: 'uuid' }),
    amount: Type.Integer({ minimum: 0 }),
    status: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
    nonce: Type.String({ minLength: 16, maxLength: 64, pattern: '^[0-9a-f]+$' }),
    timestamp: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d2433}
.card{border:1px solid #d5dae3;border-radius:12px;padding:1.5rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
button{font:inherit;padding:.7rem 1.2rem;border-radius:8px;border:0;cursor:pointer;margin-right:.5rem}
.pay{background:#1a7f37;color:#fff}.decline{background:#eef1f5;color:#1d2433}.note{color:#5b6475;font-size:.85rem;margin-top:1.5rem}</style>
</head><body>${body}</body></html>`;
}

export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.orders.paymentSecret;

  // the decision form (this plugin only)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get<{ Params: { paymentId: string } }>(
    '/api/sandbox/pay/:paymentId',
    { schema: { hide: true, params: PaymentParams } },
    async (request, reply) => {
      const payment = await app.repos.payments.get(request.params.paymentId);
      if (!payment) throw notFound('payment-not-found');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const open = payment.status === 'pending' && new Date(payment.expiresAt).getTime() > app.clock().getTime();
      const form = open
        ? `<form method="post"><button class="pay" name="decision" value="pay">Оплатити</button>` +
          `<button class="decline" name="decision" value="decline">Відхилити</button></form>`
        : `<p>Цей платіж уже оброблено або його термін минув.</p>` +
          `<p><a href="/checkout/result?orderId=${encodeURIComponent(payment.orderId)}">Повернутися до замовлення</a></p>`;
      return page(
        `Оплата замовлення № ${payment.orderNumber}`,
        `<div class="card"><h1>Оплата замовлення № ${escapeHtml(payment.orderNumber)}</h1>` +
          `<div class="amount">${escapeHtml(formatMoney(payment.amount))}</div>${form}` +
          `<p class="note">Тестова платіжна сторінка (sandbox): гроші не списуються.</p></div>`,
      );
    },
  );

  app.post<{ Params: { paymentId: string }; Body: { decision: 'pay' | 'decline' } }>(
    '/api/sandbox/pay/:paymentId',
    { schema: { hide: true, params: PaymentParams, body: DecisionBody } },
    async (request, reply) => {
      const payment = await app.repos.payments.get(request.params.paymentId);
      if (!payment) throw notFound('payment-not-found');
      const back = (result: 'success' | 'failure') =>
        reply.redirect(`/checkout/result?orderId=${encodeURIComponent(payment.orderId)}&payment=${result}`, 303);
      if (payment.status !== 'pending' || new Date(payment.expiresAt).getTime() <= app.clock().getTime()) {
        return back(payment.status === 'succeeded' ? 'success' : 'failure');
      }
      // the provider's server calls the API's webhook
      const callback: SandboxCallback = {
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: toKopecks(payment.amount),
        status: request.body.decision === 'pay' ? 'success' : 'failure',
        nonce: newNonce(),
        timestamp: app.clock().toISOString(),
      };
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/sandbox/callback',
        headers: { [SIGNATURE_HEADER]: signCallback(secret, callback) },
        payload: callback,
      });
      if (delivered.statusCode === 200) return back(callback.status === 'success' ? 'success' : 'failure');
      request.log.warn({ status: delivered.statusCode }, 'sandbox callback refused');
      // a double click: the other click's callback settled the payment first; show how it ended
      const settled = await app.repos.payments.get(payment.id);
      return back(settled?.status === 'succeeded' ? 'success' : 'failure');
    },
  );

  app.post<{ Body: SandboxCallback }>(
    '/api/sandbox/callback',
    // outside the per-address request limit: a provider calls from a few addresses of its own, at the
    // rate of every shop's payments (the load run's knee found paid orders refused at 800 customers);
    // the HMAC signature, freshness and nonce checks guard it
    { schema: { hide: true, body: CallbackBody }, config: { rateLimit: false } },
    async (request) => {
      try {
        const answer = await settleCallback(request.body, request.headers[SIGNATURE_HEADER]);
        app.metrics.paymentCallbacks.inc({ outcome: 'accepted' });
        if (request.body.status === 'success') app.metrics.ordersPaid.inc();
        return answer;
      } catch (error) {
        app.metrics.paymentCallbacks.inc({ outcome: 'refused' });
        throw error;
      }
    },
  );

  /** Verifies and settles one callback; throws the refusal. */
  async function settleCallback(callback: SandboxCallback, signature: string | string[] | undefined) {
    if (!verifySignature(secret, callback, typeof signature === 'string' ? signature : undefined)) {
      throw new AppError(401, 'signature-invalid', 'payment-signature-invalid');
    }
    if (Math.abs(app.clock().getTime() - Date.parse(callback.timestamp)) > CALLBACK_MAX_AGE_MS) {
      throw new AppError(409, 'replayed', 'payment-replayed');
    }
    const payment = await app.repos.payments.get(callback.paymentId);
    if (!payment) throw notFound('payment-not-found');
    if (payment.orderId !== callback.orderId || toKopecks(payment.amount) !== callback.amount) {
      throw new AppError(400, 'payment-mismatch', 'payment-mismatch');
    }
    const outcome = await app.db.transaction((tx) =>
      createRepositories(tx, { clock: app.clock }).payments.settle(
        callback.paymentId,
        callback.nonce,
        callback.status === 'success',
      ),
    );
    if (outcome !== 'accepted') throw new AppError(409, 'replayed', 'payment-replayed');
    return { ok: true as const };
  }
}
