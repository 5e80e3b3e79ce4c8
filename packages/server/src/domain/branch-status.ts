/**
 * A branch's status now, from its weekly schedule in Kyiv time: `open`, `closing-soon` (closes within
 * the hour) or `closed`. A day whose closing time is not after its opening time runs past midnight
 * ('20:00'-'02:00'; '00:00'-'00:00' is round the clock), and back-to-back days ('00:00'-'00:00' every day)
 * count as one stretch, so a 24/7 branch is never "closing soon".
 */
import type { BranchStatus, ScheduleDay } from '@lab/api/contract';
import { kyivWallTime } from './kyiv-time';

export const CLOSING_SOON_MINUTES = 60;
const DAY = 24 * 60;
const WEEK = 7 * DAY;

function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Opening intervals in minutes since Monday 00:00, possibly reaching into the next week. */
function weeklyIntervals(schedule: readonly ScheduleDay[]): Array<[number, number]> {
  const intervals: Array<[number, number]> = [];
  for (const day of schedule) {
    if (!day.opensAt || !day.closesAt) continue;
    const start = (day.weekday - 1) * DAY + toMinutes(day.opensAt);
    let end = (day.weekday - 1) * DAY + toMinutes(day.closesAt);
    if (end <= start) end += DAY;
    intervals.push([start, end]);
  }
  return intervals.sort((a, b) => a[0] - b[0]);
}

export function branchStatus(
  schedule: readonly ScheduleDay[],
  now: Date,
  soonMinutes: number = CLOSING_SOON_MINUTES,
): BranchStatus {
  const wall = kyivWallTime(now);
  const at = (wall.weekday - 1) * DAY + wall.minutes;
  const intervals = weeklyIntervals(schedule);
  // the same intervals one week earlier and later cover Sunday-night spills and week wrap-around
  const all = [-WEEK, 0, WEEK].flatMap((shift) => intervals.map(([s, e]): [number, number] => [s + shift, e + shift]));
  const current = all.find(([start, end]) => start <= at && at < end);
  if (!current) return 'closed';
  let closesAt = current[1];
  for (let guard = 0; guard < 14; guard++) {
    const next = all.find(([start, end]) => start <= closesAt && end > closesAt);
    if (!next) break;
    closesAt = next[1];
  }
  if (closesAt - at >= WEEK) return 'open';
  return closesAt - at <= soonMinutes ? 'closing-soon' : 'open';
}
