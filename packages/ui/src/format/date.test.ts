import {
  addDays,
  addMonths,
  DATE_FORMATS,
  endOfWeek,
  formatDateKyiv,
  formatDateParts,
  formatDateTimeKyiv,
  formatInKyiv,
  isLeapYear,
  isoToDisplay,
  isValidBirthDate,
  isValidIsoDate,
  KYIV_TIME_ZONE,
  kyivParts,
  maskDate,
  maxBirthDateForAge,
  parseDisplayDate,
  startOfWeek,
  todayInKyiv,
} from './date';

describe('parse, format, validate', () => {
  it('knows leap years: 29.02.2024 is valid, 29.02.2023 and 29.02.1900 are not, 29.02.2000 is', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(parseDisplayDate('29.02.2024')).toBe('2024-02-29');
    expect(parseDisplayDate('29.02.2023')).toBeNull();
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
  });

  it('rejects impossible days, months and shapes', () => {
    expect(parseDisplayDate('31.04.2024')).toBeNull();
    expect(parseDisplayDate('00.01.2024')).toBeNull();
    expect(parseDisplayDate('10.13.2024')).toBeNull();
    expect(parseDisplayDate('1.1.2024')).toBeNull();
    expect(isValidIsoDate('2024-1-01')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
    expect(isValidIsoDate(null)).toBe(false);
  });

  it('turns ISO into DD.MM.YYYY and back', () => {
    expect(isoToDisplay('2008-11-05')).toBe('05.11.2008');
    expect(isoToDisplay('2023-02-29')).toBe('');
    expect(parseDisplayDate('05.11.2008')).toBe('2008-11-05');
  });

  it('fills the formats of docs/product.md#constants', () => {
    const parts = { year: 2026, month: 3, day: 7, hour: 9, minute: 5, second: 0 };
    expect(formatDateParts(parts, DATE_FORMATS.date)).toBe('2026-03-07');
    expect(formatDateParts(parts, DATE_FORMATS.datetime)).toBe('2026-03-07 09:05:00');
    expect(formatDateParts(parts, DATE_FORMATS.year)).toBe('2026');
    expect(formatDateParts(parts, DATE_FORMATS.month)).toBe('2026-03');
    expect(formatDateParts(parts, DATE_FORMATS.time)).toBe('09:05:00');
  });
});

describe('maskDate (2-2-4)', () => {
  it('masks progressively and drops anything but 8 digits', () => {
    expect(maskDate('')).toBe('');
    expect(maskDate('2')).toBe('2');
    expect(maskDate('29')).toBe('29');
    expect(maskDate('290')).toBe('29.0');
    expect(maskDate('2902')).toBe('29.02');
    expect(maskDate('29022')).toBe('29.02.2');
    expect(maskDate('290220241')).toBe('29.02.2024');
    expect(maskDate('29/02/2024')).toBe('29.02.2024');
    expect(maskDate('ab')).toBe('');
  });

  it('turns a pasted ISO date around', () => {
    expect(maskDate('2024-02-29')).toBe('29.02.2024');
  });
});

describe('date arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('adds months keeping the day where it exists', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
  });

  it('starts weeks on Monday by default', () => {
    // 2026-11-22 is a Sunday
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(endOfWeek('2026-11-22')).toBe('2026-11-22');
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-22', 0)).toBe('2026-11-22');
  });
});

describe('Europe/Kyiv', () => {
  it("gives Kyiv's date, not the machine's: 22:30 UTC is already tomorrow in Kyiv", () => {
    expect(todayInKyiv(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22');
    expect(todayInKyiv(new Date('2026-07-21T20:59:59Z'))).toBe('2026-07-21');
    expect(todayInKyiv(new Date('2026-07-21T21:00:00Z'))).toBe('2026-07-22');
  });

  it("agrees with the time zone database's Europe/Kyiv from 1997 to 2037, at every change of the clocks", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: KYIV_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (time: number) => {
      const parts: Record<string, number> = {};
      for (const { type, value } of intl.formatToParts(time)) parts[type] = Number(value);
      return {
        year: parts.year,
        month: parts.month,
        day: parts.day,
        hour: parts.hour,
        minute: parts.minute,
        second: parts.second,
      };
    };
    const instants: number[] = [];
    for (let year = 1997; year <= 2037; year += 1) {
      for (const month of [2, 9]) {
        // around each change: the last Sunday's 01:00 UTC, and the minutes and hours either side
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const delta of [-3_600_000, -1000, 0, 1000, 3_600_000, 86_400_000]) instants.push(change + delta);
      }
      for (let day = 0; day < 365; day += 17) instants.push(Date.UTC(year, 0, 1) + day * 86_400_000 + day * 3_541_000);
    }
    expect(instants.length).toBeGreaterThan(1300);
    for (const time of instants)
      expect({ at: new Date(time).toISOString(), ...kyivParts(time) }).toEqual({
        at: new Date(time).toISOString(),
        ...expected(time),
      });
  });

  it('formats instants in Kyiv time, winter (+2) and summer (+3)', () => {
    expect(formatDateKyiv('2026-01-15T23:10:00Z')).toBe('16.01.2026');
    expect(formatDateTimeKyiv('2026-01-15T08:05:00Z')).toBe('15.01.2026 10:05');
    expect(formatDateTimeKyiv(Date.parse('2026-07-15T08:05:00Z'))).toBe('15.07.2026 11:05');
    expect(formatInKyiv(new Date('2026-07-15T08:05:09Z'))).toBe('2026-07-15 11:05:09');
    expect(formatInKyiv('not a date')).toBe('');
  });
});

describe('birth date (docs/product.md#validation)', () => {
  const today = '2026-11-22';

  it('must be a real YYYY-MM-DD, not later than today and later than 1900-01-01', () => {
    expect(isValidBirthDate('1990-05-17', today)).toBe(true);
    expect(isValidBirthDate(today, today)).toBe(true);
    expect(isValidBirthDate('2026-11-23', today)).toBe(false);
    expect(isValidBirthDate('1900-01-01', today)).toBe(false);
    expect(isValidBirthDate('1900-01-02', today)).toBe(true);
    expect(isValidBirthDate('2023-02-29', today)).toBe(false);
    expect(isValidBirthDate('2024-02-29', today)).toBe(true);
    expect(isValidBirthDate('17.05.1990', today)).toBe(false);
    expect(isValidBirthDate('', today)).toBe(false);
  });

  it('allows exactly today minus 18 years as the latest date for the minimum age', () => {
    expect(maxBirthDateForAge(18, today)).toBe('2008-11-22');
    expect(maxBirthDateForAge(undefined, today)).toBe('2008-11-22');
    expect(maxBirthDateForAge(18, '2026-02-28')).toBe('2008-02-28');
    expect(maxBirthDateForAge(18, '2024-02-29')).toBe('2006-02-28');
  });

  it('uses Kyiv today by default', () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T22:30:00Z') });
    try {
      expect(maxBirthDateForAge()).toBe('2008-11-22');
      expect(isValidBirthDate('2026-11-22')).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
