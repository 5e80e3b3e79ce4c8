/** One weekday's hours (the API's ScheduleDay): ISO weekday, both times null on a day off. */
export type ScheduleDay = { weekday: number; opensAt: string | null; closesAt: string | null };

export type ScheduleLine = { days: string; hours: string | null };

/**
 * A week's hours as short lines, consecutive days with the same hours joined:
 * "Пн–Пт 07:30–19:00", "Сб 08:00–15:00", "Нд" closed. `dayNames` are Monday-first.
 */
export function scheduleLines(schedule: readonly ScheduleDay[], dayNames: readonly string[]): ScheduleLine[] {
  const hoursOf = (weekday: number) => {
    const day = schedule.find((entry) => entry.weekday === weekday);
    return day?.opensAt && day.closesAt ? `${day.opensAt}–${day.closesAt}` : null;
  };
  const lines: ScheduleLine[] = [];
  let start = 1;
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const hours = hoursOf(weekday);
    if (weekday === 7 || hoursOf(weekday + 1) !== hours) {
      const days = start === weekday ? dayNames[start - 1] : `${dayNames[start - 1]}–${dayNames[weekday - 1]}`;
      lines.push({ days: days ?? '', hours });
      start = weekday + 1;
    }
  }
  return lines;
}
