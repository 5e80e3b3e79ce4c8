/**
 * Prices of cart and order lines (docs/product.md#constants): the online-payment discount (percent, settings) and
 * the promo code (a fraction) are not added up: the larger one applies. A line's price is the lower of
 * its discounted initial price and its own price. Pure functions on hryvnia amounts, computed in whole
 * kopiykas (no floating-point drift), rounded half up.
 *
 *   const discount = effectiveDiscount(5, null);           // { fraction: 0.05, source: 'online' }
 *   priceLine({ price: 400, fullPrice: 500 }, discount);   // { price: 380, initialPrice: 400, originalPrice: 500 }
 *
 * Terms: fullPrice / originalPrice is the list price before any sale; price / initialPrice is what the
 * service costs in the city now (after a sale, before the online or promo discount); the line's price
 * is what the visitor pays.
 */

export type DiscountSource = 'online' | 'promo';

export interface EffectiveDiscount {
  /** 0..1 */
  readonly fraction: number;
  /** Which discount won; null when neither gives anything. */
  readonly source: DiscountSource | null;
}

export interface PricedLine {
  /** What the visitor pays for the line. */
  readonly price: number;
  /** Before the online or promo discount. */
  readonly initialPrice: number;
  /** The list price before any sale. */
  readonly originalPrice: number;
}

export interface PriceTotals {
  /** What the visitor pays. */
  readonly totalPrice: number;
  /** List prices before any discount. */
  readonly originalTotalPrice: number;
  /** The lines' initial prices (after sales, before the online or promo discount). */
  readonly initialTotalPrice: number;
}

export interface DiscountBreakdown {
  /** Taken off by the online-payment discount (0 when the promo won). */
  readonly online: number;
  /** Taken off by the promo code (0 when the online discount won). */
  readonly promo: number;
  /** Sales: list prices minus initial prices. */
  readonly other: number;
}

const BASIS = 10_000;

/** Hryvnia -> kopiykas. */
export const toKopiykas = (amount: number): number => Math.round(amount * 100);
/** Kopiykas -> hryvnia. */
export const fromKopiykas = (kopiykas: number): number => kopiykas / 100;

/** A fraction in basis points (0.1 -> 1000), clamped to 0..1. */
function basisPoints(fraction: number): number {
  if (!Number.isFinite(fraction) || fraction <= 0) return 0;
  return Math.min(BASIS, Math.round(fraction * BASIS));
}

/**
 * The discount that applies: the larger of the online discount (percent, 0..100) and the promo value
 * (fraction, 0..1, or null). A tie goes to the promo (the visitor asked for it).
 */
export function effectiveDiscount(onlinePercent: number, promoFraction: number | null): EffectiveDiscount {
  const online = basisPoints(onlinePercent / 100);
  const promo = promoFraction === null ? 0 : basisPoints(promoFraction);
  if (online === 0 && promo === 0) return { fraction: 0, source: null };
  return promo >= online
    ? { fraction: promo / BASIS, source: 'promo' }
    : { fraction: online / BASIS, source: 'online' };
}

/** `amount` less `fraction`, in kopiykas, rounded half up. */
export function discounted(amount: number, fraction: number): number {
  const bp = basisPoints(fraction);
  return fromKopiykas(Math.round((toKopiykas(amount) * (BASIS - bp)) / BASIS));
}

/**
 * A line's prices: the lower of the discounted initial price and the item's own price. `initialPrice`
 * defaults to the item's price (the cart: both are the city's current price); an order may pass a
 * different initial price (the price when the item was added) and keep the lower one.
 */
export function priceLine(
  item: { readonly price: number; readonly fullPrice: number; readonly initialPrice?: number },
  discount: EffectiveDiscount,
): PricedLine {
  const initialPrice = item.initialPrice ?? item.price;
  const price = Math.min(discounted(initialPrice, discount.fraction), item.price);
  return { price, initialPrice, originalPrice: Math.max(item.fullPrice, initialPrice) };
}

/**
 * A promo code's terms that prices read (promo_codes): its value, and whether it is taken off a sale
 * price (`withSales`) or, like the code's news item says "не сумується з іншими акціями", competes with
 * the sale instead (docs/product.md, "Rules the site keeps").
 */
export interface PromoRule {
  /** 0..1 */
  readonly fraction: number;
  readonly withSales: boolean;
}

/**
 * A line priced with the online discount (percent) and a promo in its scope (or null), and the discount
 * that won. A promo that does not add to sales is taken off the list price of a line on sale, and the
 * line costs the lower of that and its sale price with the online discount: one of them, never both
 * (when the promo wins the sale is set aside, so the line's initial price is its list price).
 *
 *   priceWithPromo({ price: 799, fullPrice: 940 }, 5, { fraction: 0.2, withSales: false })
 *   // line { price: 752, initialPrice: 940, originalPrice: 940 }, discount { fraction: 0.2, source: 'promo' }
 */
export function priceWithPromo(
  item: { readonly price: number; readonly fullPrice: number },
  onlinePercent: number,
  promo: PromoRule | null,
): { line: PricedLine; discount: EffectiveDiscount } {
  const onSale = item.fullPrice > item.price;
  if (promo === null || promo.withSales || !onSale) {
    const discount = effectiveDiscount(onlinePercent, promo?.fraction ?? null);
    return { line: priceLine(item, discount), discount };
  }
  const saleDiscount = effectiveDiscount(onlinePercent, null);
  const sale = priceLine(item, saleDiscount);
  const promoPrice = discounted(item.fullPrice, promo.fraction);
  if (toKopiykas(promoPrice) >= toKopiykas(sale.price)) return { line: sale, discount: saleDiscount };
  return {
    line: { price: promoPrice, initialPrice: item.fullPrice, originalPrice: item.fullPrice },
    discount: { fraction: basisPoints(promo.fraction) / BASIS, source: 'promo' },
  };
}

/** Sums of the lines, in kopiykas then back to hryvnia. */
export function priceTotals(lines: readonly PricedLine[]): PriceTotals {
  const sum = (pick: (line: PricedLine) => number) =>
    fromKopiykas(lines.reduce((total, line) => total + toKopiykas(pick(line)), 0));
  return {
    totalPrice: sum((line) => line.price),
    originalTotalPrice: sum((line) => line.originalPrice),
    initialTotalPrice: sum((line) => line.initialPrice),
  };
}

/** What each kind of discount took off the lines (for orders: onlineDiscount, promoDiscount, otherDiscounts). */
export function discountBreakdown(lines: readonly PricedLine[], discount: EffectiveDiscount): DiscountBreakdown {
  const totals = priceTotals(lines);
  const taken = fromKopiykas(toKopiykas(totals.initialTotalPrice) - toKopiykas(totals.totalPrice));
  const other = fromKopiykas(toKopiykas(totals.originalTotalPrice) - toKopiykas(totals.initialTotalPrice));
  return {
    online: discount.source === 'online' ? taken : 0,
    promo: discount.source === 'promo' ? taken : 0,
    other,
  };
}
