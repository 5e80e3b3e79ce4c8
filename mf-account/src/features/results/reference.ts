/**
 * Reference values as the lab writes them ("120 – 150", "< 5.20", "> 30", "3,9-5,8") turned into a
 * numeric band for marking values and drawing the chart's normal range.
 */
export type ReferenceRange = { low: number | null; high: number | null };
export type RangeStatus = 'low' | 'high' | 'normal' | 'unknown';

const NUMBER = '([-+]?\\d+(?:[.,]\\d+)?)';
const BETWEEN = new RegExp(`^${NUMBER}\\s*(?:-|–|—|\\.\\.\\.?)\\s*${NUMBER}$`);
const BELOW = new RegExp(`^(?:<=?|≤|до|до\\s+)\\s*${NUMBER}$`, 'i');
const ABOVE = new RegExp(`^(?:>=?|≥|від|от|понад|более)\\s*${NUMBER}$`, 'i');

export function parseNumber(text: string | null | undefined): number | null {
  if (text == null) return null;
  const cleaned = text.trim().replace(',', '.');
  if (!/^[-+]?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function parseReference(text: string | null | undefined): ReferenceRange | null {
  if (!text) return null;
  const value = text.trim().replace(/\s+/g, ' ');
  const between = BETWEEN.exec(value);
  if (between) {
    const low = parseNumber(between[1]);
    const high = parseNumber(between[2]);
    if (low === null || high === null) return null;
    return low <= high ? { low, high } : { low: high, high: low };
  }
  const below = BELOW.exec(value);
  if (below) return { low: null, high: parseNumber(below[1]) };
  const above = ABOVE.exec(value);
  if (above) return { low: parseNumber(above[1]), high: null };
  return null;
}

/** Where a value lies against the band; `unknown` without a value or a band. */
export function rangeStatus(value: number | null | undefined, range: ReferenceRange | null): RangeStatus {
  if (value == null || !range) return 'unknown';
  if (range.low !== null && value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return 'normal';
}
