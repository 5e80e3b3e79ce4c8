/** Cart and promo codes: spec section 3 "Cart", "Cart item", "Promo value"; section 7 cart calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateTimeString, Fraction, Id, Money, Nullable, Uuid } from './common';
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

/** POST cart/carts has an empty body. */
export const EmptyBody = Body({});
export type EmptyBody = Static<typeof EmptyBody>;

// ---- promo codes

export const DiscountParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 50 }) });
export type DiscountParams = Static<typeof DiscountParams>;

export const Discount = Type.Object({ code: Type.String(), value: Fraction, validTo: Nullable(DateTimeString) });
export type Discount = Static<typeof Discount>;
