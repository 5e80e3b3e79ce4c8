import { randomUUID } from 'node:crypto';
import type { Cart, Order, OrderCreateBody } from '@lab/api/contract';
import { createPatientUser, fillCart, sessionCookie, signIn } from '../../../test-support/accounts';
import { useTestApp } from '../../../test-support/harness';
import { type CallInput, call, ok } from '../../../test-support/http';

const t = useTestApp();

// fixture: settlement 1 kyiv; services 1 blood draw, 2 CBC (215), 3 ferritin (232), 4 PSA (330); online discount 5 %
const KYIV = 1;
const S = { draw: 1, cbc: 2, ferritin: 3, psa: 4 } as const;

async function signedIn(): Promise<{ userId: number; headers: Record<string, string> }> {
  const user = await createPatientUser(t.db);
  return { userId: user.userId, headers: { cookie: await sessionCookie(t.app, user.userId) } };
}

const as = (headers: Record<string, string>, input: CallInput = {}): CallInput => ({
  query: { settlementId: KYIV },
  ...input,
  headers,
});
const guestCart = async (serviceIds: number[], promoCode?: string): Promise<string> => {
  const { id } = await ok<Cart>(t.app, 'cartGuestCreate', { body: {} });
  await ok<Cart>(t.app, 'cartGuestAdd', {
    params: { cartId: id },
    query: { settlementId: KYIV, ...(promoCode ? { promoCode } : {}) },
    body: { serviceIds },
  });
  return id;
};
const itemIds = (cart: Cart) => cart.items.map((item) => item.serviceId);

describe('the signed-in user’s cart (private cart/carts)', () => {
  it('answers 401 to guests', async () => {
    for (const key of ['cartGet', 'cartAdd', 'cartRemove'] as const) {
      const res = await call(t.app, key, { query: { settlementId: KYIV }, body: { serviceIds: [S.cbc] } });
      expect(res).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    }
  });

  it('creates the cart on first use, then keeps it', async () => {
    const { headers } = await signedIn();
    const first = await ok<Cart>(t.app, 'cartGet', as(headers));
    expect(first).toMatchObject({ items: [], additionalItems: [], totalPrice: 0, promo: null, promoCode: null });
    expect((await ok<Cart>(t.app, 'cartGet', as(headers))).id).toBe(first.id);
  });

  it('adds and removes like a guest cart, with the same rules', async () => {
    const { headers } = await signedIn();
    const cart = await ok<Cart>(t.app, 'cartAdd', as(headers, { body: { serviceIds: [S.ferritin, S.psa] } }));
    expect(itemIds(cart)).toEqual([S.ferritin, S.psa]);
    expect(cart.additionalItems.map((item) => item.serviceId)).toEqual([S.draw]);
    expect(cart.totalPrice).toBe(590.9); // 220.40 + 313.50 + 57
    const refused = await call(t.app, 'cartRemove', as(headers, { body: { serviceIds: [S.draw] } }));
    expect(refused).toMatchObject({ status: 400, body: { code: 'not-removable', field: 'serviceIds' } });
    const after = await ok<Cart>(t.app, 'cartRemove', as(headers, { body: { serviceIds: [S.ferritin] } }));
    expect(itemIds(after)).toEqual([S.psa]);
    const unknown = await call(t.app, 'cartAdd', as(headers, { body: { serviceIds: [999] } }));
    expect(unknown).toMatchObject({ status: 400, body: { code: 'service-unavailable', field: 'serviceIds' } });
    const noCity = await call(t.app, 'cartGet', as(headers, { query: { settlementId: 999 } }));
    expect(noCity.status).toBe(404);
  });

  it('keeps each user’s cart to themselves', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await ok(t.app, 'cartAdd', as(a.headers, { body: { serviceIds: [S.cbc] } }));
    expect(itemIds(await ok<Cart>(t.app, 'cartGet', as(b.headers)))).toEqual([]);
    const cartOfA = await ok<Cart>(t.app, 'cartGet', as(a.headers));
    expect(
      (await call(t.app, 'cartGuestGet', { params: { cartId: cartOfA.id }, query: { settlementId: KYIV } })).status,
    ).toBe(404);
  });
});

