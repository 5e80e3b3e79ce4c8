import { addDays, type IsoDate, isoToUtcDate } from '../format/date';

/**
 * Month and weekday names come from Intl in the page language (uk, ru), so no word of the calendar
 * needs a translation key. Dates are formatted at midnight UTC with timeZone UTC: no shift of a day.
 */
export interface CalendarText {
  /** Nominative month names, January first: "листопад". */
  months: string[];
  /** In display order starting with `weekStartsOn`. */
  weekdays: Array<{ short: string; long: string }>;
  /** "понеділок, 2 листопада 2026 р.": a cell's accessible name. */
  fullDate: (iso: IsoDate) => string;
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const cache = new Map<string, CalendarText>();

export function calendarText(languageTag: string, weekStartsOn: 0 | 1): CalendarText {
  const key = `${languageTag}:${weekStartsOn}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const utc = { timeZone: 'UTC' } as const;
  const month = new Intl.DateTimeFormat(languageTag, { ...utc, month: 'long' });
  const short = new Intl.DateTimeFormat(languageTag, { ...utc, weekday: 'short' });
  const long = new Intl.DateTimeFormat(languageTag, { ...utc, weekday: 'long' });
  const full = new Intl.DateTimeFormat(languageTag, { ...utc, dateStyle: 'full' });
  // 2024-01-07 is a Sunday: day 0 of the week as Date.getDay counts.
  const firstDay = addDays('2024-01-07', weekStartsOn);
  const text: CalendarText = {
    months: Array.from({ length: 12 }, (_, index) => capitalize(month.format(Date.UTC(2024, index, 1)))),
    weekdays: Array.from({ length: 7 }, (_, index) => {
      const day = isoToUtcDate(addDays(firstDay, index));
      return { short: capitalize(short.format(day)), long: long.format(day) };
    }),
    fullDate: (iso) => full.format(isoToUtcDate(iso)),
  };
  cache.set(key, text);
  return text;
}
