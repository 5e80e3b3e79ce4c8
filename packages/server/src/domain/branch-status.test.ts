import type { ScheduleDay } from '@lab/api/contract';
import { branchStatus } from './branch-status';
import { kyivEndOfDay, kyivInstant, kyivWallTime } from './kyiv-time';

const week = (opensAt: string | null, closesAt: string | null, days = [1, 2, 3, 4, 5, 6, 7]): ScheduleDay[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    days.includes(weekday) ? { weekday, opensAt, closesAt } : { weekday, opensAt: null, closesAt: null },
  );
/** Kyiv wall time -> instant, e.g. at('2026-11-18', '19:30') (a Wednesday). */
const at = (date: string, time: string) => kyivInstant(date, `${time}:00`);

describe('Kyiv time', () => {
  it('knows the weekday, minutes and date in Kyiv, across daylight saving', () => {
    expect(kyivWallTime(new Date('2026-11-18T22:30:00Z'))).toEqual({ weekday: 4, minutes: 30, date: '2026-11-19' });
    expect(kyivWallTime(new Date('2026-07-15T21:30:00Z'))).toEqual({ weekday: 4, minutes: 30, date: '2026-07-16' });
  });

  it('finds the instant of a Kyiv wall time in winter and summer', () => {
    expect(kyivInstant('2026-01-15', '12:00:00').toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(kyivInstant('2026-07-15', '12:00:00').toISOString()).toBe('2026-07-15T09:00:00.000Z');
    // the night clocks go forward (29 March 2026, 03:00 -> 04:00)
    expect(kyivInstant('2026-03-29', '12:00:00').toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(kyivEndOfDay('2026-12-31')).toBe('2026-12-31T21:59:59.000Z');
    expect(kyivEndOfDay('2026-06-30')).toBe('2026-06-30T20:59:59.000Z');
  });
});

describe('branchStatus', () => {
  const weekdays = [
    ...week('08:00', '20:00', [1, 2, 3, 4, 5]).slice(0, 5),
    { weekday: 6, opensAt: '08:00', closesAt: '15:00' },
    { weekday: 7, opensAt: null, closesAt: null },
  ];

  it.each([
    ['07:59', 'closed'],
    ['08:00', 'open'],
    ['18:59', 'open'],
    ['19:00', 'closing-soon'],
    ['19:59', 'closing-soon'],
    ['20:00', 'closed'],
  ])('on a weekday at %s is %s', (time, status) => {
    expect(branchStatus(weekdays, at('2026-11-18', time))).toBe(status);
  });

  it('is closed on a day without hours (Sunday)', () => {
    expect(branchStatus(weekdays, at('2026-11-22', '12:00'))).toBe('closed');
  });

  it('is closed with an empty schedule', () => {
    expect(branchStatus([], at('2026-11-18', '12:00'))).toBe('closed');
  });

  it('is never closing soon round the clock, also over the week boundary', () => {
    const always = week('00:00', '00:00');
    for (const [date, time] of [
      ['2026-11-18', '23:30'],
      ['2026-11-22', '23:59'],
      ['2026-11-23', '00:00'],
    ] as const) {
      expect(branchStatus(always, at(date, time))).toBe('open');
    }
  });

  it('treats a closing time before the opening time as past midnight', () => {
    const night = week('20:00', '02:00', [5]); // Friday night
    expect(branchStatus(night, at('2026-11-20', '21:00'))).toBe('open');
    expect(branchStatus(night, at('2026-11-21', '01:30'))).toBe('closing-soon'); // Saturday 01:30
    expect(branchStatus(night, at('2026-11-21', '02:00'))).toBe('closed');
  });

  it('carries a Sunday night shift into Monday', () => {
    const sundayNight = week('22:00', '06:00', [7]);
    expect(branchStatus(sundayNight, at('2026-11-23', '03:00'))).toBe('open'); // Monday 03:00
    expect(branchStatus(sundayNight, at('2026-11-23', '05:30'))).toBe('closing-soon');
  });

  it('joins back-to-back days: closing soon only before the real closing', () => {
    const lateEvening = [
      { weekday: 3, opensAt: '08:00', closesAt: '00:00' },
      { weekday: 4, opensAt: '00:00', closesAt: '10:00' },
    ];
    expect(branchStatus(lateEvening, at('2026-11-18', '23:30'))).toBe('open');
    expect(branchStatus(lateEvening, at('2026-11-19', '09:15'))).toBe('closing-soon');
  });

  it('takes the closing-soon window as a parameter', () => {
    expect(branchStatus(weekdays, at('2026-11-18', '19:00'), 30)).toBe('open');
  });
});
