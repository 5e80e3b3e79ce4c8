/**
 * Carts (docs/product.md#entities, #guest-or-signed-in and #constants). A cart belongs to an owner: a guest's anonymous cart known by its id,
 * or a signed-in user's one cart (created on first use). Every read and change names the settlement:
 * prices are those of that city, recomputed on every answer (domain/pricing.ts: the larger of the
 * online-payment discount and the cart's promo applies).
 *
 * Lines: `items` are what the visitor added; `additionalItems` are the services the items bring along
 * (the blood draw, a package's sampling), once each, unless already an item; they cannot be removed
 * on their own. Lines whose service became disabled or is not offered in the city stay stored and are
 * answered apart, in `unavailableItems` (no price, in no total), so the visitor can see and remove what
 * checkout would refuse; they become items again when offered. Adding is idempotent; a cart holds at
 * most MAX_CART_LINES items.
 *
 * Failures are results, not exceptions (`{ ok: false, error }`), so that HTTP routes and the order code
 * can each turn them into their own answers.
 */
import type { Cart, CartItem, CartService, CartTotals, ServiceRef, UnavailableCartItem } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import { priceLines } from '../domain/cart-lines';
import type { Clock } from '../domain/kyiv-time';
import { orderTotals } from '../domain/order-pricing';
import { fromKopiykas, toKopiykas } from '../domain/pricing';
import type { Locale } from '../i18n/messages';
import { createDiscountsRepository } from './discounts';
import { localized } from './sql';
import { inTransaction } from './transaction';

export const MAX_CART_LINES = 100;

const NO_TOTALS: CartTotals = { original: 0, otherDiscounts: 0, onlineDiscount: 0, promoDiscount: 0, totalPrice: 0 };

/** Whose cart: a guest's (by the id the browser stores) or a signed-in user's. */
export type CartOwner = { readonly cartId: string } | { readonly userId: number };

export interface CartOptions {
  readonly settlementId: number;
  readonly locale: Locale;
  /** The online-payment discount in percent (settings). */
  readonly onlineDiscountPercent: number;
  /** Apply this promo code first (`''` removes the cart's promo); undefined leaves it as it is. */
  readonly promoCode?: string | undefined;
}

export type CartError =
  | { readonly error: 'cart-not-found' }
  | { readonly error: 'settlement-not-found' }
  | { readonly error: 'wrong-promo' }
  /** Unknown, disabled or not offered in the settlement. */
  | { readonly error: 'unavailable'; readonly serviceIds: number[] }
  /** Additional items (brought along by other items) cannot be removed on their own. */
  | { readonly error: 'not-removable'; readonly serviceIds: number[] }
  | { readonly error: 'full'; readonly max: number };

export type CartResult = { readonly ok: true; readonly cart: Cart } | ({ readonly ok: false } & CartError);

/** A cart and its promo as stored. */
export interface StoredCart {
  readonly id: string;
  readonly userId: number | null;
  readonly promoCode: string | null;
}

/** A priced line of the cart, as the order code needs it. */
export interface CartLine extends CartItem {
  readonly additional: boolean;
}

type ServiceRow = {
  serviceId: number;
  title: string;
  description: string;
  code: string;
  slug: string;
  packageService: boolean;
};
/** A stored line; price null: not offered in the settlement. */
type LineRow = ServiceRow & { listed: boolean; price: number | null; fullPrice: number | null };
type AdditionalRow = ServiceRef & {
  ownerId: number;
  enabled: boolean;
  price: number | null;
  fullPrice: number | null;
  description: string;
};

const failure = (error: CartError): CartResult => ({ ok: false, ...error });

