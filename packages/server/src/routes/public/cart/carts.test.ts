import type { Cart } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { type CallInput, call, ok } from '../../../test-support/http';

const t = useTestApp();

// fixture: settlements 1 kyiv, 2 lviv; services 1 blood draw (60 in Kyiv), 2 CBC (215), 3 ferritin (232, list 290),
// 4 PSA (330), 5 basic checkup (450); CBC, ferritin and the checkup bring the blood draw along. Online discount 5 %.
const KYIV = 1;
const LVIV = 2;
const S = { draw: 1, cbc: 2, ferritin: 3, psa: 4, checkup: 5 } as const;
const UNKNOWN_CART = '00000000-0000-4000-8000-000000000000';

const newCart = async () => (await ok<Cart>(t.app, 'cartGuestCreate', { body: {} })).id;
const query = (settlementId: number = KYIV, promoCode?: string) => ({
  settlementId,
  ...(promoCode === undefined ? {} : { promoCode }),
});
const get = (cartId: string, extra: Partial<CallInput> = {}) =>
  call(t.app, 'cartGuestGet', { params: { cartId }, query: query(), ...extra });
const add = (cartId: string, serviceIds: unknown, extra: Partial<CallInput> = {}) =>
  call(t.app, 'cartGuestAdd', { params: { cartId }, query: query(), body: { serviceIds }, ...extra });
const remove = (cartId: string, serviceIds: unknown, extra: Partial<CallInput> = {}) =>
  call(t.app, 'cartGuestRemove', { params: { cartId }, query: query(), body: { serviceIds }, ...extra });
const okCart = async (result: Promise<{ status: number; body: unknown }>): Promise<Cart> => {
  const res = await result;
  if (res.status !== 200) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Cart;
};
const lines = (cart: Cart) => ({
  items: cart.items.map((i) => [i.serviceId, i.price, i.initialPrice, i.originalPrice]),
  additionalItems: cart.additionalItems.map((i) => [i.serviceId, i.price, i.initialPrice, i.originalPrice]),
  totalPrice: cart.totalPrice,
  originalTotalPrice: cart.originalTotalPrice,
});

const NOTHING = { original: 0, otherDiscounts: 0, onlineDiscount: 0, promoDiscount: 0, totalPrice: 0 };

describe('POST cart/carts: a new anonymous cart', () => {
  it('answers an empty cart with a fresh uuid', async () => {
    const cart = await ok<Cart>(t.app, 'cartGuestCreate', { body: {} });
    expect(cart).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      items: [],
      additionalItems: [],
      totalPrice: 0,
      originalTotalPrice: 0,
      promo: null,
      promoCode: null,
      unavailableItems: [],
      totals: { online: NOTHING, onSite: NOTHING },
    });
    expect((await ok<Cart>(t.app, 'cartGuestCreate', { body: {} })).id).not.toBe(cart.id);
  });

  it('creates the cart with its first services in one call, priced in the settlement', async () => {
    const res = await call(t.app, 'cartGuestCreate', {
      query: { settlementId: KYIV },
      body: { serviceIds: [S.ferritin] },
    });
    const cart = await okCart(Promise.resolve(res));
    expect(cart.items.map((item) => item.serviceId)).toEqual([S.ferritin]);
    expect(cart.additionalItems.map((item) => item.serviceId)).toEqual([S.draw]);
    // the same cart is there to read and to add to
    expect((await okCart(get(cart.id))).items.map((item) => item.serviceId)).toEqual([S.ferritin]);
    expect((await okCart(add(cart.id, [S.psa]))).items.map((item) => item.serviceId)).toEqual([S.ferritin, S.psa]);
  });

  it('asks for the settlement when services come, and for a known one', async () => {
    const missing = await call(t.app, 'cartGuestCreate', { body: { serviceIds: [S.ferritin] } });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'validation-error', message: 'Обов’язкове поле', field: 'settlementId' },
    });
    const empty = await call(t.app, 'cartGuestCreate', { query: { settlementId: KYIV }, body: { serviceIds: [] } });
    expect(empty).toMatchObject({ status: 400, body: { code: 'validation-error', field: 'serviceIds' } });
    const unknown = await call(t.app, 'cartGuestCreate', {
      query: { settlementId: 999 },
      body: { serviceIds: [S.ferritin] },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a service it cannot sell as an add does, and makes no cart then', async () => {
    const carts = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM carts')).n;
    const before = await carts();
    const res = await call(t.app, 'cartGuestCreate', {
      query: { settlementId: KYIV },
      body: { serviceIds: [S.ferritin, 999] },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'service-unavailable', field: 'serviceIds' } });
    expect(await carts()).toBe(before);
  });

  it('refuses a body with fields', async () => {
    const res = await call(t.app, 'cartGuestCreate', { body: { userId: 1 } });
    expect(res).toMatchObject({ status: 400, body: { code: 'validation-error', field: 'userId' } });
  });
});

