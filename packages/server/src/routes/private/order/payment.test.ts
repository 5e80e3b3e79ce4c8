/**
 * Registry, payment at the sandbox provider, its signed callback, paying again after a decline, changing
 * the method, and the receipt PDF.
 */
import { randomUUID } from 'node:crypto';
import type { Order, OrderCreateBody, PaymentResponse, ReceiptResponse } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { roundMoney } from '../../../domain/order-pricing';
import { newNonce, type SandboxCallback, SIGNATURE_HEADER, signCallback } from '../../../domain/sandbox-payments';
import { createPatientUser, fillCart, priceOf, sessionCookie } from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp({ config: { rateLimitMax: 0, onlineDiscountPercent: 5 } });
const secret = () => t.app.config.orders.paymentSecret;

async function placedOrder(change: Partial<OrderCreateBody> = {}) {
  const patient = await createPatientUser(t.db);
  await fillCart(t.db, patient.userId, ['2001', '2002']);
  const cookie = await sessionCookie(t.app, patient.userId);
  const order = await ok<Order>(t.app, 'orderCreate', {
    headers: { cookie },
    body: {
      orderId: randomUUID(),
      settlementId: 1,
      patientId: patient.patientId,
      visit: 'branch',
      branchId: 1,
      homeVisit: null,
      paymentType: 'online',
      doctor: null,
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: null,
      ...change,
    },
  });
  const registry = await ok<{ id: number }>(t.app, 'registryCreate', {
    headers: { cookie },
    body: { orderId: order.id },
  });
  return { ...patient, cookie, order, registryId: registry.id };
}

async function pay(cookie: string, registryId: number, discountCode?: string) {
  return ok<PaymentResponse>(t.app, 'registryPayment', {
    headers: { cookie },
    query: { clientType: 'site' },
    body: discountCode ? { registryId, discountCode } : { registryId },
  });
}

/** The buyer presses a button on the sandbox page (a same-origin form post). */
async function decide(app: FastifyInstance, paymentId: string, decision: 'pay' | 'decline') {
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: `decision=${decision}`,
  });
}

async function orderOf(cookie: string, orderId: string) {
  return ok<Order>(t.app, 'orderGet', { headers: { cookie }, params: { orderId } });
}

function callback(paymentId: string, orderId: string, amount: number, change: Partial<SandboxCallback> = {}) {
  return {
    paymentId,
    orderId,
    amount: Math.round(amount * 100),
    status: 'success' as const,
    nonce: newNonce(),
    timestamp: DEFAULT_NOW.toISOString(),
    ...change,
  };
}

