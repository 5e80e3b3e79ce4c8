/**
 * When an order's results are expected: one calendar day (no time of day), computed here only, that
 * the confirmation's plan, the order card and the lab registry all carry. Working days (Monday to
 * Friday) after the sample's day: the home visit's day, else the day the order was placed (Kyiv).
 */
import { kyivWallTime } from './kyiv-time';

/** `days` working days (Monday to Friday) after `date`; 0 is the day itself. */
export function addWorkingDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** The day the results are expected (YYYY-MM-DD), from the longest turnaround of the order's analyses. */
export function expectedResultsDay(
  order: { readonly arrivalDate: string | null; readonly createdAt: string | Date },
  workingDays: number,
): string {
  const sampleDay = order.arrivalDate ?? kyivWallTime(new Date(order.createdAt)).date;
  return addWorkingDays(sampleDay, workingDays);
}