describe('GET cart/carts/{id}', () => {
  it('answers the cart, priced in the settlement', async () => {
    const id = await newCart();
    expect(await okCart(get(id))).toMatchObject({ id, items: [], totalPrice: 0 });
  });

  it('answers 404 for a cart that does not exist (the client then creates one)', async () => {
    expect((await get(UNKNOWN_CART)).body).toEqual({ code: 'not-found', message: 'Кошик не знайдено' });
    expect((await get(UNKNOWN_CART, { language: 'ru' })).body).toEqual({
      code: 'not-found',
      message: 'Корзина не найдена',
    });
  });

  it('answers 400 for a malformed id or settlement, 404 for an unknown settlement', async () => {
    expect((await get('not-a-uuid')).body).toMatchObject({ code: 'validation-error', field: 'cartId' });
    const id = await newCart();
    expect((await call(t.app, 'cartGuestGet', { params: { cartId: id } })).body).toMatchObject({
      code: 'validation-error',
      field: 'settlementId',
    });
    expect((await get(id, { query: { settlementId: 0 } })).body).toMatchObject({ field: 'settlementId' });
    expect((await get(id, { query: { settlementId: 999 } })).body).toEqual({
      code: 'not-found',
      message: 'Місто не знайдено',
    });
  });
});

describe('POST cart/carts/{id}/add and /remove', () => {
  it('adds services with the online discount; what they bring along comes as additional items', async () => {
    const id = await newCart();
    const cart = await okCart(add(id, [S.ferritin]));
    expect(lines(cart)).toEqual({
      // [serviceId, price, initialPrice, originalPrice]: 232 less 5 % = 220.40; the blood draw 60 -> 57
      items: [[S.ferritin, 220.4, 232, 290]],
      additionalItems: [[S.draw, 57, 60, 60]],
      totalPrice: 277.4,
      originalTotalPrice: 350,
    });
    expect(cart.items[0]?.service).toEqual({
      id: S.ferritin,
      title: 'Феритин',
      description: 'Опис Феритин',
      code: '2002',
      slug: 'ferritin',
      packageService: false,
      additionalServices: [
        { id: S.draw, code: '1001', slug: 'blood-draw', title: 'Взяття крові', packageService: false },
      ],
    });
    expect(cart).toMatchObject({ promo: null, promoCode: null });
  });

  it('keeps one additional line for several items, in the order added, and is idempotent', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin]));
    const cart = await okCart(add(id, [S.cbc, S.ferritin, S.cbc]));
    expect(lines(cart)).toEqual({
      items: [
        [S.ferritin, 220.4, 232, 290],
        [S.cbc, 204.25, 215, 215],
      ],
      additionalItems: [[S.draw, 57, 60, 60]],
      totalPrice: 481.65,
      originalTotalPrice: 565,
    });
    expect(lines(await okCart(add(id, [S.cbc])))).toEqual(lines(cart));
  });

  it('answers titles in Russian and reprices when the city changes', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.cbc]));
    const lviv = await okCart(get(id, { query: { settlementId: LVIV }, language: 'ru' }));
    expect(lviv.items[0]?.service.title).toBe('Ферритин');
    expect(lines(lviv)).toEqual({
      items: [
        [S.ferritin, 203.78, 214.5, 268],
        [S.cbc, 188.58, 198.5, 198.5],
      ],
      additionalItems: [[S.draw, 52.73, 55.5, 55.5]],
      totalPrice: 445.09,
      originalTotalPrice: 522,
    });
  });

  it('refuses to remove an additional item on its own, with a localized 400', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin]));
    const res = await remove(id, [S.draw]);
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'not-removable',
        message: 'Ця послуга додається разом з іншими аналізами, її не можна видалити окремо',
        field: 'serviceIds',
      },
    });
    expect((await remove(id, [S.draw], { language: 'ru' })).body).toMatchObject({
      message: 'Эта услуга добавляется вместе с другими анализами, её нельзя удалить отдельно',
    });
  });

  it('removes items (the additional ones go with them); ids not in the cart are ignored', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.psa]));
    const cart = await okCart(remove(id, [S.ferritin, S.checkup, 999]));
    expect(lines(cart)).toEqual({
      items: [[S.psa, 313.5, 330, 330]],
      additionalItems: [],
      totalPrice: 313.5,
      originalTotalPrice: 330,
    });
    // a service both added and brought along is removable as an item and stays as an additional line
    await okCart(add(id, [S.draw, S.cbc]));
    const after = await okCart(remove(id, [S.draw]));
    expect(after.items.map((i) => i.serviceId)).toEqual([S.psa, S.cbc]);
    expect(after.additionalItems.map((i) => i.serviceId)).toEqual([S.draw]);
  });

  it('refuses unknown, disabled and not offered services with 400 on serviceIds, adding nothing', async () => {
    const id = await newCart();
    const unavailable = {
      code: 'service-unavailable',
      message: 'Цю послугу не можна замовити в обраному місті',
      field: 'serviceIds',
    };
    expect((await add(id, [S.cbc, 999])).body).toEqual(unavailable);
    await t.db.query('UPDATE services SET enabled = false WHERE id = $1', [S.psa]);
    try {
      expect((await add(id, [S.psa])).body).toEqual(unavailable);
    } finally {
      await t.db.query('UPDATE services SET enabled = true WHERE id = $1', [S.psa]);
    }
    await t.db.query('DELETE FROM service_prices WHERE service_id = $1 AND settlement_id = $2', [S.psa, LVIV]);
    try {
      expect((await add(id, [S.psa], { query: { settlementId: LVIV } })).body).toEqual(unavailable);
      expect((await okCart(get(id))).items).toEqual([]);
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, 305, 305)',
        [LVIV, S.psa],
      );
    }
  });

  it('keeps lines of services that were disabled later, answered as withdrawn until they come back', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.psa]));
    await t.db.query('UPDATE services SET enabled = false WHERE id = $1', [S.psa]);
    try {
      const cart = await okCart(get(id));
      expect(cart.items.map((i) => i.serviceId)).toEqual([S.ferritin]);
      expect(cart.unavailableItems?.map((i) => [i.serviceId, i.reason])).toEqual([[S.psa, 'withdrawn']]);
      expect(cart.totalPrice).toBe(277.4);
    } finally {
      await t.db.query('UPDATE services SET enabled = true WHERE id = $1', [S.psa]);
    }
    const back = await okCart(get(id));
    expect(back.items.map((i) => i.serviceId)).toEqual([S.ferritin, S.psa]);
    expect(back.unavailableItems).toEqual([]);
  });

  it.each([
    ['no serviceIds', undefined, 'serviceIds'],
    ['an empty list', [], 'serviceIds'],
    ['ids that are not numbers', ['x'], 'serviceIds'],
    ['id 0', [0], 'serviceIds'],
    ['more than 100 ids', Array.from({ length: 101 }, (_, i) => i + 1), 'serviceIds'],
    ['an id beyond the database’s integers', [2_147_483_648], 'serviceIds'],
  ])('answers 400 for %s', async (_, serviceIds, field) => {
    const id = await newCart();
    for (const res of [await add(id, serviceIds), await remove(id, serviceIds)]) {
      expect(res).toMatchObject({ status: 400, body: { code: 'validation-error', field } });
    }
  });

  it('answers 404 for a missing cart and an unknown settlement', async () => {
    expect((await add(UNKNOWN_CART, [S.cbc])).status).toBe(404);
    expect((await remove(UNKNOWN_CART, [S.cbc])).status).toBe(404);
    const id = await newCart();
    expect((await add(id, [S.cbc], { query: { settlementId: 999 } })).body).toMatchObject({
      code: 'not-found',
      message: 'Місто не знайдено',
    });
  });

  it('does not reach a signed-in user’s cart through the guest routes', async () => {
    const user = await t.db.one<{ id: number }>("INSERT INTO users (phone) VALUES ('+380630000001') RETURNING id");
    const cart = await t.db.one<{ id: string }>('INSERT INTO carts (user_id) VALUES ($1) RETURNING id', [user.id]);
    expect((await get(cart.id)).status).toBe(404);
    expect((await add(cart.id, [S.cbc])).status).toBe(404);
  });
});

