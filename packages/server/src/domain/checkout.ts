/**
 * Checkout (docs/product.md#entities, #cart and #validation): the order from the user's cart, its registry, and its payment terms.
 *
 * Creating an order is idempotent by the client's orderId: the row is inserted with ON CONFLICT DO
 * NOTHING before anything else in one transaction, so a repeat (even a concurrent one, which waits on
 * the unique key) finds the first order and changes nothing. Any refusal rolls the whole unit back: the
 * cart keeps its lines, no slot stays booked, no promo use is counted.
 */
import type { Order, OrderCreateBody, PaymentType } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { cleanName } from '../auth/validation';
import { AppError, notFound } from '../errors';
import type { Locale } from '../i18n/messages';
import { createRepositories, type Repositories } from '../repositories';
import type { PromoCheck } from '../repositories/discounts';
import type { NewOrder, OrderScope } from '../repositories/orders';
import type { SessionUser } from '../repositories/sessions';
import { isBookableDate, openTimes } from './home-visit';
import { kyivInstant } from './kyiv-time';
import { enqueueVisitReminder } from './notifications';
import { isOnlinePayment, orderTotals } from './order-pricing';

const bad = (messageKey: ConstructorParameters<typeof AppError>[2], field: string, code = 'validation-error') =>
  new AppError(400, code, messageKey, field);

/** The checks that need no transaction: who, where, when, which doctor, which promo. */
async function prepare(
  app: FastifyInstance,
  user: SessionUser & { patientId: number },
  body: OrderCreateBody,
  cartPromoId: number | null,
): Promise<NewOrder> {
  const { repos } = app;
  const family = await repos.patients.familyIds(user.patientId);
  if (!family.includes(body.patientId)) throw bad('patient-not-found', 'patientId');
  if (!(await repos.settlements.exists(body.settlementId))) throw bad('settlement-not-found', 'settlementId');

  let branchId: number | null = null;
  if (body.visit === 'branch') {
    if (body.branchId === null) throw bad('branch-invalid', 'branchId');
    const branch = await app.db.maybeOne('SELECT 1 FROM branches WHERE id = $1 AND settlement_id = $2 AND enabled', [
      body.branchId,
      body.settlementId,
    ]);
    if (!branch) throw bad('branch-invalid', 'branchId');
    branchId = body.branchId;
    if (body.homeVisit !== null) throw bad('validation-invalid', 'homeVisit');
  } else {
    if (body.homeVisit === null) throw bad('validation-required', 'homeVisit');
    if (body.branchId !== null) throw bad('validation-invalid', 'branchId');
    if ((await repos.homeVisits.priceIn(body.settlementId)) === null) {
      throw new AppError(400, 'home-visit-unavailable', 'home-visit-unavailable', 'settlementId');
    }
    const { arrivalDate, arrivalTime } = body.homeVisit;
    if (!isBookableDate(arrivalDate, app.clock())) throw bad('arrival-date-invalid', 'homeVisit');
    if (!openTimes(arrivalDate, app.clock()).includes(arrivalTime)) throw bad('no-hours-available', 'homeVisit');
  }

  let doctor: NewOrder['doctor'] = null;
  if (body.doctor) {
    if (body.doctor.code !== undefined && body.doctor.code.trim() !== '') {
      const found = await repos.doctors.byCode(body.doctor.code, 'uk');
      if (!found) throw bad('doctor-code-invalid', 'doctor', 'doctor-code-invalid');
      doctor = { id: found.doctorId, workplaceId: found.workplaceId, code: found.code, fullName: null };
    } else if (body.doctor.fullName !== undefined) {
      doctor = { id: null, workplaceId: null, code: null, fullName: cleanName(body.doctor.fullName, 'doctor') };
    }
  }

  let promo: NewOrder['promo'] = null;
  const promoCode =
    body.promoCode ??
    (cartPromoId === null
      ? null
      : ((await app.db.maybeOne<{ code: string }>('SELECT code FROM promo_codes WHERE id = $1', [cartPromoId]))?.code ??
        null));
  if (promoCode !== null) {
    const check = await repos.discounts.check(promoCode);
    if (!check.ok) {
      // a promo the cart carried that has since expired is dropped; one typed at checkout is an error
      if (body.promoCode !== null) throw new AppError(400, 'wrong-promo', 'wrong-promo', 'promoCode');
    } else {
      promo = orderPromo(check);
    }
  }

  return {
    id: body.orderId,
    userId: user.userId,
    patientId: body.patientId,
    settlementId: body.settlementId,
    visit: body.visit,
    branchId,
    homeVisit: body.homeVisit,
    paymentType: body.paymentType,
    doctor,
    promo,
    onlineFraction: onlineFraction(app, body.paymentType),
    utm: body.utmParameters,
  };
}

