/**
 * What a set of services costs together: the items, the services they bring along automatically (the
 * blood draw, a swab: docs/product.md#entities additionalServices / additionalItems) and the totals. The cart
 * prices its lines with it, and every catalogue surface (cards, search hits, the analysis page) prices
 * one service as a cart holding only that service, so the price a visitor first sees is the one the
 * cart, the order and the receipt charge.
 *
 * A brought-along service is charged once per cart however many items bring it (one venipuncture for
 * any number of blood analyses), and not at all when it is an item itself.
 *
 *   priceLines([{ service: cbc, price: 230, fullPrice: 230, brought: [{ service: draw, price: 90, fullPrice: 90 }] }])
 *   // items: [cbc 230], additional: [draw 90], totals.initialTotalPrice 320
 */
import { type PricedLine, type PriceTotals, type PromoRule, priceTotals, priceWithPromo } from './pricing';

/** A service with its price in the city; null prices: not offered there. */
export interface PriceableService<S> {
  readonly service: S;
  readonly price: number | null;
  readonly fullPrice: number | null;
  /** Listed (enabled, shown on the site) for items; enabled for brought-along services. */
  readonly enabled: boolean;
}

export interface LineInput<S> extends PriceableService<S> {
  /** What the service brings along, in its order. */
  readonly brought: readonly (PriceableService<S> & { readonly id: number })[];
  readonly id: number;
}

export type Unavailable = 'withdrawn' | 'settlement';

export type PricedService<S> = PricedLine & { readonly serviceId: number; readonly service: S };

export interface PricedLines<S> {
  readonly items: PricedService<S>[];
  readonly additional: PricedService<S>[];
  readonly unavailable: { readonly serviceId: number; readonly reason: Unavailable; readonly service: S }[];
  readonly totals: PriceTotals;
}

/** The discounts a line may get: the online one (percent) and a promo within its scope, or none. */
export interface LineDiscounts {
  readonly onlinePercent: number;
  readonly promo: PromoRule | null;
}

const NO_DISCOUNT: LineDiscounts = { onlinePercent: 0, promo: null };

/**
 * Why a line cannot be ordered (a withdrawn service outweighs a missing price), or null when it can:
 * the line and each service it brings along that is not an item itself must be listed and priced.
 */
export function unavailableReason<S>(line: LineInput<S>, itemIds: ReadonlySet<number> = new Set()): Unavailable | null {
  const brought = line.brought.filter((extra) => !itemIds.has(extra.id));
  if (!line.enabled || brought.some((extra) => !extra.enabled)) return 'withdrawn';
  if (line.price === null || brought.some((extra) => extra.price === null)) return 'settlement';
  return null;
}

/**
 * The priced lines: items in their order, then what they bring along (once each, in the order of the
 * items that brought them), lines that cannot be ordered apart and outside the totals. `discountOf`
 * names the discounts each service may get (the online one, and a promo within its scope).
 */
export function priceLines<S>(
  lines: readonly LineInput<S>[],
  discountOf: (serviceId: number) => LineDiscounts = () => NO_DISCOUNT,
): PricedLines<S> {
  const itemIds = new Set(lines.map((line) => line.id));
  const items: PricedService<S>[] = [];
  const additional: PricedService<S>[] = [];
  const unavailable: PricedLines<S>['unavailable'] = [];
  const priced = (entry: PriceableService<S> & { id: number }): PricedService<S> => {
    const { onlinePercent, promo } = discountOf(entry.id);
    const prices = { price: entry.price ?? 0, fullPrice: entry.fullPrice ?? entry.price ?? 0 };
    return { serviceId: entry.id, ...priceWithPromo(prices, onlinePercent, promo).line, service: entry.service };
  };
  for (const line of lines) {
    const reason = unavailableReason(line, itemIds);
    if (reason !== null) {
      unavailable.push({ serviceId: line.id, reason, service: line.service });
      continue;
    }
    items.push(priced(line));
    for (const extra of line.brought) {
      if (itemIds.has(extra.id) || additional.some((done) => done.serviceId === extra.id)) continue;
      additional.push(priced(extra));
    }
  }
  return { items, additional, unavailable, totals: priceTotals([...items, ...additional]) };
}
