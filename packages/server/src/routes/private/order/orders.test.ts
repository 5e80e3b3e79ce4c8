/** Checkout: POST /order/orders and the home-visit hours. */
import { randomUUID } from 'node:crypto';
import type { HomeVisitSlotsResponse, Order, OrderCreateBody } from '@lab/api/contract';
import { roundMoney } from '../../../domain/order-pricing';
import {
  createDoctorUser,
  createPatientUser,
  createWard,
  fillCart,
  priceOf,
  sessionCookie,
} from '../../../test-support/accounts';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp({ config: { rateLimitMax: 0, onlineDiscountPercent: 5 } });

function orderBody(patientId: number, change: Partial<OrderCreateBody> = {}): OrderCreateBody {
  return {
    orderId: randomUUID(),
    settlementId: 1,
    patientId,
    visit: 'branch',
    branchId: 1,
    homeVisit: null,
    paymentType: 'online',
    doctor: null,
    promoCode: null,
    acceptContract: true,
    acceptPersonalData: true,
    utmParameters: { source: 'google', medium: 'cpc', campaign: 'autumn', term: 'аналізи' },
    ...change,
  };
}

async function shopper(codes: readonly string[] = ['2001', '2002']) {
  const patient = await createPatientUser(t.db);
  const cartId = await fillCart(t.db, patient.userId, codes);
  return { ...patient, cartId, cookie: await sessionCookie(t.app, patient.userId) };
}

const cartSize = async (cartId: string) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1', [cartId])).n;
const orderCount = async (userId: number) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [userId])).n;

const HOME = {
  street: 'вул. Січових Стрільців',
  house: '12',
  apartment: '5',
  entrance: '1',
  floor: '3',
  arrivalDate: '2026-11-19',
  arrivalTime: '10:00',
  comment: 'Домофон 5',
};

