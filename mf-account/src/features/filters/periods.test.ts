import { DEFAULT_FILTER, filterRange, PERIODS, parseFilter, serializeFilter } from './periods';

describe('order-history periods (docs/product.md#orders)', () => {
  it('are the six of docs/product.md#orders, in order', () => {
    expect(PERIODS).toEqual(['today', 'week', 'month', '3months', 'year', 'all']);
  });

  it.each([
    ['today', { 'date-from': '2026-03-31', 'date-to': '2026-03-31' }],
    ['week', { 'date-from': '2026-03-25', 'date-to': '2026-03-31' }],
    ['month', { 'date-from': '2026-02-28', 'date-to': '2026-03-31' }],
    ['3months', { 'date-from': '2025-12-31', 'date-to': '2026-03-31' }],
    ['year', { 'date-from': '2025-03-31', 'date-to': '2026-03-31' }],
    ['all', {}],
  ] as const)('%s covers its dates up to today, both ends included', (period, range) => {
    expect(filterRange({ period }, '2026-03-31')).toEqual(range);
  });

  it('keeps the day of the month where it can, across a leap day', () => {
    expect(filterRange({ period: 'month' }, '2024-03-30')).toEqual({
      'date-from': '2024-02-29',
      'date-to': '2024-03-30',
    });
    expect(filterRange({ period: 'year' }, '2024-02-29')).toEqual({
      'date-from': '2023-02-28',
      'date-to': '2024-02-29',
    });
    expect(filterRange({ period: 'week' }, '2026-01-03')).toEqual({
      'date-from': '2025-12-28',
      'date-to': '2026-01-03',
    });
  });

  it('passes a custom range as it is', () => {
    expect(filterRange({ period: 'custom', from: '2025-05-01', to: '2025-05-31' }, '2026-03-31')).toEqual({
      'date-from': '2025-05-01',
      'date-to': '2025-05-31',
    });
  });

  it('is stored as the period key or from..to, and read back', () => {
    expect(serializeFilter({ period: '3months' })).toBe('3months');
    expect(serializeFilter({ period: 'custom', from: '2025-05-01', to: '2025-05-31' })).toBe('2025-05-01..2025-05-31');
    expect(parseFilter('year')).toEqual({ period: 'year' });
    expect(parseFilter('2025-05-01..2025-05-31')).toEqual({ period: 'custom', from: '2025-05-01', to: '2025-05-31' });
  });

  it('falls back to all time for nothing, nonsense, reversed or (where not offered) custom ranges', () => {
    expect(parseFilter(null)).toEqual(DEFAULT_FILTER);
    expect(parseFilter('2026-01-01T00:00:00Z')).toEqual(DEFAULT_FILTER);
    expect(parseFilter('2025-06-01..2025-05-01')).toEqual(DEFAULT_FILTER);
    expect(parseFilter('2025-05-01..2025-05-31', false)).toEqual(DEFAULT_FILTER);
  });
});
