/**
 * Order prices, by the cart's own rules (domain/pricing.ts, docs/product.md#constants): the online-payment discount
 * (only when the order is paid online) and the promo value are not added up, the larger applies, and
 * each line costs the lower of its discounted initial price and its price, in whole kopiykas. The order
 * adds what the cart does not have: the home-visit cost and the split of the saving into the order's
 * onlineDiscount / promoDiscount / otherDiscounts.
 */
import {
  discountBreakdown,
  fromKopiykas,
  type PricedLine,
  type PromoRule,
  priceTotals,
  priceWithPromo,
  toKopiykas,
} from './pricing';

export type { PricedLine } from './pricing';

export interface PricedInput {
  /** What the line costs now, before any online/promo discount (a sale already applied). */
  readonly price: number;
  /** The list price before any sale (>= price). */
  readonly fullPrice: number;
  /** False: the promo code's scope leaves this service out (it keeps the online discount); default true. */
  readonly promoApplies?: boolean;
}

export interface Discounts {
  /** The online-payment fraction 0..1 (0 when paying at the branch). */
  readonly online: number;
  /** The promo code's fraction 0..1, or 0. */
  readonly promo: number;
  /** Whether the promo is taken off a sale price (promo_codes.with_sales); default true. */
  readonly promoWithSales?: boolean;
}

export interface OrderTotals {
  readonly lines: PricedLine[];
  /** Sum of initial prices (after sales, before online/promo). */
  readonly subtotal: number;
  readonly onlineDiscount: number;
  readonly promoDiscount: number;
  /** Sales on list prices. */
  readonly otherDiscounts: number;
  readonly homeVisitCost: number;
  readonly totalPrice: number;
}

export const roundMoney = (value: number): number => fromKopiykas(toKopiykas(value));

export function orderTotals(inputs: readonly PricedInput[], discounts: Discounts, homeVisitCost: number): OrderTotals {
  const promo: PromoRule | null =
    discounts.promo > 0 ? { fraction: discounts.promo, withSales: discounts.promoWithSales ?? true } : null;
  // each line its own discount: the promo only within its scope (domain/pricing.ts: the larger applies)
  const priced = inputs.map((input) => {
    const { line, discount } = priceWithPromo(
      { price: input.price, fullPrice: input.fullPrice },
      discounts.online * 100,
      input.promoApplies === false ? null : promo,
    );
    return { line, breakdown: discountBreakdown([line], discount) };
  });
  const lines = priced.map((entry) => entry.line);
  const totals = priceTotals(lines);
  const sum = (pick: (entry: (typeof priced)[number]) => number) =>
    fromKopiykas(priced.reduce((total, entry) => total + toKopiykas(pick(entry)), 0));
  return {
    lines,
    subtotal: totals.initialTotalPrice,
    onlineDiscount: sum((entry) => entry.breakdown.online),
    promoDiscount: sum((entry) => entry.breakdown.promo),
    otherDiscounts: sum((entry) => entry.breakdown.other),
    homeVisitCost: roundMoney(homeVisitCost),
    totalPrice: fromKopiykas(toKopiykas(totals.totalPrice) + toKopiykas(homeVisitCost)),
  };
}

const ONLINE_TYPES = new Set(['online', 'online-provider-1', 'online-provider-2']);

export function isOnlinePayment(paymentType: string): boolean {
  return ONLINE_TYPES.has(paymentType);
}