describe('POST /order/orders at a branch', () => {
  it('takes the cart’s lines (and the blood draw they bring), prices them and empties the cart', async () => {
    const me = await shopper();
    const body = orderBody(me.patientId);
    const order = await ok<Order>(t.app, 'orderCreate', { headers: { cookie: me.cookie }, body });
    const cbc = await priceOf(t.db, '2001');
    const ferritin = await priceOf(t.db, '2002');
    const draw = await priceOf(t.db, '1001');
    // online payment: 5 % off the city's price (the cart's rule, domain/pricing.ts)
    const line = (p: { price: number; fullPrice: number }) => roundMoney(p.price * 0.95);
    expect(order).toMatchObject({
      id: body.orderId,
      registryId: null,
      number: expect.stringMatching(/^\d+$/),
      state: 'payment-pending',
      patient: { id: me.patientId, firstName: 'Тарас', lastName: 'Шевченко' },
      // the branch's city with it: a patient's orders may span cities
      branch: { id: 1, title: 'вул. Хрещатик, 1', address: 'вул. Хрещатик, 1', city: 'Київ' },
      homeVisit: null,
      paymentType: 'online',
      homeVisitCost: 0,
      doctor: null,
      receiptId: null,
    });
    expect(order.items.map((item) => item.code)).toEqual(['2001', '2002']);
    expect(order.additionalServices.map((item) => item.code)).toEqual(['1001']);
    expect(order.items[0]).toMatchObject({ price: line(cbc), originalPrice: cbc.fullPrice });
    expect(order.items[1]).toMatchObject({ price: line(ferritin), originalPrice: ferritin.fullPrice });
    const expectedTotal = roundMoney(line(cbc) + line(ferritin) + line(draw));
    expect(order.totalPrice).toBe(expectedTotal);
    expect(order.otherDiscounts).toBe(roundMoney(ferritin.fullPrice - ferritin.price));
    expect(order.promoDiscount).toBe(0);
    expect(roundMoney(cbc.price + ferritin.price + draw.price - order.onlineDiscount)).toBe(expectedTotal);
    expect(await cartSize(me.cartId)).toBe(0);
    const ru = await ok<Order>(t.app, 'orderGet', {
      headers: { cookie: me.cookie },
      params: { orderId: body.orderId },
      language: 'ru',
    });
    expect(ru.branch).toMatchObject({ id: 1, city: 'Киев' });
    const utm = await t.db.one('SELECT utm_source, utm_medium, utm_campaign, utm_term FROM orders WHERE id = $1', [
      body.orderId,
    ]);
    expect(utm).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'autumn', utm_term: 'аналізи' });
  });

  it('pays at the branch without the online discount: waiting at the branch', async () => {
    const me = await shopper(['2001']);
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { paymentType: 'cash' }),
    });
    const cbc = await priceOf(t.db, '2001');
    const draw = await priceOf(t.db, '1001');
    expect(order).toMatchObject({ state: 'waiting-at-branch', onlineDiscount: 0 });
    expect(order.totalPrice).toBe(roundMoney(cbc.price + draw.price));
  });

  it('applies a promo code when it beats the online discount, and counts its use', async () => {
    const me = await shopper(['2001']);
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { promoCode: 'spring10' }),
    });
    const cbc = await priceOf(t.db, '2001');
    expect(order.items[0]?.price).toBe(roundMoney(cbc.price * 0.9));
    expect(order.promoDiscount).toBeGreaterThan(0);
    expect(order.onlineDiscount).toBe(0);
    const used = await t.db.one<{ used: number }>("SELECT used FROM promo_codes WHERE code = 'SPRING10'");
    expect(used.used).toBeGreaterThan(0);
  });

  it('names the referring doctor by code, in any letter case', async () => {
    const doctor = await createDoctorUser(t.db);
    const me = await shopper(['2001']);
    const code = doctor.workplaces[1]?.code ?? '';
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { doctor: { code: code.toLowerCase() } }),
    });
    expect(order.doctor).toEqual({ id: doctor.doctorId, fullName: 'Петренко Ольга Василівна', code });
  });

  it('keeps a doctor named only by full name, without linking anyone', async () => {
    const me = await shopper(['2001']);
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { doctor: { fullName: '  Іваненко  Іван ' } }),
    });
    expect(order.doctor).toEqual({ id: null, fullName: 'Іваненко Іван', code: null });
  });

  it('orders for one of the user’s wards', async () => {
    const me = await shopper(['2001']);
    const wardId = await createWard(t.db, me.patientId);
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { patientId: wardId }),
    });
    expect(order.patient).toMatchObject({ id: wardId, firstName: 'Марійка' });
  });
});

describe('idempotency by orderId', () => {
  it('answers a repeat with the same order and changes nothing', async () => {
    const me = await shopper();
    const body = orderBody(me.patientId);
    const first = await ok<Order>(t.app, 'orderCreate', { headers: { cookie: me.cookie }, body });
    await fillCart(t.db, me.userId, ['2003']);
    const second = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: { ...body, branchId: 2 },
    });
    expect(second).toEqual(first);
    expect(await orderCount(me.userId)).toBe(1);
    expect(await cartSize(me.cartId)).toBe(1); // the new line stays for the next order
  });

  it('makes one order of two concurrent submits', async () => {
    const me = await shopper();
    const body = orderBody(me.patientId);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'orderCreate', { headers: { cookie: me.cookie }, body })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => (r.body as Order).id));
    expect([...ids]).toEqual([body.orderId]);
    expect((results[0]?.body as Order | undefined)?.items).toHaveLength(2);
    expect(await orderCount(me.userId)).toBe(1);
    const lines = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM order_items WHERE order_id = $1', [
      body.orderId,
    ]);
    expect(lines.n).toBe(3);
  });

  it('refuses another user’s orderId with 409 and does not reveal their order', async () => {
    const me = await shopper(['2001']);
    const other = await shopper(['2001']);
    const body = orderBody(other.patientId);
    await ok(t.app, 'orderCreate', { headers: { cookie: other.cookie }, body });
    const res = await call(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: { ...body, patientId: me.patientId },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'order-id-conflict' });
    expect(JSON.stringify(res.body)).not.toContain('Шевченко');
    expect(await cartSize(me.cartId)).toBe(1);
  });
});