describe('cart size limit', () => {
  beforeAll(async () => {
    // 101 more services offered in Kyiv
    await t.db.query(
      `INSERT INTO services (code, slug, title_uk, base_price)
       SELECT 'T-' || g, 'limit-test-' || g, 'Тест ' || g, 10 FROM generate_series(1, 101) g`,
    );
    await t.db.query(
      `INSERT INTO service_prices (settlement_id, service_id, price, full_price)
       SELECT 1, id, 10, 10 FROM services WHERE code LIKE 'T-%'`,
    );
  });

  it('holds at most 100 items: more answers 400 cart-full; re-adding present ones still works', async () => {
    const ids = (await t.db.query<{ id: number }>("SELECT id FROM services WHERE code LIKE 'T-%' ORDER BY id")).map(
      (row) => row.id,
    );
    const id = await newCart();
    const full = await okCart(add(id, ids.slice(0, 100)));
    expect(full.items).toHaveLength(100);
    expect(full.totalPrice).toBe(950); // 100 x 10 less 5 %
    const res = await add(id, [ids[100]]);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'cart-full', message: 'У кошику може бути не більше 100 послуг', field: 'serviceIds' },
    });
    expect((await add(id, [ids[100]], { language: 'ru' })).body).toMatchObject({
      message: 'В корзине может быть не больше 100 услуг',
    });
    expect((await okCart(add(id, [ids[0] ?? 0]))).items).toHaveLength(100);
  });
});

