import { isValidBirthDate, MIN_AGE, maxBirthDateForAge, parseDisplayDate, todayInKyiv } from '@lab/ui';

export type NameError = 'empty' | 'emptyWithNumber' | 'digits';

/**
 * docs/product.md#validation: first name, surname and middle name are required, must not be digits only (the
 * empty-with-number message) and must not contain digits.
 */
export function validateName(value: string): NameError | null {
  const name = value.trim();
  if (name === '') return 'empty';
  if (/^[\d\s]+$/.test(name)) return 'emptyWithNumber';
  if (/\d/.test(name)) return 'digits';
  return null;
}

export type BirthDayError = 'empty' | 'invalidDate' | 'minAge';

/**
 * The birth date as typed (DD.MM.YYYY): required; a real date later than 1900-01-01 and not after
 * today, else invalid-date; and at least 18 years ago (the picker offers nothing later).
 */
export function validateBirthDay(text: string, today: string = todayInKyiv()): BirthDayError | null {
  if (text.trim() === '') return 'empty';
  const date = parseDisplayDate(text);
  if (!date || !isValidBirthDate(date, today)) return 'invalidDate';
  return date > maxBirthDateForAge(MIN_AGE, today) ? 'minAge' : null;
}