describe('refusals keep the cart and store nothing', () => {
  async function refused(body: (patientId: number) => unknown, codes = ['2001']) {
    const me = await shopper(codes);
    const res = await call(t.app, 'orderCreate', { headers: { cookie: me.cookie }, body: body(me.patientId) });
    expect(await cartSize(me.cartId)).toBe(codes.length);
    expect(await orderCount(me.userId)).toBe(0);
    return res;
  }

  it.each([
    ['no contract consent', (id: number) => ({ ...orderBody(id), acceptContract: false }), 'acceptContract'],
    [
      'no personal-data consent',
      (id: number) => ({ ...orderBody(id), acceptPersonalData: undefined }),
      'acceptPersonalData',
    ],
    ['a malformed orderId', (id: number) => orderBody(id, { orderId: 'order-1' }), 'orderId'],
    ['an unknown field', (id: number) => ({ ...orderBody(id), price: 1 }), 'price'],
    ['a bad payment type', (id: number) => ({ ...orderBody(id), paymentType: 'barter' }), 'paymentType'],
    ['markup in the UTM', (id: number) => orderBody(id, { utmParameters: { source: '<script>' } }), 'utmParameters'],
    ['a branch of another city', (id: number) => orderBody(id, { branchId: 5 }), 'branchId'],
    ['no branch for a branch visit', (id: number) => orderBody(id, { branchId: null }), 'branchId'],
    ['an unknown settlement', (id: number) => orderBody(id, { settlementId: 999 }), 'settlementId'],
    ['a patient who is not theirs', (id: number) => orderBody(id, { patientId: id + 100_000 }), 'patientId'],
    ['an unknown promo code', (id: number) => orderBody(id, { promoCode: 'NOPE' }), 'promoCode'],
    ['an expired promo code', (id: number) => orderBody(id, { promoCode: 'OLD5' }), 'promoCode'],
    ['a home visit without its form', (id: number) => orderBody(id, { visit: 'home', branchId: null }), 'homeVisit'],
  ])('answers 400 for %s', async (_, body, field) => {
    const res = await refused(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, message: expect.any(String), code: expect.any(String) });
  });

  it('answers an unknown doctor code with 400 “Невірний код лікаря”', async () => {
    const res = await refused((id) => orderBody(id, { doctor: { code: 'NO-SUCH-DOCTOR' } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'doctor-code-invalid', message: 'Невірний код лікаря', field: 'doctor' });
  });

  it('refuses another patient’s ward', async () => {
    const other = await createPatientUser(t.db);
    const theirWard = await createWard(t.db, other.patientId);
    const res = await refused((id) => orderBody(id, { patientId: theirWard }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'patientId' });
  });

  it('refuses an analysis meant for the other sex', async () => {
    const me = await shopper(['2003']); // PSA: men only
    const wardId = await createWard(t.db, me.patientId, { gender: 'female' });
    const res = await call(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { patientId: wardId }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'service-gender-mismatch' });
    expect(await cartSize(me.cartId)).toBe(1);
  });

  it('refuses an empty cart', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    const res = await call(t.app, 'orderCreate', { headers: { cookie }, body: orderBody(patient.patientId) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'cart-empty', message: 'Кошик порожній' });
  });

  it('refuses a doctor without a patient profile with 403', async () => {
    const doctor = await createDoctorUser(t.db);
    const cookie = await sessionCookie(t.app, doctor.userId);
    const res = await call(t.app, 'orderCreate', { headers: { cookie }, body: orderBody(1) });
    expect(res.status).toBe(403);
  });
});