describe('POST cart/carts/merge/{cartId}: the guest cart into the user’s after sign-in', () => {
  it('moves the guest’s items and promo into the user’s cart and deletes the guest cart', async () => {
    const { headers } = await signedIn();
    await ok(t.app, 'cartAdd', as(headers, { body: { serviceIds: [S.cbc] } }));
    const guestId = await guestCart([S.ferritin, S.cbc], 'SPRING10');
    const merged = await ok<Cart>(t.app, 'cartMerge', as(headers, { params: { cartId: guestId } }));
    expect(itemIds(merged)).toEqual([S.cbc, S.ferritin]);
    expect(merged).toMatchObject({ promo: 0.1, promoCode: 'SPRING10' });
    expect(merged.id).not.toBe(guestId);
    const gone = await call(t.app, 'cartGuestGet', { params: { cartId: guestId }, query: { settlementId: KYIV } });
    expect(gone.status).toBe(404);
  });

  it('is repeatable: merging a cart that is gone answers the user’s cart unchanged', async () => {
    const { headers } = await signedIn();
    const guestId = await guestCart([S.psa]);
    const first = await ok<Cart>(t.app, 'cartMerge', as(headers, { params: { cartId: guestId } }));
    const again = await ok<Cart>(t.app, 'cartMerge', as(headers, { params: { cartId: guestId } }));
    expect(again).toEqual(first);
    expect(itemIds(again)).toEqual([S.psa]);
  });

  it('keeps the user’s own promo', async () => {
    const { headers } = await signedIn();
    await ok(t.app, 'cartGet', as(headers, { query: { settlementId: KYIV, promoCode: 'SPRING10' } }));
    await t.db.query(
      "INSERT INTO promo_codes (code, fraction, valid_from, valid_to) VALUES ('MERGE20', 0.2, '2026-01-01', '2026-12-31')",
    );
    const guestId = await guestCart([S.psa], 'MERGE20');
    const merged = await ok<Cart>(t.app, 'cartMerge', as(headers, { params: { cartId: guestId } }));
    expect(merged).toMatchObject({ promoCode: 'SPRING10', promo: 0.1 });
  });

  it('answers 400 for a malformed cart id and 401 to guests', async () => {
    const { headers } = await signedIn();
    const bad = await call(t.app, 'cartMerge', as(headers, { params: { cartId: 'nope' } }));
    expect(bad).toMatchObject({ status: 400, body: { field: 'cartId' } });
    const guest = await call(t.app, 'cartMerge', {
      params: { cartId: await guestCart([S.cbc]) },
      query: { settlementId: KYIV },
    });
    expect(guest.status).toBe(401);
  });
});

