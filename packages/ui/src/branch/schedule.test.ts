import { scheduleLines } from './schedule';

const names = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд'];
const day = (weekday: number, opensAt: string | null, closesAt: string | null) => ({ weekday, opensAt, closesAt });

describe('branch schedule lines', () => {
  it('joins consecutive days with the same hours and marks closed days', () => {
    const schedule = [1, 2, 3, 4, 5].map((weekday) => day(weekday, '07:30', '19:00'));
    schedule.push(day(6, '08:00', '15:00'), day(7, null, null));
    expect(scheduleLines(schedule, names)).toEqual([
      { days: 'Пн–Пт', hours: '07:30–19:00' },
      { days: 'Сб', hours: '08:00–15:00' },
      { days: 'Нд', hours: null },
    ]);
  });

  it('gives one line for a branch open every day the same hours', () => {
    const schedule = [1, 2, 3, 4, 5, 6, 7].map((weekday) => day(weekday, '08:00', '20:00'));
    expect(scheduleLines(schedule, names)).toEqual([{ days: 'Пн–Нд', hours: '08:00–20:00' }]);
  });

  it('treats a day missing from the schedule as closed', () => {
    expect(scheduleLines([day(1, '08:00', '12:00')], names)).toEqual([
      { days: 'Пн', hours: '08:00–12:00' },
      { days: 'Вт–Нд', hours: null },
    ]);
  });
});
