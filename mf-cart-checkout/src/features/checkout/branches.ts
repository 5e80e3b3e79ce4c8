/** The checkout's branch list: nearest first when the visitor's position is known, each with today's hours. */

import type { Point } from '../../lib/useKnownPosition';

/** Great-circle distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Nearest first (a stable sort: equally far branches keep the server's order); as given without a position. */
export function byDistance<T extends Point>(
  branches: readonly T[],
  from: Point | null,
): { branch: T; km: number | null }[] {
  const rows = branches.map((branch) => ({ branch, km: from ? distanceKm(from, branch) : null }));
  return from ? rows.sort((a, b) => (a.km ?? 0) - (b.km ?? 0)) : rows;
}

const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Kyiv', weekday: 'short' });
const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Today's hours in Kyiv ("08:00–20:00"), null on a day off. */
export function todayHours(
  schedule: readonly { weekday: number; opensAt: string | null; closesAt: string | null }[],
  now: Date,
): string | null {
  const weekday = WEEKDAYS[weekdayFormat.format(now)];
  const day = schedule.find((entry) => entry.weekday === weekday);
  return day?.opensAt && day.closesAt ? `${day.opensAt}–${day.closesAt}` : null;
}