describe('merging at sign-in keeps the lines the guest cannot order', () => {
  const LVIV = 2;
  const unavailable = (cart: Cart) => cart.unavailableItems?.map((item) => [item.serviceId, item.reason]);
  const guestView = async (cartId: string) =>
    ok<Cart>(t.app, 'cartGuestGet', { params: { cartId }, query: { settlementId: KYIV } });
  const cartRows = async (cartId: string) =>
    (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1', [cartId])).n;

  /** CBC withdrawn from the site and PSA without a Kyiv price while `run` runs. */
  async function withUnavailable(run: () => Promise<void>): Promise<void> {
    await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [S.cbc]);
    const saved = await t.db.one<{ price: number; fullPrice: number }>(
      `DELETE FROM service_prices WHERE service_id = $1 AND settlement_id = $2
       RETURNING price::float8 AS price, full_price::float8 AS "fullPrice"`,
      [S.psa, KYIV],
    );
    try {
      await run();
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [S.cbc]);
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)',
        [KYIV, S.psa, saved.price, saved.fullPrice],
      );
    }
  }

  it('signs in through the SMS code and answers the same lines, unavailable ones still marked', async () => {
    const user = await createPatientUser(t.db);
    // the account's cart from an earlier visit already holds CBC
    const earlier = { cookie: await sessionCookie(t.app, user.userId) };
    await ok(t.app, 'cartAdd', as(earlier, { body: { serviceIds: [S.cbc] } }));
    const guestId = await guestCart([S.ferritin, S.cbc, S.psa]);
    await withUnavailable(async () => {
      const before = await guestView(guestId);
      expect(itemIds(before)).toEqual([S.ferritin]);
      expect(unavailable(before)).toEqual([
        [S.cbc, 'withdrawn'],
        [S.psa, 'settlement'],
      ]);

      const cookie = await signIn(t.app, user.phone);
      const merged = await ok<Cart>(t.app, 'cartMerge', as({ cookie }, { params: { cartId: guestId } }));
      expect(merged.items).toEqual(before.items);
      expect(merged.additionalItems).toEqual(before.additionalItems);
      expect(merged.unavailableItems).toEqual(before.unavailableItems);
      expect(merged.totalPrice).toBe(before.totalPrice);
      // CBC was the user's already: stored once
      expect(await cartRows(merged.id)).toBe(3);
      expect(await ok<Cart>(t.app, 'cartGet', as({ cookie }))).toEqual(merged);
      const gone = await call(t.app, 'cartGuestGet', { params: { cartId: guestId }, query: { settlementId: KYIV } });
      expect(gone.status).toBe(404);

      // in a city that sells PSA it is an item again; the withdrawn CBC stays unavailable everywhere
      const lviv = await ok<Cart>(t.app, 'cartGet', as({ cookie }, { query: { settlementId: LVIV } }));
      expect(itemIds(lviv)).toEqual([S.ferritin, S.psa]);
      expect(unavailable(lviv)).toEqual([[S.cbc, 'withdrawn']]);
    });
  });

  it('keeps a line added in another city, and merging again doubles nothing', async () => {
    const user = await createPatientUser(t.db);
    await withUnavailable(async () => {
      const guestId = await guestCart([S.ferritin]);
      // PSA is offered in Lviv: a guest there adds it, then comes back to Kyiv
      await ok(t.app, 'cartGuestAdd', {
        params: { cartId: guestId },
        query: { settlementId: LVIV },
        body: { serviceIds: [S.psa] },
      });
      const cookie = await signIn(t.app, user.phone);
      const merged = await ok<Cart>(t.app, 'cartMerge', as({ cookie }, { params: { cartId: guestId } }));
      expect(itemIds(merged)).toEqual([S.ferritin]);
      expect(unavailable(merged)).toEqual([[S.psa, 'settlement']]);
      // the merge is repeatable and doubles nothing
      expect(await ok<Cart>(t.app, 'cartMerge', as({ cookie }, { params: { cartId: guestId } }))).toEqual(merged);
      expect(await cartRows(merged.id)).toBe(2);
    });
  });

  it('moves the orderable lines first when the account’s cart has no room for all', async () => {
    const user = await createPatientUser(t.db);
    const codes = await t.db.query<{ code: string }>(
      `INSERT INTO services (code, slug, title_uk) SELECT 'T-MERGE-' || n, 't-merge-' || n, 'Тест ' || n
         FROM generate_series(1, 98) AS n RETURNING code`,
    );
    try {
      const userCartId = await fillCart(
        t.db,
        user.userId,
        codes.map((row) => row.code),
      );
      const guestId = await guestCart([S.psa, S.cbc, S.ferritin]);
      await withUnavailable(async () => {
        const cookie = await signIn(t.app, user.phone);
        const merged = await ok<Cart>(t.app, 'cartMerge', as({ cookie }, { params: { cartId: guestId } }));
        // room for two of three: the orderable ferritin, then the guest's first line; CBC stays out
        expect(merged.id).toBe(userCartId);
        expect(itemIds(merged)).toEqual([S.ferritin]);
        expect(unavailable(merged)?.filter(([id]) => id === S.cbc || id === S.psa)).toEqual([[S.psa, 'settlement']]);
        expect(await cartRows(merged.id)).toBe(100);
      });
    } finally {
      await t.db.query("DELETE FROM services WHERE code LIKE 'T-MERGE-%'");
    }
  });
});

