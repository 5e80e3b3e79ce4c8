/** Axis arithmetic of the dynamics chart (no chart library: inline SVG). */

/** Round tick values covering [min, max] with about `count` steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max <= min) return [min];
  const rough = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalized = rough / magnitude;
  const step = (normalized < 1.5 ? 1 : normalized < 3 ? 2 : normalized < 7 ? 5 : 10) * magnitude;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    ticks.push(Number(tick.toFixed(decimals)));
  }
  return ticks;
}

/** The value domain: the readings and the reference band, with a margin so nothing sits on the edge. */
export function valueDomain(values: readonly number[], low: number | null, high: number | null): [number, number] {
  const all = [...values, ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
  if (all.length === 0) return [0, 1];
  let min = Math.min(...all);
  let max = Math.max(...all);
  const span = max - min || Math.abs(max) * 0.2 || 1;
  const nonNegative = all.every((value) => value >= 0);
  min -= span * 0.15;
  max += span * 0.15;
  if (nonNegative && min < 0) min = 0;
  return [min, max];
}

/**
 * Positions on a time axis: each date's share of the span from the first to the last, so that six
 * months take twice the width of three. One date (or one day) sits in the middle.
 */
export function timeShares(dates: readonly string[]): number[] {
  const times = dates.map((date) => Date.parse(date));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  return times.map((time) => (span > 0 ? (time - first) / span : 0.5));
}

/**
 * Which of the positions (ascending px) get a label `minGap` px wide without touching another: the last
 * always (the latest reading), then from the first on each that keeps clear of those already kept.
 */
export function spacedLabels(positions: readonly number[], minGap: number): Set<number> {
  const kept = new Set<number>();
  if (positions.length === 0) return kept;
  const lastIndex = positions.length - 1;
  const last = positions[lastIndex] ?? 0;
  kept.add(lastIndex);
  let previous = Number.NEGATIVE_INFINITY;
  positions.forEach((position, index) => {
    if (index === lastIndex) return;
    if (position - previous >= minGap && last - position >= minGap) {
      kept.add(index);
      previous = position;
    }
  });
  return kept;
}

/** A label's box, for keeping the values clear of each other. */
export type Box = { x: number; y: number; width: number; height: number };

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
