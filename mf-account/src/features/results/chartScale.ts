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

/** Every k-th label so that labels keep `minGap` px apart on an axis of `width` px. */
export function labelStep(count: number, width: number, minGap: number): number {
  if (count <= 1) return 1;
  const fits = Math.max(1, Math.floor(width / minGap) + 1);
  return Math.max(1, Math.ceil(count / fits));
}