/** The promo an order keeps: the code, its value and its rule on sales (repricing reads them again). */
function orderPromo(check: Extract<PromoCheck, { ok: true }>): NonNullable<NewOrder['promo']> {
  return { id: check.id, code: check.discount.code, fraction: check.discount.value, withSales: check.withSales };
}

function onlineFraction(app: FastifyInstance, paymentType: PaymentType): number {
  return isOnlinePayment(paymentType) ? app.config.onlineDiscountPercent / 100 : 0;
}

/** The order a repeat of the same orderId answers: the caller's own, or 409 for anyone else's. */
async function existing(app: FastifyInstance, userId: number, orderId: string, locale: Locale): Promise<Order | null> {
  const facts = await app.repos.orders.facts({ orderId });
  if (!facts) return null;
  if (facts.userId !== userId) throw new AppError(409, 'order-id-conflict', 'order-id-conflict', 'orderId');
  return app.repos.orders.get({ orderId }, { userId }, locale);
}

async function place(repos: Repositories, app: FastifyInstance, order: NewOrder, cartId: string): Promise<boolean> {
  if (!(await repos.orders.insert(order))) return false;
  const lines = await repos.orders.cartLines(order.userId, order.settlementId, order.promo?.id ?? null);
  if (lines.every((line) => line.additional) || lines.length === 0) throw bad('cart-empty', 'orderId', 'cart-empty');
  if (lines.some((line) => !line.enabled || line.price === null || line.fullPrice === null)) {
    throw new AppError(400, 'service-not-available', 'service-not-available', 'settlementId');
  }
  const gender = await repos.patients.genderCode(order.patientId);
  if (gender !== null && lines.some((line) => line.gender !== null && line.gender !== gender)) {
    throw new AppError(400, 'service-gender-mismatch', 'service-gender-mismatch', 'patientId');
  }
  // the price the /home-visit page and checkout show (prepare() refused a settlement without visits)
  const homeVisitCost = order.visit === 'home' ? ((await repos.homeVisits.priceIn(order.settlementId)) ?? 0) : 0;
  const totals = orderTotals(
    lines.map((line) => ({ price: line.price ?? 0, fullPrice: line.fullPrice ?? 0, promoApplies: line.promoApplies })),
    { online: order.onlineFraction, promo: order.promo?.fraction ?? 0, promoWithSales: order.promo?.withSales ?? true },
    homeVisitCost,
  );
  await repos.orders.insertItems(order.id, lines, totals.lines);
  await repos.orders.setTotals(order.id, totals, []);
  if (order.homeVisit) {
    const booked = await repos.orders.bookSlot(
      order.settlementId,
      order.homeVisit.arrivalDate,
      order.homeVisit.arrivalTime,
      app.config.orders.homeVisitSlotCapacity,
    );
    if (!booked) throw bad('no-hours-available', 'homeVisit', 'no-hours-available');
  }
  if (order.promo) {
    const counted = await repos.orders.usePromo(order.promo.id);
    if (!counted) throw new AppError(400, 'wrong-promo', 'wrong-promo', 'promoCode');
  }
  await repos.orders.emptyCart(cartId);
  return true;
}

/** POST /order/orders. */
export async function createOrder(
  app: FastifyInstance,
  user: SessionUser,
  body: OrderCreateBody,
  locale: Locale,
): Promise<Order> {
  if (user.patientId === null) throw new AppError(403, 'forbidden', 'order-patient-only');
  const patientUser = { ...user, patientId: user.patientId };
  const repeat = await existing(app, user.userId, body.orderId, locale);
  if (repeat) return repeat;

  const cart = await app.repos.orders.lockCart(user.userId);
  if (!cart) throw bad('cart-empty', 'orderId', 'cart-empty');
  const order = await prepare(app, patientUser, body, cart.promoCodeId);
  await app.db.transaction(async (tx) => {
    const repos = createRepositories(tx, { clock: app.clock });
    const locked = await repos.orders.lockCart(user.userId);
    if (!locked) throw bad('cart-empty', 'orderId', 'cart-empty');
    const placed = await place(repos, app, order, locked.id);
    // the evening-before SMS of a home visit commits with the order, or neither exists
    if (placed && order.homeVisit) await enqueueVisitReminder(tx, app.config.results, app.clock, order.id, locale);
  });
  app.metrics.ordersCreated.inc();
  const placed = await existing(app, user.userId, body.orderId, locale);
  if (!placed) throw notFound('order-not-found');
  return placed;
}

/** POST /order/orders/registry: the lab registers the user's order (once). */
export async function createRegistry(app: FastifyInstance, user: SessionUser, orderId: string): Promise<number> {
  const facts = await app.repos.orders.facts({ orderId });
  if (!facts || facts.userId !== user.userId) throw notFound('order-not-found');
  if (facts.registryId !== null) return facts.registryId;
  // the registry expects the results on the order's one results day (domain/results-date.ts)
  const order = await app.repos.orders.get({ orderId }, { userId: user.userId }, 'uk');
  if (!order?.resultsExpectedDate) throw notFound('order-not-found');
  return app.repos.orders.ensureRegistry(orderId, kyivInstant(order.resultsExpectedDate).toISOString());
}