describe('promo code on a cart (?promoCode=)', () => {
  it('applies a valid code: the larger of the promo and the online discount prices the lines', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.cbc]));
    const cart = await okCart(get(id, { query: query(KYIV, 'spring10') }));
    expect(cart).toMatchObject({ promo: 0.1, promoCode: 'SPRING10' });
    expect(lines(cart)).toEqual({
      items: [
        [S.ferritin, 208.8, 232, 290],
        [S.cbc, 193.5, 215, 215],
      ],
      additionalItems: [[S.draw, 54, 60, 60]],
      totalPrice: 456.3,
      originalTotalPrice: 565,
    });
    // the promo stays with the cart
    expect(await okCart(get(id))).toMatchObject({ promo: 0.1, promoCode: 'SPRING10', totalPrice: 456.3 });
  });

  it('keeps the online discount when it is larger than the promo', async () => {
    await t.db.query(
      "INSERT INTO promo_codes (code, fraction, valid_from, valid_to) VALUES ('SMALL3', 0.03, '2026-01-01', '2026-12-31')",
    );
    const id = await newCart();
    await okCart(add(id, [S.ferritin]));
    const cart = await okCart(get(id, { query: query(KYIV, 'SMALL3') }));
    expect(cart).toMatchObject({ promo: 0.03, promoCode: 'SMALL3' });
    expect(cart.items[0]?.price).toBe(220.4); // 5 % online, not 3 %
  });

  it('answers 400 wrong-promo for an invalid code and removes the cart’s promo (docs/product.md#validation)', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin]));
    await okCart(get(id, { query: query(KYIV, 'SPRING10') }));
    const res = await get(id, { query: query(KYIV, 'OLD5') });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'wrong-promo', message: 'Промокод недійсний або термін його дії закінчився', field: 'promoCode' },
    });
    expect(await okCart(get(id))).toMatchObject({ promo: null, promoCode: null, totalPrice: 277.4 });
  });

  it('removes the promo with an empty code, and ignores a promo that has expired since', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin]));
    await okCart(get(id, { query: query(KYIV, 'SPRING10') }));
    expect(await okCart(get(id, { query: query(KYIV, '') }))).toMatchObject({ promo: null, promoCode: null });
    await okCart(get(id, { query: query(KYIV, 'SPRING10') }));
    t.setNow('2027-01-02T10:00:00Z');
    expect(await okCart(get(id))).toMatchObject({ promo: null, promoCode: null, totalPrice: 277.4 });
  });

  it('refuses a code over 50 characters, and one with control characters as a wrong code', async () => {
    const id = await newCart();
    expect((await get(id, { query: query(KYIV, 'X'.repeat(51)) })).body).toMatchObject({ field: 'promoCode' });
    expect((await get(id, { query: query(KYIV, 'SPRING\u000010') })).body).toMatchObject({
      code: 'wrong-promo',
      field: 'promoCode',
    });
  });
});

