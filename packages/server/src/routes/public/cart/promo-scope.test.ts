/**
 * A promo code's scope is data (promo_code_groups): it takes its discount off the services of its groups
 * (and their subgroups) only; the other lines keep the online-payment discount, in the cart, in its
 * totals for checkout and in the order.
 */
import { randomUUID } from 'node:crypto';
import type { Cart, Order, OrderCreateBody } from '@lab/api/contract';
import { createPatientUser, fillCart, sessionCookie } from '../../../test-support/accounts';
import { useTestApp } from '../../../test-support/harness';
import { ok } from '../../../test-support/http';

const t = useTestApp();

// fixture: Kyiv (1); 1001 blood draw 60, 2001 CBC 215 (group complete-blood-count, under hematology),
// K-101 basic checkup 450 (group checkups); CBC and the checkup bring the blood draw. Online discount 5 %.
const KYIV = 1;
const S = { draw: 1, cbc: 2, checkup: 5 } as const;

const cartWith = async (serviceIds: number[], promoCode: string) => {
  const cartId = (await ok<Cart>(t.app, 'cartGuestCreate', { body: {} })).id;
  return ok<Cart>(t.app, 'cartGuestAdd', {
    params: { cartId },
    query: { settlementId: KYIV, promoCode },
    body: { serviceIds },
  });
};
const priceOf = (cart: Cart, id: number) =>
  [...cart.items, ...cart.additionalItems].find((line) => line.serviceId === id)?.price;

describe('a promo code applies within its scope only', () => {
  it('CHECKUP20 takes 20 % off the checkup package, not off a blood count or the blood draw', async () => {
    const cart = await cartWith([S.cbc, S.checkup], 'CHECKUP20');
    expect(cart.promoCode).toBe('CHECKUP20');
    expect(priceOf(cart, S.checkup)).toBe(360); // 450 - 20 %
    expect(priceOf(cart, S.cbc)).toBe(204.25); // 215 - 5 % online
    expect(priceOf(cart, S.draw)).toBe(57); // 60 - 5 % online
    expect(cart.totals?.online).toEqual({
      original: 725,
      otherDiscounts: 0,
      onlineDiscount: 13.75,
      promoDiscount: 90,
      totalPrice: 621.25,
    });
    // at the branch there is no online discount: the promo still within its scope only
    expect(cart.totals?.onSite).toMatchObject({ onlineDiscount: 0, promoDiscount: 90, totalPrice: 635 });
  });

  it('a lone blood count with CHECKUP20 costs what it costs without it', async () => {
    const withCode = await cartWith([S.cbc], 'CHECKUP20');
    const without = await cartWith([S.cbc], '');
    expect(withCode.totals).toEqual(without.totals);
    expect(withCode.totalPrice).toBe(without.totalPrice);
  });

  it('a group in the scope covers its subgroups (BLOOD30 on hematology: the blood count in its subgroup)', async () => {
    const cart = await cartWith([S.cbc, S.checkup], 'BLOOD30');
    expect(priceOf(cart, S.cbc)).toBe(150.5); // 215 - 30 %
    expect(priceOf(cart, S.checkup)).toBe(427.5); // 450 - 5 % online
  });

  it('a code without groups applies to every line, as before', async () => {
    const cart = await cartWith([S.cbc, S.checkup], 'SPRING10');
    expect([priceOf(cart, S.cbc), priceOf(cart, S.checkup), priceOf(cart, S.draw)]).toEqual([193.5, 405, 54]);
  });

  it('the order charges what the cart said', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    await fillCart(t.db, patient.userId, ['2001', 'K-101']);
    const cart = await ok<Cart>(t.app, 'cartGet', {
      headers: { cookie },
      query: { settlementId: KYIV, promoCode: 'CHECKUP20' },
    });
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie },
      body: {
        orderId: randomUUID(),
        settlementId: KYIV,
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
      } satisfies OrderCreateBody,
    });
    expect(order).toMatchObject({
      totalPrice: cart.totals?.online.totalPrice,
      promoDiscount: 90,
      onlineDiscount: 13.75,
    });
    expect(order.items.find((item) => item.code === '2001')?.price).toBe(204.25);
  });
});

// NOSALE25 and NOSALE15: the blood-count group (the blood count 215, the ferritin on a 20 % sale), not
// taken off a sale price
const S2 = { ferritin: 3 } as const;
const lineOf = (cart: Cart, id: number) =>
  [...cart.items, ...cart.additionalItems].find((line) => line.serviceId === id);

describe('a promo code that does not add to a sale', () => {
  it('competes with the sale: 25 % off the list price beats the sale with the online discount', async () => {
    const plain = await cartWith([S2.ferritin], '');
    const listPrice = lineOf(plain, S2.ferritin)?.originalPrice ?? 0;
    expect(lineOf(plain, S2.ferritin)?.initialPrice).toBeLessThan(listPrice); // on sale
    const cart = await cartWith([S2.ferritin], 'NOSALE25');
    // one of the two, never both: the sale is set aside and the code is taken off the list price
    expect(lineOf(cart, S2.ferritin)).toMatchObject({
      price: Math.round(listPrice * 75) / 100,
      initialPrice: listPrice,
      originalPrice: listPrice,
    });
    expect(cart.totals?.online).toMatchObject({ otherDiscounts: 0, promoDiscount: Math.round(listPrice * 25) / 100 });
  });

  it('loses to the sale when smaller: the sale price with the online discount, nothing taken by the code', async () => {
    const plain = await cartWith([S2.ferritin], '');
    const cart = await cartWith([S2.ferritin], 'NOSALE15');
    expect(lineOf(cart, S2.ferritin)?.price).toBe(lineOf(plain, S2.ferritin)?.price);
    expect(cart.totals?.online).toEqual(plain.totals?.online);
    expect(cart.totals?.online.promoDiscount).toBe(0);
    // a line not on sale in the scope still takes the code: 215 - 15 %
    const both = await cartWith([S.cbc, S2.ferritin], 'NOSALE15');
    expect(lineOf(both, S.cbc)?.price).toBe(182.75);
  });

  it('the cart names the code’s terms: its value, days, scope and rule on sales', async () => {
    const cart = await cartWith([S.cbc], 'CHECKUP20');
    expect(cart.promoTerms).toEqual({
      code: 'CHECKUP20',
      value: 0.2,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      withSales: true,
      groups: [{ slug: 'checkups', title: 'Чекапи' }],
    });
    // applied, and it takes nothing off a lone blood count: the totals say so
    expect(cart.totals?.online.promoDiscount).toBe(0);
    expect((await cartWith([S.cbc], 'NOSALE25')).promoTerms).toMatchObject({ withSales: false });
    expect((await cartWith([S.cbc], '')).promoTerms).toBeNull();
  });

  it('the order charges what the cart said, the sale set aside', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    await fillCart(t.db, patient.userId, ['2002']);
    const cart = await ok<Cart>(t.app, 'cartGet', {
      headers: { cookie },
      query: { settlementId: KYIV, promoCode: 'NOSALE25' },
    });
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie },
      body: {
        orderId: randomUUID(),
        settlementId: KYIV,
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
      } satisfies OrderCreateBody,
    });
    expect(order).toMatchObject({
      totalPrice: cart.totals?.online.totalPrice,
      promoDiscount: cart.totals?.online.promoDiscount,
      otherDiscounts: 0,
    });
  });
});
