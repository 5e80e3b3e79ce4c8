/**
 * Calendar dates without a date library. A date travels as an ISO string `YYYY-MM-DD` (what the
 * server takes, docs/product.md#constants) and compares as a string; people type and read `DD.MM.YYYY`.
 * Arithmetic runs in UTC so that no local time zone or DST shift can move a day.
 */
export type IsoDate = string;

export interface DateParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface DateTimeParts extends DateParts {
  hour: number;
  minute: number;
  second: number;
}

/** The date picker's default formats of docs/product.md#constants. */
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  year: 'YYYY',
  month: 'YYYY-MM',
  time: 'HH:mm:ss',
} as const;

/** What people type and read (docs/product.md#validation: DD.MM.YYYY, masked 2-2-4). */
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';
export const KYIV_TIME_ZONE = 'Europe/Kyiv';
/** docs/product.md#validation and #constants: minimum age 18, birth date after 1900-01-01. */
export const MIN_AGE = 18;
export const BIRTH_DATE_AFTER = '1900-01-01';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Fills YYYY, MM, DD, HH, mm, ss of a pattern; missing time parts read as zero. */
export function formatDateParts(parts: DateParts & Partial<DateTimeParts>, pattern: string): string {
  const tokens: Record<string, string> = {
    YYYY: pad(parts.year, 4),
    MM: pad(parts.month),
    DD: pad(parts.day),
    HH: pad(parts.hour ?? 0),
    mm: pad(parts.minute ?? 0),
    ss: pad(parts.second ?? 0),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidParts({ year, month, day }: DateParts): boolean {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Strict `YYYY-MM-DD` of a real day (29.02 only in leap years), else null. */
export function parseIsoDate(value: string | null | undefined): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidParts(parts) ? parts : null;
}

export function isValidIsoDate(value: string | null | undefined): value is IsoDate {
  return parseIsoDate(value) !== null;
}

export function toIsoDate(parts: DateParts): IsoDate {
  return formatDateParts(parts, DATE_FORMATS.date);
}

/** `DD.MM.YYYY` of a real day -> `YYYY-MM-DD`, else null. */
export function parseDisplayDate(text: string): IsoDate | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const parts = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  return isValidParts(parts) ? toIsoDate(parts) : null;
}

/** `YYYY-MM-DD` -> `DD.MM.YYYY`; anything invalid gives ''. */
export function isoToDisplay(iso: string | null | undefined): string {
  const parts = parseIsoDate(iso);
  return parts ? formatDateParts(parts, DISPLAY_DATE_FORMAT) : '';
}

/** The 2-2-4 input mask: keeps up to 8 digits as `DD.MM.YYYY`; a pasted ISO date is turned around. */
export function maskDate(text: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  const digits = iso ? `${iso[3]}${iso[2]}${iso[1]}` : text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('.');
}

/** Midnight UTC of a date, for Intl formatting with `timeZone: 'UTC'`; throws on an invalid date. */
export function isoToUtcDate(iso: IsoDate): Date {
  const parts = parseIsoDate(iso) ?? fail(iso);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return date;
}

function fromUtc(date: Date): IsoDate {
  return toIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const date = isoToUtcDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Moves by whole months, keeping the day where the month has it: 31.01 + 1 month -> 28.02 or 29.02. */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(iso) ?? fail(iso);
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  return toIsoDate({ year: nextYear, month: nextMonth, day: Math.min(day, daysInMonth(nextYear, nextMonth)) });
}

export function addYears(iso: IsoDate, years: number): IsoDate {
  return addMonths(iso, years * 12);
}

/** 0 = Sunday ... 6 = Saturday, as Date.getDay. */
export function dayOfWeek(iso: IsoDate): number {
  return isoToUtcDate(iso).getUTCDay();
}

/** The first day of the week holding `iso`; weeks start on Monday (1) in Ukrainian. */
export function startOfWeek(iso: IsoDate, weekStartsOn: 0 | 1 = 1): IsoDate {
  return addDays(iso, -((dayOfWeek(iso) - weekStartsOn + 7) % 7));
}

export function endOfWeek(iso: IsoDate, weekStartsOn: 0 | 1 = 1): IsoDate {
  return addDays(startOfWeek(iso, weekStartsOn), 6);
}

export function startOfMonth(iso: IsoDate): IsoDate {
  return `${iso.slice(0, 8)}01`;
}

export function endOfMonth(iso: IsoDate): IsoDate {
  const { year, month } = parseIsoDate(iso) ?? fail(iso);
  return toIsoDate({ year, month, day: daysInMonth(year, month) });
}

/** Whether a valid date lies within the optional bounds (both inclusive). */
export function isWithinRange(iso: IsoDate, min?: IsoDate | null, max?: IsoDate | null): boolean {
  return (!min || iso >= min) && (!max || iso <= max);
}

export function clampDate(iso: IsoDate, min?: IsoDate | null, max?: IsoDate | null): IsoDate {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

function fail(iso: string): never {
  throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
}

const HOUR_MS = 3_600_000;

/** The instant of 01:00 UTC on the last Sunday of a month (0-based), when the EU's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Kyiv's offset from UTC at an instant, in ms: +2 h, and +3 h from the last Sunday of March to the last
 * Sunday of October at 01:00 UTC, the EU's rule, which Ukraine's clocks follow (tzdata's Europe/Kyiv
 * since 1997; a test compares it with Intl over 1997–2037). Not Intl itself: a browser's first
 * Intl.DateTimeFormat loads ICU's date formatting, 60–100 ms of a phone's main thread (Lighthouse's
 * CPU slowed 4×), in the first render of every page that shows a date.
 */
function kyivOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9) ? 3 * HOUR_MS : 2 * HOUR_MS;
}

/** Wall-clock parts of an instant in Kyiv, whatever the browser's time zone; null for an invalid date. */
export function kyivParts(instant: Date | string | number): DateTimeParts | null {
  const time = (instant instanceof Date ? instant : new Date(instant)).getTime();
  if (Number.isNaN(time)) return null;
  const wall = new Date(time + kyivOffsetMs(time));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** Today's date in Kyiv (the lab's calendar), not in the visitor's zone. */
export function todayInKyiv(now: Date = new Date()): IsoDate {
  const parts = kyivParts(now);
  if (!parts) throw new RangeError('Invalid "now"');
  return toIsoDate(parts);
}

/** An instant (server timestamp) in Kyiv time by a pattern; '' when it is not a date. */
export function formatInKyiv(instant: Date | string | number, pattern: string = DATE_FORMATS.datetime): string {
  const parts = kyivParts(instant);
  return parts ? formatDateParts(parts, pattern) : '';
}

/** `DD.MM.YYYY` in Kyiv. */
export function formatDateKyiv(instant: Date | string | number): string {
  return formatInKyiv(instant, DISPLAY_DATE_FORMAT);
}

/** `DD.MM.YYYY HH:mm` in Kyiv. */
export function formatDateTimeKyiv(instant: Date | string | number): string {
  return formatInKyiv(instant, `${DISPLAY_DATE_FORMAT} HH:mm`);
}

/** docs/product.md#validation: a real `YYYY-MM-DD`, not later than today and later than 1900-01-01. */
export function isValidBirthDate(value: string | null | undefined, today: IsoDate = todayInKyiv()): boolean {
  return isValidIsoDate(value) && value <= today && value > BIRTH_DATE_AFTER;
}

/** The latest birth date of someone who is `age` years old today; on 29.02 the bound is 28.02 of that year. */
export function maxBirthDateForAge(age: number = MIN_AGE, today: IsoDate = todayInKyiv()): IsoDate {
  return addYears(today, -age);
}