describe('lines not offered in the chosen city (docs/product.md#city: the cart reloads on city change)', () => {
  /** Runs `body` while a service has no price in a settlement, then puts the price back. */
  async function withoutPrice(serviceId: number, settlementId: number, body: () => Promise<void>): Promise<void> {
    const saved = await t.db.one<{ price: number; fullPrice: number }>(
      `DELETE FROM service_prices WHERE service_id = $1 AND settlement_id = $2
       RETURNING price::float8 AS price, full_price::float8 AS "fullPrice"`,
      [serviceId, settlementId],
    );
    try {
      await body();
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)',
        [settlementId, serviceId, saved.price, saved.fullPrice],
      );
    }
  }

  it('answers such a line apart, unpriced and outside the totals; removing it works', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.psa]));
    await withoutPrice(S.psa, LVIV, async () => {
      const lviv = await okCart(get(id, { query: { settlementId: LVIV } }));
      // the Lviv prices of ferritin and the blood draw it brings, as in the city-change test above
      expect(lines(lviv)).toEqual({
        items: [[S.ferritin, 203.78, 214.5, 268]],
        additionalItems: [[S.draw, 52.73, 55.5, 55.5]],
        totalPrice: 256.51,
        originalTotalPrice: 323.5,
      });
      expect(lviv.unavailableItems).toEqual([
        {
          serviceId: S.psa,
          reason: 'settlement',
          service: {
            id: S.psa,
            title: 'ПСА загальний',
            description: 'Опис ПСА загальний',
            code: '2003',
            slug: 'psa-total',
            packageService: false,
            additionalServices: [],
          },
        },
      ]);
      expect(lviv.unavailableItems?.[0]).not.toHaveProperty('price');
      // the same cart in Kyiv still holds it as an item
      expect((await okCart(get(id))).items.map((i) => i.serviceId)).toEqual([S.ferritin, S.psa]);
      // titles follow the language there too
      const ru = await okCart(get(id, { query: { settlementId: LVIV }, language: 'ru' }));
      expect(ru.unavailableItems?.[0]?.service.title).toBe('ПСА общий');

      const after = await okCart(remove(id, [S.psa], { query: { settlementId: LVIV } }));
      expect(after.unavailableItems).toEqual([]);
      expect(lines(after)).toEqual(lines(lviv));
      expect((await okCart(get(id))).items.map((i) => i.serviceId)).toEqual([S.ferritin]);
    });
  });

  it('marks a line unavailable when what it brings along is not offered in the city', async () => {
    const id = await newCart();
    await okCart(add(id, [S.ferritin, S.psa]));
    await withoutPrice(S.draw, LVIV, async () => {
      const lviv = await okCart(get(id, { query: { settlementId: LVIV } }));
      expect(lines(lviv)).toEqual({
        items: [[S.psa, 289.75, 305, 305]],
        additionalItems: [],
        totalPrice: 289.75,
        originalTotalPrice: 305,
      });
      expect(lviv.unavailableItems?.map((i) => [i.serviceId, i.reason])).toEqual([[S.ferritin, 'settlement']]);
    });
  });
});
