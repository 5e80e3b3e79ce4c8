import { niceTicks, overlaps, spacedLabels, timeShares, valueDomain } from './chartScale';
import { parseNumber, parseReference, rangeStatus } from './reference';

describe('reference values', () => {
  it.each([
    ['120 – 150', { low: 120, high: 150 }],
    ['3.9 - 5.8', { low: 3.9, high: 5.8 }],
    ['3,9–5,8', { low: 3.9, high: 5.8 }],
    ['< 5.20', { low: null, high: 5.2 }],
    ['≤ 6', { low: null, high: 6 }],
    ['> 30', { low: 30, high: null }],
    ['до 17', { low: null, high: 17 }],
    ['від 1.0', { low: 1, high: null }],
  ])('reads %s', (text, range) => {
    expect(parseReference(text)).toEqual(range);
  });

  it('has no band for descriptive references', () => {
    expect(parseReference('Не виявлено')).toBeNull();
    expect(parseReference(null)).toBeNull();
    expect(parseNumber('Виявлено')).toBeNull();
  });

  it('marks values below, above and within the band', () => {
    const band = { low: 120, high: 150 };
    expect(rangeStatus(112, band)).toBe('low');
    expect(rangeStatus(151, band)).toBe('high');
    expect(rangeStatus(150, band)).toBe('normal');
    expect(rangeStatus(6.1, { low: null, high: 5.2 })).toBe('high');
    expect(rangeStatus(null, band)).toBe('unknown');
    expect(rangeStatus(3, null)).toBe('unknown');
  });
});

describe('chart scale', () => {
  it('gives round ticks over the domain', () => {
    expect(niceTicks(100, 160, 5)).toEqual([100, 110, 120, 130, 140, 150, 160]);
    expect(niceTicks(3.1, 6.4, 4)).toEqual([4, 5, 6]);
    expect(niceTicks(3.1, 6.4, 8)).toEqual([3.5, 4, 4.5, 5, 5.5, 6]);
  });

  it('takes in the readings and the band with a margin, never below zero for positive data', () => {
    const [min, max] = valueDomain([118, 131, 112], 120, 150);
    expect(min).toBeLessThan(112);
    expect(max).toBeGreaterThan(150);
    expect(valueDomain([0.2, 0.3], 0, 1.7)[0]).toBe(0);
  });

  it('spaces readings by their dates: six months take twice the width of three', () => {
    expect(timeShares(['2026-01-01T00:00:00Z', '2026-07-02T00:00:00Z', '2026-10-01T00:00:00Z'])).toEqual([
      0,
      expect.closeTo(2 / 3, 2),
      1,
    ]);
    expect(timeShares(['2026-01-01T08:00:00Z'])).toEqual([0.5]);
  });

  it('labels the latest reading always and others only where they keep clear', () => {
    expect([...spacedLabels([0, 40, 100, 150, 300], 84)].sort((a, b) => a - b)).toEqual([0, 2, 4]);
    expect([...spacedLabels([0, 50], 84)]).toEqual([1]);
  });

  it('tells when two label boxes touch', () => {
    const a = { x: 0, y: 0, width: 30, height: 14 };
    expect(overlaps(a, { x: 20, y: 10, width: 30, height: 14 })).toBe(true);
    expect(overlaps(a, { x: 31, y: 0, width: 30, height: 14 })).toBe(false);
  });
});
