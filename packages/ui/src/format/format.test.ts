import { formatBytes } from './bytes';
import { formatPercent } from './percent';
import { plural } from './plural';
import { formatAmount, formatPrice } from './price';

describe('price (docs/product.md#constants)', () => {
  it('separates thousands with spaces and drops a trailing .00', () => {
    expect(formatAmount(1000000)).toBe('1 000 000');
    expect(formatAmount(1_000_000.0)).toBe('1 000 000');
    expect(formatAmount(1234.5)).toBe('1 234.50');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1000)).toBe('1 000');
  });

  it('keeps two decimals otherwise and rounds float noise', () => {
    expect(formatAmount(245.5)).toBe('245.50');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(99.999)).toBe('100');
    expect(formatAmount(-1500.25)).toBe('-1 500.25');
  });

  it('formats zero and non-numbers as 0', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(-0.001)).toBe('0');
    expect(formatAmount(Number.NaN)).toBe('0');
  });

  it('adds the currency label', () => {
    expect(formatPrice(1000000, 'грн')).toBe('1 000 000 грн');
    expect(formatPrice(245.5, 'грн')).toBe('245.50 грн');
    expect(formatPrice(0, 'грн')).toBe('0 грн');
  });
});

describe('formatBytes (Bytes through YB, base 1024, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1 MB'],
    [1234567, '1.18 MB'],
    [1024 ** 3 * 2.25, '2.25 GB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [-5, '0 Bytes'],
  ])('%p -> %p', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('takes the number of decimals', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
  });
});

describe('plural (three Slavic forms)', () => {
  const forms = ['аналіз', 'аналізи', 'аналізів'] as const;

  it.each([
    [0, 'аналізів'],
    [1, 'аналіз'],
    [2, 'аналізи'],
    [4, 'аналізи'],
    [5, 'аналізів'],
    [11, 'аналізів'],
    [12, 'аналізів'],
    [14, 'аналізів'],
    [21, 'аналіз'],
    [22, 'аналізи'],
    [25, 'аналізів'],
    [101, 'аналіз'],
    [111, 'аналізів'],
    [1.5, 'аналізи'],
  ])('%p %p', (n, form) => {
    expect(plural(n, forms)).toBe(form);
  });

  it('takes the forms as one "one|few|many" string', () => {
    expect(plural(3, 'зірка|зірки|зірок')).toBe('зірки');
    expect(plural(-1, 'зірка|зірки|зірок')).toBe('зірка');
  });
});

describe('percent', () => {
  it('keeps the sign on the number’s line: a no-break space before %', () => {
    expect(formatPercent(5)).toBe('5\u00a0%');
    expect(formatPercent(2.5)).toBe('2.5\u00a0%');
    expect(formatPercent(100 / 3)).toBe('33.3\u00a0%');
  });
});
