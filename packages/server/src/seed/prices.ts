/**
 * Local prices derive from a service's Kyiv base price by a per-settlement coefficient, fixed for each
 * city (deterministic, so a re-seed gives the same prices): Kyiv 1.000, regional centres 0.900-0.970,
 * other towns 0.850-0.950. Prices are rounded to 0.50 UAH; a service on sale keeps the undiscounted
 * amount as its full price, always above the price.
 *
 * The seed computes prices in SQL (seed/insert.ts); `localPrice` is the same rule in TypeScript, for
 * tests and tools.
 */

/** Oblast centres (Latin sourceIds as in the seed). */
export const REGIONAL_CENTRES: ReadonlySet<string> = new Set([
  'lviv',
  'odesa',
  'kharkiv',
  'dnipro',
  'zaporizhzhia',
  'vinnytsia',
  'poltava',
  'chernihiv',
  'cherkasy',
  'zhytomyr',
  'sumy',
  'rivne',
  'lutsk',
  'ternopil',
  'ivano-frankivsk',
  'uzhhorod',
  'chernivtsi',
  'khmelnytskyi',
  'kropyvnytskyi',
  'mykolaiv',
  'kherson',
  'kramatorsk',
  'sievierodonetsk',
]);

/** FNV-1a, 32 bits: a stable number from a string. */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Three decimals, as stored in settlements.price_coefficient. */
export function priceCoefficient(sourceId: string): number {
  if (sourceId === 'kyiv') return 1;
  const spread = fnv1a(sourceId);
  return REGIONAL_CENTRES.has(sourceId) ? (900 + (spread % 71)) / 1000 : (850 + (spread % 101)) / 1000;
}

/** Exact for amounts with at most 2 decimals and coefficients with at most 3 (integer arithmetic). */
export function localPrice(
  basePrice: number,
  coefficient: number,
  discountPercent: number | null,
): { price: number; fullPrice: number } {
  const baseCents = Math.round(basePrice * 100);
  const coefficientMilli = Math.round(coefficient * 1000);
  // full = round(base * coefficient * 2) / 2, in halves of a hryvnia
  const fullHalves = Math.round((baseCents * coefficientMilli * 2) / 100_000);
  if (discountPercent === null) return { price: fullHalves / 2, fullPrice: fullHalves / 2 };
  const percentHundredths = Math.round(discountPercent * 100);
  const saleHalves = Math.round((fullHalves * (10_000 - percentHundredths)) / 10_000);
  const priceHalves = Math.max(0, Math.min(saleHalves, fullHalves - 1));
  return { price: priceHalves / 2, fullPrice: fullHalves / 2 };
}

/** The same rule in SQL over `services s` and `settlements st` (columns full_price, price). */
export const PRICE_SQL = {
  full: 'round(s.base_price * st.price_coefficient * 2) / 2',
  price: `CASE WHEN s.discount_percent IS NULL THEN round(s.base_price * st.price_coefficient * 2) / 2
          ELSE greatest(0, least(
            round(round(s.base_price * st.price_coefficient * 2) * (100 - s.discount_percent) / 100) / 2,
            round(s.base_price * st.price_coefficient * 2) / 2 - 0.5))
          END`,
} as const;