describe('a line not offered in the chosen city, up to the order', () => {
  const LVIV = 2;

  async function patient() {
    const user = await createPatientUser(t.db);
    return { ...user, headers: { cookie: await sessionCookie(t.app, user.userId) } };
  }
  const orderBody = async (patientId: number): Promise<OrderCreateBody> => ({
    orderId: randomUUID(),
    settlementId: LVIV,
    patientId,
    visit: 'branch',
    branchId: (await t.db.one<{ id: number }>('SELECT min(id) AS id FROM branches WHERE settlement_id = $1', [LVIV]))
      .id,
    homeVisit: null,
    paymentType: 'cash',
    doctor: null,
    promoCode: null,
    acceptContract: true,
    acceptPersonalData: true,
    utmParameters: null,
  });

  it('shows it unavailable in the city; the order is refused with 400 until it is removed', async () => {
    const me = await patient();
    await ok(t.app, 'cartAdd', as(me.headers, { body: { serviceIds: [S.ferritin, S.cbc] } }));
    const saved = await t.db.one<{ price: number; fullPrice: number }>(
      `DELETE FROM service_prices WHERE service_id = $1 AND settlement_id = $2
       RETURNING price::float8 AS price, full_price::float8 AS "fullPrice"`,
      [S.cbc, LVIV],
    );
    try {
      const inLviv = as(me.headers, { query: { settlementId: LVIV } });
      const cart = await ok<Cart>(t.app, 'cartGet', inLviv);
      expect(itemIds(cart)).toEqual([S.ferritin]);
      expect(cart.unavailableItems?.map((i) => [i.serviceId, i.reason, i.service.code])).toEqual([
        [S.cbc, 'settlement', '2001'],
      ]);
      // ferritin and its blood draw in Lviv, less 5 % online: CBC counts nowhere
      expect(cart).toMatchObject({ totalPrice: 256.51, originalTotalPrice: 323.5 });

      const body = await orderBody(me.patientId);
      const refused = await call(t.app, 'orderCreate', { headers: me.headers, body });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'service-not-available',
        message: 'Деякі аналізи недоступні в обраному місті',
        field: 'settlementId',
      });
      const ru = await call(t.app, 'orderCreate', { headers: me.headers, body, language: 'ru' });
      expect(ru.body).toMatchObject({ message: 'Некоторые анализы недоступны в выбранном городе' });
      // nothing was placed and the cart kept both lines
      expect(
        (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [me.userId])).n,
      ).toBe(0);
      expect(itemIds(await ok<Cart>(t.app, 'cartGet', as(me.headers)))).toEqual([S.ferritin, S.cbc]);

      const after = await ok<Cart>(
        t.app,
        'cartRemove',
        as(me.headers, { query: { settlementId: LVIV }, body: { serviceIds: [S.cbc] } }),
      );
      expect(after.unavailableItems).toEqual([]);
      expect(itemIds(after)).toEqual([S.ferritin]);
      const order = await ok<Order>(t.app, 'orderCreate', { headers: me.headers, body: await orderBody(me.patientId) });
      expect(order.items.map((item) => item.code)).toEqual(['2002']);
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)',
        [LVIV, S.cbc, saved.price, saved.fullPrice],
      );
    }
  });

  it('treats a line hidden from the site the same in the cart and at the order', async () => {
    const me = await patient();
    await ok(t.app, 'cartAdd', as(me.headers, { body: { serviceIds: [S.ferritin, S.cbc] } }));
    await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [S.cbc]);
    try {
      const cart = await ok<Cart>(t.app, 'cartGet', as(me.headers, { query: { settlementId: LVIV } }));
      expect(cart.unavailableItems?.map((i) => [i.serviceId, i.reason])).toEqual([[S.cbc, 'withdrawn']]);
      const refused = await call(t.app, 'orderCreate', { headers: me.headers, body: await orderBody(me.patientId) });
      expect(refused).toMatchObject({ status: 400, body: { code: 'service-not-available', field: 'settlementId' } });
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [S.cbc]);
    }
  });
});