/** Recomputes an unpaid order's prices for new payment terms (in a transaction). */
async function reprice(repos: Repositories, orderId: string, online: number, promo: number, homeVisitCost: number) {
  const inputs = await repos.orders.pricedInputs(orderId);
  const promoWithSales = await repos.orders.promoWithSales(orderId);
  const totals = orderTotals(inputs, { online, promo, promoWithSales }, homeVisitCost);
  await repos.orders.setTotals(
    orderId,
    totals,
    inputs.map((input) => input.serviceId),
  );
  return totals;
}

/** The user's unpaid order behind a registry, for a payment action. */
async function payableOrder(app: FastifyInstance, user: SessionUser, registryId: number) {
  const facts = await app.repos.orders.facts({ registryId });
  if (!facts || facts.userId !== user.userId) throw notFound('registry-not-found');
  if (facts.paidAt !== null || facts.paidAtBranchAt !== null) {
    throw new AppError(409, 'order-already-paid', 'order-already-paid');
  }
  if (facts.labStatus !== 'new') throw new AppError(409, 'order-in-progress', 'order-in-progress');
  return facts;
}

/**
 * POST /order/orders/registry/payment: a new payment of the order's total (an optional promo code may
 * lower it) at the provider's hosted page. Earlier unfinished payments of the order are cancelled, so
 * their callbacks are refused.
 */
export async function startPayment(
  app: FastifyInstance,
  user: SessionUser,
  input: { registryId: number; discountCode?: string | undefined },
  origin: string,
): Promise<{ paymentId: string; url: string; amount: number }> {
  if (app.config.orders.paymentProvider === 'none') {
    throw new AppError(503, 'payment-unavailable', 'payment-unavailable');
  }
  const order = await payableOrder(app, user, input.registryId);
  if (!isOnlinePayment(order.paymentType)) throw new AppError(400, 'payment-not-online', 'payment-not-online');
  let promo: { id: number; code: string; fraction: number; withSales: boolean } | undefined;
  if (input.discountCode !== undefined) {
    const check = await app.repos.discounts.check(input.discountCode);
    if (!check.ok) throw new AppError(400, 'wrong-promo', 'wrong-promo', 'discountCode');
    if (check.discount.value > (order.promoFraction ?? 0)) promo = orderPromo(check);
  }
  const paymentId = await app.db.transaction(async (tx) => {
    const repos = createRepositories(tx, { clock: app.clock });
    // under the order's lock: a concurrent start waits and then supersedes this payment (one page can
    // take money), and an order paid meanwhile is not charged again
    const current = await repos.orders.lockForPayment(order.id);
    if (!current || current.paid) throw new AppError(409, 'order-already-paid', 'order-already-paid');
    if (!isOnlinePayment(current.paymentType)) throw new AppError(400, 'payment-not-online', 'payment-not-online');
    let amount = current.totalPrice;
    if (promo) {
      await repos.orders.setPaymentTerms(order.id, {
        paymentType: order.paymentType,
        onlineFraction: order.onlineFraction,
        promo,
      });
      amount = (await reprice(repos, order.id, order.onlineFraction, promo.fraction, order.homeVisitCost)).totalPrice;
    }
    return repos.payments.create({
      orderId: order.id,
      registryId: input.registryId,
      provider: app.config.orders.paymentProvider,
      amount,
      ttlMinutes: app.config.orders.paymentTtlMinutes,
    });
  });
  const payment = await app.repos.payments.get(paymentId);
  return {
    paymentId,
    url: `${origin}/api/sandbox/pay/${paymentId}`,
    amount: payment?.amount ?? order.totalPrice,
  };
}

/** POST /order/orders/registry/payment/method: pay at the branch instead (or online again). */
export async function changePaymentMethod(
  app: FastifyInstance,
  user: SessionUser,
  input: { registryId: number; paymentType: PaymentType },
  locale: Locale,
): Promise<Order> {
  const order = await payableOrder(app, user, input.registryId);
  const online = onlineFraction(app, input.paymentType);
  await app.db.transaction(async (tx) => {
    const repos = createRepositories(tx, { clock: app.clock });
    const current = await repos.orders.lockForPayment(order.id); // before any payment row (startPayment)
    if (!current || current.paid) throw new AppError(409, 'order-already-paid', 'order-already-paid');
    await repos.payments.cancelPending(order.id);
    await repos.orders.setPaymentTerms(order.id, { paymentType: input.paymentType, onlineFraction: online });
    await reprice(repos, order.id, online, order.promoFraction ?? 0, order.homeVisitCost);
  });
  const scope: OrderScope = { userId: user.userId };
  const updated = await app.repos.orders.get({ orderId: order.id }, scope, locale);
  if (!updated) throw notFound('order-not-found');
  return updated;
}
