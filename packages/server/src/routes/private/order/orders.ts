/**
 * /api/private/order/...: checkout (create the order from the cart, register it, pay it or change how
 * it is paid), an order's plan (where, when, how to prepare), the free home-visit hours, and the payment receipt
 * (/finance/transactions/payment/checkbox/receipt/{id}/pdf/base64).
 */
import type { FastifyInstance } from 'fastify';
import { changePaymentMethod, createOrder, createRegistry, startPayment } from '../../../domain/checkout';
import { dayTimes, openTimes } from '../../../domain/home-visit';
import { receiptPdf } from '../../../domain/receipt';
import { orderPlan } from '../../../domain/visit-plan';
import { AppError, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { clientOf, requestOrigin, requireUser } from '../../../plugins/app/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'orderCreate', async (request) =>
    createOrder(app, requireUser(request), request.body, request.locale),
  );

  contractRoute(app, 'orderGet', async (request) => {
    const user = requireUser(request);
    const order = await app.repos.orders.get(
      { orderId: request.params.orderId },
      { userId: user.userId },
      request.locale,
    );
    if (!order) throw notFound('order-not-found');
    return order;
  });

  contractRoute(app, 'orderPlan', async (request) =>
    orderPlan(app, requireUser(request).userId, request.params.orderId, request.locale),
  );

  contractRoute(app, 'homeVisitSlots', async (request) => {
    const { settlementId, date } = request.query;
    if (!(await app.repos.settlements.exists(settlementId))) {
      throw new AppError(400, 'validation-error', 'settlement-not-found', 'settlementId');
    }
    // no nurse there (home_visit_settlements): no times to offer
    const cost = await app.repos.homeVisits.priceIn(settlementId);
    if (cost === null) throw new AppError(400, 'home-visit-unavailable', 'home-visit-unavailable', 'settlementId');
    const open = new Set(openTimes(date, app.clock()));
    const booked = await app.repos.orders.bookedSlots(settlementId, date);
    const capacity = app.config.orders.homeVisitSlotCapacity;
    return {
      date,
      cost,
      slots: dayTimes(date).map((time) => {
        const slot = booked.get(time);
        const free = slot ? slot.capacity - slot.booked : capacity;
        return { time, available: open.has(time) ? Math.max(0, free) : 0 };
      }),
    };
  });

  contractRoute(app, 'registryCreate', async (request) => ({
    id: await createRegistry(app, requireUser(request), request.body.orderId),
  }));

  contractRoute(app, 'registryPayment', async (request) =>
    startPayment(app, requireUser(request), request.body, requestOrigin(request)),
  );

  contractRoute(app, 'registryPaymentMethod', async (request) =>
    changePaymentMethod(app, requireUser(request), request.body, request.locale),
  );

  contractRoute(app, 'receipt', async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params;
    const client = clientOf(request);
    const audit = (outcome: 'success' | 'failure') =>
      app.repos.audit.record({
        event: 'receipt-read',
        outcome,
        userId: user.userId,
        subjectId: id.slice(0, 100),
        ip: client.ip,
        userAgent: client.userAgent,
      });
    const payment = UUID.test(id) ? await app.repos.payments.get(id) : null;
    if (!payment || payment.userId !== user.userId || payment.status !== 'succeeded') {
      await audit('failure');
      throw notFound('receipt-not-found');
    }
    const order = await app.repos.orders.get({ orderId: payment.orderId }, { userId: user.userId }, 'uk');
    if (!order) throw notFound('receipt-not-found');
    const pdf = await receiptPdf(order, payment);
    await audit('success');
    reply.header('cache-control', 'private, no-store');
    return { fileName: `receipt-${order.number}.pdf`, base64: pdf.toString('base64') };
  });
}