export function createCartsRepository(db: Queryable, clock: Clock) {
  /** Promo checks on the same connection (PGlite would wait for the open transaction otherwise). */
  const discountsOn = (q: Queryable) => createDiscountsRepository(q, clock);

  /** The owner's cart; a user's is created on first use. Null: no such guest cart. */
  async function find(q: Queryable, owner: CartOwner): Promise<StoredCart | null> {
    const columns = `c.id, c.user_id AS "userId", p.code AS "promoCode"`;
    if ('cartId' in owner) {
      return q.maybeOne<StoredCart>(
        `SELECT ${columns} FROM carts c LEFT JOIN promo_codes p ON p.id = c.promo_code_id
          WHERE c.id = $1::uuid AND c.user_id IS NULL`,
        [owner.cartId],
      );
    }
    await q.query(
      `INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO NOTHING`,
      [owner.userId],
    );
    return q.one<StoredCart>(
      `SELECT ${columns} FROM carts c LEFT JOIN promo_codes p ON p.id = c.promo_code_id WHERE c.user_id = $1`,
      [owner.userId],
    );
  }

  async function settlementExists(q: Queryable, settlementId: number): Promise<boolean> {
    return (await q.maybeOne('SELECT 1 FROM settlements WHERE id = $1 AND enabled', [settlementId])) !== null;
  }

  /** Remembers the city and the time of the last use (abandoned guest carts can be cleared by it). */
  async function touch(q: Queryable, cartId: string, settlementId: number): Promise<void> {
    await q.query('UPDATE carts SET settlement_id = $2, updated_at = now() WHERE id = $1', [cartId, settlementId]);
  }

  /** Applies or removes the promo code of the options; false when the code is not valid now. */
  async function applyPromo(q: Queryable, cart: StoredCart, code: string | undefined): Promise<StoredCart | null> {
    if (code === undefined) return cart;
    const trimmed = code.trim();
    if (trimmed === '') {
      await q.query('UPDATE carts SET promo_code_id = NULL WHERE id = $1', [cart.id]);
      return { ...cart, promoCode: null };
    }
    // a code with control characters is no code (and a NUL cannot even be sent to PostgreSQL)
    const check = /\p{Cc}/u.test(trimmed) ? null : await discountsOn(q).check(trimmed);
    if (check === null || !check.ok) {
      // docs/product.md#validation: a failed check empties the stored promo
      await q.query('UPDATE carts SET promo_code_id = NULL WHERE id = $1', [cart.id]);
      return null;
    }
    await q.query('UPDATE carts SET promo_code_id = (SELECT id FROM promo_codes WHERE code = $2) WHERE id = $1', [
      cart.id,
      check.discount.code,
    ]);
    return { ...cart, promoCode: check.discount.code };
  }

  /** The stored item ids, in the order they were added. */
  async function itemIds(q: Queryable, cartId: string): Promise<number[]> {
    const rows = await q.query<{ serviceId: number }>(
      'SELECT service_id AS "serviceId" FROM cart_items WHERE cart_id = $1 ORDER BY added_at, service_id',
      [cartId],
    );
    return rows.map((row) => row.serviceId);
  }

  /**
   * The priced answer. A stored line is orderable when its service is listed (enabled, shown on the
   * site) and priced in the settlement, and so is every service it brings along that is not itself a
   * line; this is the rule checkout applies (domain/checkout.ts), so the visitor sees each line the
   * order would refuse, in `unavailableItems`, unpriced and outside the totals.
   */
  async function view(q: Queryable, cart: StoredCart, options: CartOptions): Promise<Cart> {
    const { locale, settlementId } = options;
    const rows = await q.query<LineRow>(
      `SELECT s.id AS "serviceId", ${localized('s.title', locale)} AS title,
              ${localized('s.description', locale)} AS description, s.code, s.slug,
              s.package_service AS "packageService", (s.enabled AND s.show_on_site) AS listed,
              pr.price, pr.full_price AS "fullPrice"
         FROM cart_items ci
         JOIN services s ON s.id = ci.service_id
         LEFT JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = $2
        WHERE ci.cart_id = $1
        ORDER BY ci.added_at, ci.service_id`,
      [cart.id, settlementId],
    );
    const ids = rows.map((row) => row.serviceId);
    const additional =
      ids.length === 0
        ? []
        : await q.query<AdditionalRow>(
            `SELECT x.service_id AS "ownerId", s.id, s.code, s.slug, ${localized('s.title', locale)} AS title,
                    ${localized('s.description', locale)} AS description, s.package_service AS "packageService",
                    s.enabled, pr.price, pr.full_price AS "fullPrice"
               FROM additional_services x
               JOIN services s ON s.id = x.additional_service_id
               LEFT JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = $2
              WHERE x.service_id = ANY($1::int[])
              ORDER BY array_position($1::int[], x.service_id), x.sort_order, s.id`,
            [ids, settlementId],
          );
    const promo = cart.promoCode === null ? null : await discountsOn(q).check(cart.promoCode);
    const promoValue = promo?.ok ? promo.discount.value : null;
    const promoRule = promo?.ok ? { fraction: promo.discount.value, withSales: promo.withSales } : null;
    // the promo only within its scope (its groups); the other lines keep the online discount
    const inScope =
      promo?.ok === true
        ? await discountsOn(q).servicesInScope(promo.discount.code, [...ids, ...additional.map((row) => row.id)])
        : new Set<number>();
    const promoTerms = promo?.ok === true ? await discountsOn(q).terms(promo.discount.code, locale) : null;
    const onlinePercent = options.onlineDiscountPercent;
    const refsOf = (serviceId: number): ServiceRef[] =>
      additional
        .filter((row) => row.ownerId === serviceId && row.enabled)
        .map(({ id, code, slug, title, packageService }) => ({ id, code, slug, title, packageService }));
    const serviceOf = (service: ServiceRow): CartService => ({
      id: service.serviceId,
      title: service.title,
      description: service.description,
      code: service.code,
      slug: service.slug,
      packageService: service.packageService,
      additionalServices: refsOf(service.serviceId),
    });
    // one pricing for the cart and every catalogue surface (domain/cart-lines.ts)
    const priced = priceLines(
      rows.map((row) => ({
        id: row.serviceId,
        service: serviceOf(row),
        price: row.price,
        fullPrice: row.fullPrice,
        enabled: row.listed,
        brought: additional
          .filter((extra) => extra.ownerId === row.serviceId)
          .map((extra) => ({
            id: extra.id,
            service: serviceOf({ ...extra, serviceId: extra.id }),
            price: extra.price,
            fullPrice: extra.fullPrice,
            enabled: extra.enabled,
          })),
      })),
      (serviceId) => ({ onlinePercent, promo: inScope.has(serviceId) ? promoRule : null }),
    );
    const items: CartItem[] = priced.items;
    const additionalItems: CartItem[] = priced.additional;
    const unavailableItems: UnavailableCartItem[] = priced.unavailable;
    const totals = priced.totals;
    // what the order would charge, paying online or at the branch (the order's own pricing)
    const inputs = [...items, ...additionalItems].map((line) => ({
      price: line.initialPrice,
      fullPrice: line.originalPrice,
      promoApplies: inScope.has(line.serviceId),
    }));
    const estimate = (online: number): CartTotals => {
      const order = orderTotals(inputs, { online, promo: promoValue ?? 0, promoWithSales: promoRule?.withSales }, 0);
      return {
        original: fromKopiykas(toKopiykas(order.subtotal) + toKopiykas(order.otherDiscounts)),
        otherDiscounts: order.otherDiscounts,
        onlineDiscount: order.onlineDiscount,
        promoDiscount: order.promoDiscount,
        totalPrice: order.totalPrice,
      };
    };
    return {
      id: cart.id,
      items,
      additionalItems,
      totalPrice: totals.totalPrice,
      originalTotalPrice: totals.originalTotalPrice,
      promo: promoValue,
      promoCode: promoValue === null ? null : cart.promoCode,
      promoTerms,
      unavailableItems,
      totals: { online: estimate(options.onlineDiscountPercent / 100), onSite: estimate(0) },
    };
  }

  /**
   * The common start of every call: the cart, the settlement check, the promo of the options, the touch;
   * then `change` (null: nothing to change), then the answer.
   */
  async function withCart(
    owner: CartOwner,
    options: CartOptions,
    change?: (q: Queryable, cart: StoredCart) => Promise<CartError | StoredCart | null>,
  ): Promise<CartResult> {
    return inTransaction(db, async (q) => {
      const found = await find(q, owner);
      if (!found) return failure({ error: 'cart-not-found' });
      if (!(await settlementExists(q, options.settlementId))) return failure({ error: 'settlement-not-found' });
      const cart = await applyPromo(q, found, options.promoCode);
      if (!cart) return failure({ error: 'wrong-promo' });
      await touch(q, cart.id, options.settlementId);
      const changed = change ? await change(q, cart) : null;
      if (changed && 'error' in changed) return failure(changed);
      return { ok: true, cart: await view(q, changed ?? cart, options) };
    });
  }

  /** The ids to add to a cart holding `present`: each offered in the settlement, within the size limit. */
  async function freshItems(
    q: Queryable,
    present: ReadonlySet<number>,
    serviceIds: readonly number[],
    settlementId: number,
  ): Promise<CartError | number[]> {
    const wanted = [...new Set(serviceIds)];
    const offered = await offeredIds(q, wanted, settlementId);
    const unavailable = wanted.filter((id) => !offered.has(id));
    if (unavailable.length > 0) return { error: 'unavailable', serviceIds: unavailable };
    const fresh = wanted.filter((id) => !present.has(id));
    if (present.size + fresh.length > MAX_CART_LINES) return { error: 'full', max: MAX_CART_LINES };
    return fresh;
  }

  /** Adds ids not yet in the cart, checking that each is offered in the settlement and the size limit. */
  async function addItems(
    q: Queryable,
    cartId: string,
    serviceIds: readonly number[],
    settlementId: number,
  ): Promise<CartError | null> {
    const fresh = await freshItems(q, new Set(await itemIds(q, cartId)), serviceIds, settlementId);
    if ('error' in fresh) return fresh;
    await insertLines(q, cartId, fresh);
    return null;
  }

  /** Of these ids, those listed (enabled, shown on the site) and priced in the settlement. */
  async function offeredIds(q: Queryable, serviceIds: readonly number[], settlementId: number): Promise<Set<number>> {
    const offered = await q.query<{ id: number }>(
      `SELECT s.id FROM services s
         JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = $2
        WHERE s.id = ANY($1::int[]) AND s.enabled AND s.show_on_site`,
      [serviceIds, settlementId],
    );
    return new Set(offered.map((row) => row.id));
  }

  /** Stores lines after the cart's others, in the order given (no check: the callers have made theirs). */
  async function insertLines(q: Queryable, cartId: string, serviceIds: readonly number[]): Promise<void> {
    if (serviceIds.length === 0) return;
    // one statement; added_at ties are broken by the order of the ids
    await q.query(
      `INSERT INTO cart_items (cart_id, service_id, added_at)
       SELECT $1, id, now() + (ord * interval '1 microsecond')
         FROM unnest($2::int[]) WITH ORDINALITY AS u(id, ord)
       ON CONFLICT (cart_id, service_id) DO NOTHING`,
      [cartId, serviceIds],
    );
  }

  return {
    /** A new, empty guest cart (POST cart/carts). */
    async create(): Promise<Cart> {
      const { id } = await db.one<{ id: string }>('INSERT INTO carts DEFAULT VALUES RETURNING id');
      return {
        id,
        items: [],
        additionalItems: [],
        totalPrice: 0,
        originalTotalPrice: 0,
        promo: null,
        promoCode: null,
        unavailableItems: [],
        totals: { online: NO_TOTALS, onSite: NO_TOTALS },
      };
    },

    /**
     * A new guest cart holding services from the start (POST cart/carts with serviceIds): refused as an add
     * would be, before any cart is made, so a refusal leaves none behind.
     */
    async createWith(serviceIds: readonly number[], options: CartOptions): Promise<CartResult> {
      return inTransaction(db, async (q) => {
        if (!(await settlementExists(q, options.settlementId))) return failure({ error: 'settlement-not-found' });
        const fresh = await freshItems(q, new Set(), serviceIds, options.settlementId);
        if ('error' in fresh) return failure(fresh);
        const { id } = await q.one<{ id: string }>('INSERT INTO carts DEFAULT VALUES RETURNING id');
        await touch(q, id, options.settlementId);
        await insertLines(q, id, fresh);
        return { ok: true, cart: await view(q, { id, userId: null, promoCode: null }, options) };
      });
    },

    /** The cart in a settlement (and the promo code of the options applied). */
    async get(owner: CartOwner, options: CartOptions): Promise<CartResult> {
      return withCart(owner, options);
    },

    async add(owner: CartOwner, serviceIds: readonly number[], options: CartOptions): Promise<CartResult> {
      return withCart(owner, options, (q, cart) => addItems(q, cart.id, serviceIds, options.settlementId));
    },

    /** Removes items; ids not in the cart are ignored, additional items are refused. */
    async remove(owner: CartOwner, serviceIds: readonly number[], options: CartOptions): Promise<CartResult> {
      return withCart(owner, options, async (q, cart) => {
        const ids = [...new Set(serviceIds)];
        const items = new Set(await itemIds(q, cart.id));
        const current = await view(q, cart, options);
        const additional = new Set(current.additionalItems.map((item) => item.serviceId));
        const notRemovable = ids.filter((id) => !items.has(id) && additional.has(id));
        if (notRemovable.length > 0) return { error: 'not-removable', serviceIds: notRemovable };
        await q.query('DELETE FROM cart_items WHERE cart_id = $1 AND service_id = ANY($2::int[])', [cart.id, ids]);
        return null;
      });
    },

    /**
     * After sign-in: the guest cart's lines and its promo (when the user's cart has none) move into the
     * user's cart, and the guest cart is deleted. Every line moves, unavailable ones too (not offered in
     * the city, withdrawn): the visitor saw them in the cart and they stay there, still answered in
     * `unavailableItems`, to be removed or to come back in another city. Lines the user has already are
     * not doubled; past the size limit the orderable lines go first. A guest cart that no longer exists
     * merges nothing (the call is repeatable).
     */
    async merge(guestCartId: string, userId: number, options: CartOptions): Promise<CartResult> {
      return withCart({ userId }, options, async (q, cart) => {
        const guest = await find(q, { cartId: guestCartId });
        if (!guest) return null;
        const present = new Set(await itemIds(q, cart.id));
        const fresh = (await itemIds(q, guest.id)).filter((id) => !present.has(id));
        const room = Math.max(0, MAX_CART_LINES - present.size);
        let moving = fresh;
        if (fresh.length > room) {
          const offered = await offeredIds(q, fresh, options.settlementId);
          const kept = new Set(
            [...fresh.filter((id) => offered.has(id)), ...fresh.filter((id) => !offered.has(id))].slice(0, room),
          );
          moving = fresh.filter((id) => kept.has(id));
        }
        // in the guest cart's order, after the user's own lines
        await insertLines(q, cart.id, moving);
        let merged = cart;
        if (cart.promoCode === null && guest.promoCode !== null && options.promoCode === undefined) {
          await q.query(
            'UPDATE carts SET promo_code_id = (SELECT promo_code_id FROM carts WHERE id = $2) WHERE id = $1',
            [cart.id, guest.id],
          );
          merged = { ...cart, promoCode: guest.promoCode };
        }
        await q.query('DELETE FROM carts WHERE id = $1', [guest.id]);
        return merged;
      });
    },

    /**
     * The priced lines of the owner's cart (items first, then additional items) with the discount that
     * applied, for placing an order; null when there is no such cart.
     */
    async lines(
      owner: CartOwner,
      options: Omit<CartOptions, 'promoCode'>,
    ): Promise<{ cart: Cart; lines: CartLine[] } | null> {
      const cart = await find(db, owner);
      if (!cart) return null;
      const answer = await view(db, cart, options);
      return {
        cart: answer,
        lines: [
          ...answer.items.map((item) => ({ ...item, additional: false })),
          ...answer.additionalItems.map((item) => ({ ...item, additional: true })),
        ],
      };
    },

    /** Empties the owner's cart (after an order was placed from it). */
    async clear(owner: CartOwner): Promise<void> {
      const cart = await find(db, owner);
      if (cart) await db.query('DELETE FROM cart_items WHERE cart_id = $1', [cart.id]);
    },
  };
}

export type CartsRepository = ReturnType<typeof createCartsRepository>;