describe('home visits', () => {
  it('books a nurse’s arrival time, adds the visit’s cost and shows the slot as taken', async () => {
    const before = await ok<HomeVisitSlotsResponse>(t.app, 'homeVisitSlots', {
      headers: { cookie: (await shopper()).cookie },
      query: { settlementId: 2, date: '2026-11-19' },
    });
    expect(before.cost).toBe(350);
    expect(before.slots.map((slot) => slot.time)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ]);
    expect(before.slots.find((slot) => slot.time === '10:00')?.available).toBe(2);

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const me = await shopper(['2001']);
      const res = await call(t.app, 'orderCreate', {
        headers: { cookie: me.cookie },
        body: orderBody(me.patientId, { settlementId: 2, visit: 'home', branchId: null, homeVisit: HOME }),
      });
      statuses.push(res.status);
      if (res.status === 200) {
        expect(res.body).toMatchObject({ homeVisit: HOME, homeVisitCost: 350, branch: null });
      } else {
        expect(res.body).toMatchObject({ code: 'no-hours-available', message: 'Немає вільних годин' });
        expect(await cartSize(me.cartId)).toBe(1);
      }
    }
    expect(statuses).toEqual([200, 200, 400]);
    const after = await ok<HomeVisitSlotsResponse>(t.app, 'homeVisitSlots', {
      headers: { cookie: (await shopper()).cookie },
      query: { settlementId: 2, date: '2026-11-19' },
    });
    expect(after.slots.find((slot) => slot.time === '10:00')?.available).toBe(0);
    expect(after.slots.find((slot) => slot.time === '11:00')?.available).toBe(2);
  });

  it('offers today’s later hours only, nothing on Sunday, nothing past 30 days', async () => {
    const cookie = (await shopper()).cookie;
    const today = await ok<HomeVisitSlotsResponse>(t.app, 'homeVisitSlots', {
      headers: { cookie },
      query: { settlementId: 1, date: '2026-11-18' }, // 12:00 in Kyiv now
    });
    expect(today.slots.filter((slot) => slot.available > 0).map((slot) => slot.time)[0]).toBe('13:00');
    const sunday = await ok<HomeVisitSlotsResponse>(t.app, 'homeVisitSlots', {
      headers: { cookie },
      query: { settlementId: 1, date: '2026-11-22' },
    });
    expect(sunday.slots).toEqual([]);
    const far = await ok<HomeVisitSlotsResponse>(t.app, 'homeVisitSlots', {
      headers: { cookie },
      query: { settlementId: 1, date: '2026-12-19' },
    });
    expect(far.slots.every((slot) => slot.available === 0)).toBe(true);
    expect(
      (await call(t.app, 'homeVisitSlots', { headers: { cookie }, query: { settlementId: 1, date: '19.11.2026' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t.app, 'homeVisitSlots', { headers: { cookie }, query: { settlementId: 999, date: '2026-11-19' } }))
        .status,
    ).toBe(400);
  });

  it.each([
    ['yesterday', { arrivalDate: '2026-11-17' }, 'arrival-date-invalid'],
    ['more than 30 days ahead', { arrivalDate: '2026-12-19' }, 'arrival-date-invalid'],
    ['an hour already gone', { arrivalDate: '2026-11-18', arrivalTime: '09:00' }, 'no-hours-available'],
    ['a time that is no slot', { arrivalTime: '10:30' }, 'no-hours-available'],
    ['a Sunday', { arrivalDate: '2026-11-22' }, 'no-hours-available'],
  ])('refuses an arrival %s', async (_, change, messageCode) => {
    const me = await shopper(['2001']);
    const res = await call(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: orderBody(me.patientId, { visit: 'home', branchId: null, homeVisit: { ...HOME, ...change } }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'homeVisit' });
    expect(JSON.stringify(res.body)).toContain(messageCode === 'arrival-date-invalid' ? 'дата' : 'годин');
    expect(await cartSize(me.cartId)).toBe(1);
  });
});
