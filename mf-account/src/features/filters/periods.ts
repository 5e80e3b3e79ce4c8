/**
 * Order-history filters of docs/product.md#orders: today, week, month, 3 months, year, all time, plus a
 * custom range on the doctor's lists. Ranges are Kyiv calendar dates, both ends included, as the
 * server's `date-from` / `date-to` take them.
 */
import { addDays, addMonths, addYears, type IsoDate, isValidIsoDate } from '@lab/ui';

export const PERIODS = ['today', 'week', 'month', '3months', 'year', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export type DateFilter = { period: Period } | { period: 'custom'; from: IsoDate; to: IsoDate };

export type DateRangeQuery = { 'date-from'?: IsoDate; 'date-to'?: IsoDate };

export const DEFAULT_FILTER: DateFilter = { period: 'all' };

const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);

/** The dates a filter covers on `today`: the last 7 days, the month back to the same day, and so on. */
export function filterRange(filter: DateFilter, today: IsoDate): DateRangeQuery {
  switch (filter.period) {
    case 'today':
      return { 'date-from': today, 'date-to': today };
    case 'week':
      return { 'date-from': addDays(today, -6), 'date-to': today };
    case 'month':
      return { 'date-from': addMonths(today, -1), 'date-to': today };
    case '3months':
      return { 'date-from': addMonths(today, -3), 'date-to': today };
    case 'year':
      return { 'date-from': addYears(today, -1), 'date-to': today };
    case 'custom':
      return { 'date-from': filter.from, 'date-to': filter.to };
    case 'all':
      return {};
  }
}

/** The stored form (lastOrdersDate / lastPatientsDate): the period key, or `from..to`. */
export function serializeFilter(filter: DateFilter): string {
  return filter.period === 'custom' ? `${filter.from}..${filter.to}` : filter.period;
}

/** A stored value back into a filter; anything unknown or malformed gives the default (all time). */
export function parseFilter(value: string | null | undefined, allowCustom = true): DateFilter {
  if (!value) return DEFAULT_FILTER;
  if (isPeriod(value)) return { period: value };
  const [from, to] = value.split('..');
  if (allowCustom && isValidIsoDate(from) && isValidIsoDate(to) && from <= to) {
    return { period: 'custom', from, to };
  }
  return DEFAULT_FILTER;
}
