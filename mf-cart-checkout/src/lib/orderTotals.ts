/**
 * The checkout's estimate of the order's totals, broken down like the order entity (docs/product.md#entities:
 * online discount, promo discount, other discounts, home-visit cost). The same rules as the server's
 * order pricing (docs/product.md#constants): the online discount (only when paying online) and the promo are not
 * added up, the larger applies (a tie to the promo); a line costs the lower of its discounted initial
 * price and its price; everything in whole kopiykas, rounded half up. The placed order carries the
 * server's own figures, which the payment result page shows.
 */
import type { Cart, CartItem } from '@lab/api';

export type OrderEstimate = {
  /** List prices before any discount. */
  original: number;
  /** Sales on list prices. */
  otherDiscounts: number;
  onlineDiscount: number;
  promoDiscount: number;
  homeVisitCost: number;
  totalPrice: number;
};

const BASIS = 10_000;
const kopiykas = (amount: number) => Math.round(amount * 100);
const hryvnia = (value: number) => value / 100;

function basisPoints(fraction: number): number {
  if (!Number.isFinite(fraction) || fraction <= 0) return 0;
  return Math.min(BASIS, Math.round(fraction * BASIS));
}

export function estimateOrder(
  lines: readonly Pick<CartItem, 'initialPrice' | 'originalPrice'>[],
  options: { onlinePercent: number; online: boolean; promo: number | null; homeVisitCost: number },
): OrderEstimate {
  const online = options.online ? basisPoints(options.onlinePercent / 100) : 0;
  const promo = options.promo == null ? 0 : basisPoints(options.promo);
  const source = online === 0 && promo === 0 ? null : promo >= online ? 'promo' : 'online';
  const bp = source === 'promo' ? promo : source === 'online' ? online : 0;
  let initial = 0;
  let original = 0;
  let paid = 0;
  for (const line of lines) {
    const price = kopiykas(line.initialPrice);
    const discounted = Math.round((price * (BASIS - bp)) / BASIS);
    initial += price;
    original += Math.max(kopiykas(line.originalPrice), price);
    paid += Math.min(discounted, price);
  }
  const taken = initial - paid;
  const visit = kopiykas(options.homeVisitCost);
  return {
    original: hryvnia(original),
    otherDiscounts: hryvnia(original - initial),
    onlineDiscount: hryvnia(source === 'online' ? taken : 0),
    promoDiscount: hryvnia(source === 'promo' ? taken : 0),
    homeVisitCost: hryvnia(visit),
    totalPrice: hryvnia(paid + visit),
  };
}

/**
 * A cart's totals as the checkout will show them: the server's figures for the order paying online or
 * at the branch (its order pricing, a promo within its scope), the home visit added; an older server's
 * cart without them is estimated here by the same rules.
 */
export function cartEstimate(
  cart: Pick<Cart, 'items' | 'additionalItems' | 'promo' | 'totals'>,
  onlinePercent: number,
  options: { online?: boolean; homeVisitCost?: number } = {},
): OrderEstimate {
  const online = options.online ?? true;
  const homeVisitCost = options.homeVisitCost ?? 0;
  const server = cart.totals?.[online ? 'online' : 'onSite'];
  if (server) {
    return {
      ...server,
      homeVisitCost,
      totalPrice: hryvnia(kopiykas(server.totalPrice) + kopiykas(homeVisitCost)),
    };
  }
  return estimateOrder([...cart.items, ...cart.additionalItems], {
    onlinePercent,
    online,
    promo: cart.promo,
    homeVisitCost,
  });
}