async function sendCallback(body: SandboxCallback, signature = signCallback(secret(), body)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sandbox/callback',
    headers: { [SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

describe('registry', () => {
  it('registers an order once and answers the same id again', async () => {
    const placed = await placedOrder();
    const again = await ok<{ id: number }>(t.app, 'registryCreate', {
      headers: { cookie: placed.cookie },
      body: { orderId: placed.order.id },
    });
    expect(again.id).toBe(placed.registryId);
    expect((await orderOf(placed.cookie, placed.order.id)).registryId).toBe(placed.registryId);
  });

  it('answers 404 for someone else’s order and 400 for a malformed id', async () => {
    const placed = await placedOrder();
    const other = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, other.userId);
    expect(
      (await call(t.app, 'registryCreate', { headers: { cookie }, body: { orderId: placed.order.id } })).status,
    ).toBe(404);
    expect((await call(t.app, 'orderGet', { headers: { cookie }, params: { orderId: placed.order.id } })).status).toBe(
      404,
    );
    expect((await call(t.app, 'registryCreate', { headers: { cookie }, body: { orderId: 'x' } })).status).toBe(400);
  });
});

describe('payment at the sandbox provider', () => {
  it('answers where to pay; the hosted page shows the order and amount; Pay marks the order paid', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    expect(payment.amount).toBe(placed.order.totalPrice);
    expect(payment.url).toBe(`http://localhost:80/api/sandbox/pay/${payment.paymentId}`);
    const html = await t.app.inject({ method: 'GET', url: `/api/sandbox/pay/${payment.paymentId}` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(placed.order.number);
    expect(html.body).toContain('Оплатити');
    expect(html.body).toContain('Відхилити');
    const res = await decide(t.app, payment.paymentId, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/result?orderId=${placed.order.id}&payment=success`);
    const order = await orderOf(placed.cookie, placed.order.id);
    expect(order.state).toBe('paid');
    expect(order.receiptId).toBe(payment.paymentId);
    // paying a paid order again is refused
    const again = await call(t.app, 'registryPayment', {
      headers: { cookie: placed.cookie },
      query: { clientType: 'site' },
      body: { registryId: placed.registryId },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'order-already-paid' });
  });

  it('leaves a declined order placed and payable again with a new payment', async () => {
    const placed = await placedOrder();
    const first = await pay(placed.cookie, placed.registryId);
    const declined = await decide(t.app, first.paymentId, 'decline');
    expect(declined.headers.location).toBe(`/checkout/result?orderId=${placed.order.id}&payment=failure`);
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('payment-failed');
    const second = await pay(placed.cookie, placed.registryId);
    expect(second.paymentId).not.toBe(first.paymentId);
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('payment-pending');
    await decide(t.app, second.paymentId, 'pay');
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('paid');
    // the declined payment's page can no longer pay
    const stale = await decide(t.app, first.paymentId, 'pay');
    expect(stale.headers.location).toContain('payment=failure');
  });

  it('pays an order once when two payments are started at once and both pages are paid', async () => {
    // a race: on PostgreSQL both starts used to leave a pending payment (PGlite runs one at a time)
    for (let round = 0; round < 10; round++) {
      const placed = await placedOrder();
      // two tabs, or a double submit: both calls run at the same time
      const payments = await Promise.all([
        pay(placed.cookie, placed.registryId),
        pay(placed.cookie, placed.registryId),
      ]);
      // the later one supersedes the earlier: one page can still take money
      const pending = await t.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND status = 'pending'",
        [placed.order.id],
      );
      expect(pending.n).toBe(1);
      const results: string[] = [];
      for (const payment of payments) {
        const res = await decide(t.app, payment.paymentId, 'pay');
        results.push(new URLSearchParams(String(res.headers.location).split('?')[1]).get('payment') ?? '');
      }
      expect(results.filter((result) => result === 'success')).toHaveLength(1);
      const succeeded = await t.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND status = 'succeeded'",
        [placed.order.id],
      );
      expect(succeeded.n).toBe(1);
    }
  });

  it('answers success to both clicks of a double click on Pay, and takes the payment once', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    const clicks = await Promise.all([
      decide(t.app, payment.paymentId, 'pay'),
      decide(t.app, payment.paymentId, 'pay'),
    ]);
    for (const click of clicks) {
      expect(click.headers.location).toBe(`/checkout/result?orderId=${placed.order.id}&payment=success`);
    }
    expect((await orderOf(placed.cookie, placed.order.id)).receiptId).toBe(payment.paymentId);
  });

  it('lets a declined order be paid at the branch instead, without the online discount', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    await decide(t.app, payment.paymentId, 'decline');
    const changed = await ok<Order>(t.app, 'registryPaymentMethod', {
      headers: { cookie: placed.cookie },
      body: { registryId: placed.registryId, paymentType: 'card' },
    });
    const cbc = await priceOf(t.db, '2001');
    const ferritin = await priceOf(t.db, '2002');
    const draw = await priceOf(t.db, '1001');
    expect(changed).toMatchObject({ state: 'waiting-at-branch', paymentType: 'card', onlineDiscount: 0 });
    expect(changed.totalPrice).toBe(roundMoney(cbc.price + ferritin.price + draw.price));
    const online = await call(t.app, 'registryPayment', {
      headers: { cookie: placed.cookie },
      query: { clientType: 'site' },
      body: { registryId: placed.registryId },
    });
    expect(online.status).toBe(400);
    expect(online.body).toMatchObject({ code: 'payment-not-online' });
    // and back to paying online
    const back = await ok<Order>(t.app, 'registryPaymentMethod', {
      headers: { cookie: placed.cookie },
      body: { registryId: placed.registryId, paymentType: 'online' },
    });
    // the last online attempt still shows as failed until a new payment is made
    expect(back).toMatchObject({ state: 'payment-failed', totalPrice: placed.order.totalPrice });
  });

  it('takes a better promo code at payment and charges the lower amount', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId, 'SPRING10');
    expect(payment.amount).toBeLessThan(placed.order.totalPrice);
    const order = await orderOf(placed.cookie, placed.order.id);
    expect(order.totalPrice).toBe(payment.amount);
    expect(order.promoDiscount).toBeGreaterThan(0);
    const wrong = await call(t.app, 'registryPayment', {
      headers: { cookie: placed.cookie },
      query: { clientType: 'site' },
      body: { registryId: placed.registryId, discountCode: 'OLD5' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'wrong-promo', field: 'discountCode' });
  });

  it('refuses someone else’s registry and bad input', async () => {
    const placed = await placedOrder();
    const other = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, other.userId);
    const query = { clientType: 'site' };
    expect(
      (await call(t.app, 'registryPayment', { headers: { cookie }, query, body: { registryId: placed.registryId } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'registryPaymentMethod', {
          headers: { cookie },
          body: { registryId: placed.registryId, paymentType: 'cash' },
        })
      ).status,
    ).toBe(404);
    const mine = { cookie: placed.cookie };
    expect(
      (await call(t.app, 'registryPayment', { headers: mine, query: { clientType: 'app' }, body: { registryId: 1 } }))
        .status,
    ).toBe(400);
    expect((await call(t.app, 'registryPayment', { headers: mine, query, body: { registryId: 'x' } })).status).toBe(
      400,
    );
    expect((await call(t.app, 'registryPayment', { headers: mine, query, body: {} })).status).toBe(400);
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('payment-pending');
  });
});

describe('the provider’s callback', () => {
  async function pendingPayment() {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    return { placed, payment };
  }

  it('accepts a correctly signed callback once; the replay is refused', async () => {
    const { placed, payment } = await pendingPayment();
    const body = callback(payment.paymentId, placed.order.id, payment.amount);
    expect((await sendCallback(body)).statusCode).toBe(200);
    const replay = await sendCallback(body);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'replayed' });
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('paid');
  });

  it('refuses a forged signature, a wrong amount, a wrong order, a stale callback; the order stays unpaid', async () => {
    const { placed, payment } = await pendingPayment();
    const good = callback(payment.paymentId, placed.order.id, payment.amount);
    const forged = await sendCallback(good, signCallback('not-the-secret', good));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'signature-invalid', message: 'Невірний підпис платежу' });
    expect((await sendCallback(good, '')).statusCode).toBe(401);
    // signed correctly, but the provider reports another amount / order
    const cheaper = callback(payment.paymentId, placed.order.id, payment.amount - 1);
    expect((await sendCallback(cheaper)).statusCode).toBe(400);
    const otherOrder = callback(payment.paymentId, randomUUID(), payment.amount);
    expect((await sendCallback(otherOrder)).statusCode).toBe(400);
    // a tampered amount under the original signature
    expect((await sendCallback({ ...good, amount: 1 }, signCallback(secret(), good))).statusCode).toBe(401);
    const stale = callback(payment.paymentId, placed.order.id, payment.amount, {
      timestamp: new Date(DEFAULT_NOW.getTime() - 10 * 60_000).toISOString(),
    });
    expect((await sendCallback(stale)).statusCode).toBe(409);
    const unknown = callback(randomUUID(), placed.order.id, payment.amount);
    expect((await sendCallback(unknown)).statusCode).toBe(404);
    expect((await sendCallback({ ...good, status: 'maybe' } as unknown as SandboxCallback)).statusCode).toBe(400);
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('payment-pending');
    // the genuine one still works
    expect((await sendCallback(good)).statusCode).toBe(200);
  });

  it('refuses the callback of a payment superseded by a newer one', async () => {
    const { placed, payment } = await pendingPayment();
    const newer = await pay(placed.cookie, placed.registryId);
    const old = callback(payment.paymentId, placed.order.id, payment.amount);
    expect((await sendCallback(old)).statusCode).toBe(409);
    expect((await orderOf(placed.cookie, placed.order.id)).state).toBe('payment-pending');
    expect((await sendCallback(callback(newer.paymentId, placed.order.id, newer.amount))).statusCode).toBe(200);
  });
});

describe('receipt', () => {
  it('answers a real PDF (base64) with the order number', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    await decide(t.app, payment.paymentId, 'pay');
    const receipt = await ok<ReceiptResponse>(t.app, 'receipt', {
      headers: { cookie: placed.cookie },
      params: { id: payment.paymentId },
    });
    expect(receipt.fileName).toBe(`receipt-${placed.order.number}.pdf`);
    const pdf = Buffer.from(receipt.base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(placed.order.number);
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('answers 404 for an unpaid payment, someone else’s receipt and a made-up id', async () => {
    const placed = await placedOrder();
    const payment = await pay(placed.cookie, placed.registryId);
    expect(
      (await call(t.app, 'receipt', { headers: { cookie: placed.cookie }, params: { id: payment.paymentId } })).status,
    ).toBe(404);
    await decide(t.app, payment.paymentId, 'pay');
    const other = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, other.userId);
    const res = await call(t.app, 'receipt', { headers: { cookie }, params: { id: payment.paymentId } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not-found', message: 'Чек не знайдено' });
    expect((await call(t.app, 'receipt', { headers: { cookie }, params: { id: 'abc' } })).status).toBe(404);
  });
});
