/**
 * A percentage as Ukrainian (and Russian) typography writes it: the number, a no-break space and the
 * sign ("5 %"), so that the sign never wraps onto a line of its own. Up to one decimal, with a point
 * as prices have it (docs/product.md#constants): "2.5 %".
 */
export function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded}\u00a0%`;
}
