/** Wall-clock time in Europe/Kyiv, where every schedule and promo date of the product is set. */

export const KYIV_TIME_ZONE = 'Europe/Kyiv';

/** Current time; injected so that tests can stop the clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface KyivWallTime {
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  readonly weekday: number;
  /** Minutes since local midnight. */
  readonly minutes: number;
  /** Local calendar day, YYYY-MM-DD. */
  readonly date: string;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: KYIV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function parts(instant: Date): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) result[part.type] = part.value;
  return result;
}

export function kyivWallTime(instant: Date): KyivWallTime {
  const p = parts(instant);
  const weekday = WEEKDAYS[p.weekday ?? ''];
  if (weekday === undefined) throw new Error(`Unexpected weekday ${p.weekday}`);
  return {
    weekday,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    date: `${p.year}-${p.month}-${p.day}`,
  };
}

/** Kyiv's offset from UTC at an instant, in minutes (+120 in winter, +180 in summer). */
function kyivOffsetMinutes(instant: Date): number {
  const p = parts(instant);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which Kyiv's clocks show `date` (YYYY-MM-DD) and `time` (HH:MM:SS). */
export function kyivInstant(date: string, time = '00:00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  // two rounds settle the offset across a daylight-saving change
  let instant = new Date(wall - kyivOffsetMinutes(new Date(wall)) * 60000);
  instant = new Date(wall - kyivOffsetMinutes(instant) * 60000);
  return instant;
}

/** The last second of a Kyiv calendar day, as an ISO instant (promo codes' validTo). */
export function kyivEndOfDay(date: string): string {
  return kyivInstant(date, '23:59:59').toISOString();
}
