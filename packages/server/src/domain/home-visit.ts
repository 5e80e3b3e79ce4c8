/**
 * Home visits by a nurse: arrival times per weekday within the network's hours (Mon-Fri 08:00-20:00,
 * Sat 08:00-15:00, the last visit an hour and a half before closing; none on Sunday), bookable from
 * today (times at least an hour ahead) to 30 days ahead, Kyiv time.
 */
import { kyivInstant, kyivWallTime } from './kyiv-time';

export const BOOKING_DAYS_AHEAD = 30;
/** Where the /home-visit article's text takes the terms written from the data (domain/home-visit-page.ts). */
export const HOME_VISIT_TERMS_MARK = '<div data-home-visit-terms></div>';
/** Earliest arrival from now on the same day, minutes. */
export const SAME_DAY_LEAD_MINUTES = 60;

const WEEKDAY_TIMES = [
  '08:00',
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
  '17:00',
  '18:00',
];
const SATURDAY_TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'];

function addDays(date: string, days: number): string {
  const instant = new Date(`${date}T12:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date (1 Monday .. 7 Sunday). */
function weekdayOf(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The arrival times of a day, ignoring bookings and the clock. */
export function dayTimes(date: string): string[] {
  const weekday = weekdayOf(date);
  if (weekday === 7) return [];
  return weekday === 6 ? [...SATURDAY_TIMES] : [...WEEKDAY_TIMES];
}

/** The first and the last arrival time of each ISO weekday that has any (1 Monday .. 7 Sunday). */
export function arrivalDays(): { weekday: number; firstArrival: string; lastArrival: string }[] {
  // 2026-11-16 is a Monday
  return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => {
    const times = dayTimes(`2026-11-${String(15 + weekday).padStart(2, '0')}`);
    const [first] = times;
    const last = times[times.length - 1];
    return first && last ? [{ weekday, firstArrival: first, lastArrival: last }] : [];
  });
}

/** Whether a date can be chosen at all: today .. today + 30 days (Kyiv). */
export function isBookableDate(date: string, now: Date): boolean {
  const today = kyivWallTime(now).date;
  return date >= today && date <= addDays(today, BOOKING_DAYS_AHEAD);
}

/** The times still ahead on that date (all of them on later days). */
export function openTimes(date: string, now: Date): string[] {
  if (!isBookableDate(date, now)) return [];
  const earliest = now.getTime() + SAME_DAY_LEAD_MINUTES * 60_000;
  return dayTimes(date).filter((time) => kyivInstant(date, `${time}:00`).getTime() >= earliest);
}
