/** Orders for route tests, placed, registered, paid and moved on through the real routes. */
import { randomUUID } from 'node:crypto';
import type { Order, OrderCreateBody, PaymentResponse } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { fillCart } from './accounts';
import { ok } from './http';

export interface PlacedOrder {
  order: Order;
  registryId: number;
}

export async function placeOrder(
  app: FastifyInstance,
  db: Database,
  buyer: { userId: number; patientId: number; cookie: string },
  options: {
    codes?: readonly string[];
    patientId?: number;
    doctorCode?: string;
    paymentType?: OrderCreateBody['paymentType'];
  } = {},
): Promise<PlacedOrder> {
  await fillCart(db, buyer.userId, options.codes ?? ['2001', '2002']);
  const order = await ok<Order>(app, 'orderCreate', {
    headers: { cookie: buyer.cookie },
    body: {
      orderId: randomUUID(),
      settlementId: 1,
      patientId: options.patientId ?? buyer.patientId,
      visit: 'branch',
      branchId: 1,
      homeVisit: null,
      paymentType: options.paymentType ?? 'online',
      doctor: options.doctorCode ? { code: options.doctorCode } : null,
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: null,
    } satisfies OrderCreateBody,
  });
  const registry = await ok<{ id: number }>(app, 'registryCreate', {
    headers: { cookie: buyer.cookie },
    body: { orderId: order.id },
  });
  return { order, registryId: registry.id };
}

/** Pays through the sandbox page's Pay button. */
export async function payOrder(app: FastifyInstance, cookie: string, registryId: number): Promise<void> {
  const payment = await ok<PaymentResponse>(app, 'registryPayment', {
    headers: { cookie },
    query: { clientType: 'site' },
    body: { registryId },
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/sandbox/pay/${payment.paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=pay',
  });
  if (res.statusCode !== 303 || !String(res.headers.location).includes('success')) {
    throw new Error(`payment failed: ${res.statusCode} ${res.headers.location}`);
  }
}

/** The development lab clock, `steps` times, for one order. */
export async function advance(app: FastifyInstance, orderId: string, steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { orderId } });
    if (res.statusCode !== 200) throw new Error(`clock answered ${res.statusCode}: ${res.body}`);
  }
}

/** Placed, registered, paid online and moved on until its results are ready. */
export async function orderWithResults(
  app: FastifyInstance,
  db: Database,
  buyer: { userId: number; patientId: number; cookie: string },
  options: Parameters<typeof placeOrder>[3] = {},
): Promise<PlacedOrder> {
  const placed = await placeOrder(app, db, buyer, options);
  await payOrder(app, buyer.cookie, placed.registryId);
  await advance(app, placed.order.id, 2);
  return placed;
}
