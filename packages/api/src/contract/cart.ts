/** Cart and promo codes: docs/product.md#entities "Cart", "Cart item", "Promo value"; docs/product.md#calls cart calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateString, DateTimeString, Fraction, Id, Money, Nullable, Slug, Uuid } from './common';
import { ServiceRef } from './services';

export const CartService = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  code: Type.String(),
  slug: Type.String(),
  packageService: Type.Boolean(),
  additionalServices: Type.Array(ServiceRef),
});
export type CartService = Static<typeof CartService>;

/**
 * price: what the line costs now; initialPrice: before the online/promo discount;
 * originalPrice: the list price before any sale. Amounts in hryvnia.
 */
export const CartItem = Type.Object({
  serviceId: Id,
  price: Money,
  initialPrice: Money,
  originalPrice: Money,
  service: CartService,
});
export type CartItem = Static<typeof CartItem>;

/**
 * Why a stored line cannot be ordered: `settlement`, the service (or a service it brings along, the
 * blood draw) is not offered in the cart's city; `withdrawn`, it is no longer offered at all.
 */
export const UnavailableReason = Type.Union([Type.Literal('settlement'), Type.Literal('withdrawn')]);
export type UnavailableReason = Static<typeof UnavailableReason>;

/** A line the visitor added that cannot be ordered in the cart's city: no price, in no total. */
export const UnavailableCartItem = Type.Object({
  serviceId: Id,
  reason: UnavailableReason,
  service: CartService,
});
export type UnavailableCartItem = Static<typeof UnavailableCartItem>;

/** What an order of the cart would charge, broken down as the order is (home visit left out). */
export const CartTotals = Type.Object({
  /** List prices before any discount. */
  original: Money,
  otherDiscounts: Money,
  onlineDiscount: Money,
  promoDiscount: Money,
  totalPrice: Money,
});
export type CartTotals = Static<typeof CartTotals>;

/**
 * A promo code's terms, one datum that the cart, the order and the code's news item read: its value,
 * its days (Kyiv calendar days, both inclusive), the groups it covers (with their subgroups; none: every
 * service) and whether it is taken off a sale price (`withSales` false: it competes with the sale, the
 * larger saving applies).
 */
export const PromoTerms = Type.Object({
  code: Type.String(),
  value: Fraction,
  validFrom: DateString,
  validTo: DateString,
  withSales: Type.Boolean(),
  groups: Type.Array(Type.Object({ slug: Slug, title: Type.String() })),
});
export type PromoTerms = Static<typeof PromoTerms>;

export const Cart = Type.Object({
  id: Uuid,
  items: Type.Array(CartItem),
  /** Lines a package brings along; they cannot be deleted on their own. */
  additionalItems: Type.Array(CartItem),
  totalPrice: Money,
  originalTotalPrice: Money,
  /** Applied promo value, a fraction 0..1; null when none. */
  promo: Nullable(Fraction),
  /** The applied promo code; null when none (the server always sends it). */
  promoCode: Type.Optional(Nullable(Type.String())),
  /**
   * The applied code's terms, null when none. Whether it took anything off is in `totals` (its
   * `promoDiscount`): a code whose scope misses every line is applied and saves nothing. The server
   * always sends it; an older server's answer lacks it.
   */
  promoTerms: Type.Optional(Nullable(PromoTerms)),
  /**
   * Stored lines that cannot be ordered in this city (after a city change, or withdrawn services), in
   * the order added. They stay in the cart and can be removed like items; an order is refused while
   * any exist (400 `service-not-available`). Not in `items`, the totals or the count. Added in 0.1.2:
   * the server always sends it; an older server's answer lacks it.
   */
  unavailableItems: Type.Optional(Type.Array(UnavailableCartItem)),
  /**
   * The order's totals paying online and at the branch, by the server's order pricing (a promo code
   * takes its discount off the services of its scope only). The server always sends
   * it; an older server's answer lacks it.
   */
  totals: Type.Optional(Type.Object({ online: CartTotals, onSite: CartTotals })),
});
export type Cart = Static<typeof Cart>;

export const CartParams = Type.Object({ cartId: Uuid });
export type CartParams = Static<typeof CartParams>;

/**
 * Prices depend on the city, so every cart read and change names it. `promoCode` applies a promo code
 * to the cart (checked as by the discount call; an invalid one answers 400 wrong-promo and removes the
 * cart's promo); an empty `promoCode=` removes it.
 */
export const CartQuery = Type.Object({
  settlementId: Id,
  promoCode: Type.Optional(Type.String({ maxLength: 50 })),
});
export type CartQuery = Static<typeof CartQuery>;

export const CartItemsBody = Body({ serviceIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type CartItemsBody = Static<typeof CartItemsBody>;

/**
 * POST cart/carts: an empty body (an empty cart), or the services the new cart starts with, priced in the
 * query's settlement: a first "add to cart" is one call (docs/product.md#guest-or-signed-in: the cart is created when missing).
 */
export const CartCreateBody = Body({ serviceIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })) });
export type CartCreateBody = Static<typeof CartCreateBody>;
export const CartCreateQuery = Type.Object({ settlementId: Type.Optional(Id) });
export type CartCreateQuery = Static<typeof CartCreateQuery>;

// ---- promo codes

export const DiscountParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 50 }) });
export type DiscountParams = Static<typeof DiscountParams>;

export const Discount = Type.Object({ code: Type.String(), value: Fraction, validTo: Nullable(DateTimeString) });
export type Discount = Static<typeof Discount>;
