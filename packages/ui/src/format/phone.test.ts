import { formatPhone, maskPhone, phoneToInternational, validatePhone } from './phone';

describe('phone mask +38 (0##) ###-##-##', () => {
  it('masks progressively as digits are typed', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('6')).toBe('+38 (06');
    expect(maskPhone('67')).toBe('+38 (067');
    expect(maskPhone('671')).toBe('+38 (067) 1');
    expect(maskPhone('671234567')).toBe('+38 (067) 123-45-67');
  });

  it('accepts pasted numbers in any common form and drops extra digits', () => {
    expect(maskPhone('+380671234567')).toBe('+38 (067) 123-45-67');
    expect(maskPhone('0671234567')).toBe('+38 (067) 123-45-67');
    expect(maskPhone('38 067 123 45 67')).toBe('+38 (067) 123-45-67');
    expect(maskPhone('06712345678999')).toBe('+38 (067) 123-45-67');
  });

  it('re-masks an already masked value unchanged', () => {
    expect(maskPhone('+38 (067) 123-45-67')).toBe('+38 (067) 123-45-67');
  });
});

describe('phone validation (docs/product.md#validation)', () => {
  it('reduces to the international digits form of length 13', () => {
    expect(phoneToInternational('+38 (067) 123-45-67')).toBe('+380671234567');
    expect(phoneToInternational('+38 (067) 123-45-67')).toHaveLength(13);
  });

  it('gives empty for no digits and invalid for any other length than 13', () => {
    expect(validatePhone('')).toBe('empty');
    expect(validatePhone('+38 (0')).toBe('empty');
    expect(validatePhone('+38 (067) 123-45-6')).toBe('invalid');
    expect(validatePhone('+38 (067) 123-45-67')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('formats 10 digits with or without the 38 prefix', () => {
    expect(formatPhone('0671234567')).toBe('+38 (067) 123-45-67');
    expect(formatPhone('380671234567')).toBe('+38 (067) 123-45-67');
    expect(formatPhone('+380671234567')).toBe('+38 (067) 123-45-67');
  });

  it('returns null for anything else', () => {
    expect(formatPhone('12345')).toBeNull();
    expect(formatPhone('')).toBeNull();
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('3906712345678')).toBeNull();
  });
});
