import { validateBirthDay, validateName } from './validation';

describe('names', () => {
  it('are required, not digits only, and hold no digits', () => {
    expect(validateName('')).toBe('empty');
    expect(validateName('   ')).toBe('empty');
    expect(validateName('123')).toBe('emptyWithNumber');
    expect(validateName(' 12 3 ')).toBe('emptyWithNumber');
    expect(validateName('Іван2')).toBe('digits');
    expect(validateName('Олена 1')).toBe('digits');
    expect(validateName("Мар'яна")).toBeNull();
    expect(validateName('Анна-Марія')).toBeNull();
  });
});

describe('the birth date (typed DD.MM.YYYY)', () => {
  const today = '2026-11-18';

  it('is required', () => {
    expect(validateBirthDay('', today)).toBe('empty');
  });

  it('must be a real date later than 1900-01-01 and not after today', () => {
    expect(validateBirthDay('31.02.1990', today)).toBe('invalidDate');
    expect(validateBirthDay('15.05', today)).toBe('invalidDate');
    expect(validateBirthDay('01.01.1900', today)).toBe('invalidDate');
    expect(validateBirthDay('02.01.1900', today)).toBeNull();
    expect(validateBirthDay('19.11.2026', today)).toBe('invalidDate');
  });

  it('must be 18 years ago at least', () => {
    expect(validateBirthDay('18.11.2026', today)).toBe('minAge');
    expect(validateBirthDay('19.11.2008', today)).toBe('minAge');
    expect(validateBirthDay('18.11.2008', today)).toBeNull();
    expect(validateBirthDay('29.02.2008', '2026-02-28')).toBe('minAge');
  });
});
