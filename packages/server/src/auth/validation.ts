/** Checks of personal data beyond the contract's schemas (docs/product.md#validation). */
import { isDate } from '@lab/api/contract';
import { kyivWallTime } from '../domain/kyiv-time';
import { AppError } from '../errors';

export const MIN_BIRTH_DAY = '1900-01-01';
export const MIN_AGE = 18;

/** A trimmed name with single spaces; no digits, not blank. */
export function cleanName(value: string, field: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') throw new AppError(400, 'validation-error', 'validation-required', field);
  if (/\d/.test(name)) throw new AppError(400, 'validation-error', 'name-invalid', field);
  return name;
}

/** A real date after 1900-01-01 and not after today (Kyiv). */
export function checkBirthDay(value: string, now: Date, field: string): void {
  const today = kyivWallTime(now).date;
  if (!isDate(value) || value <= MIN_BIRTH_DAY || value > today) {
    throw new AppError(400, 'validation-error', 'invalid-date', field);
  }
}

/** At least 18 years old today (Kyiv). */
export function checkAdult(value: string, now: Date, field: string): void {
  const today = kyivWallTime(now).date;
  const [year = 0, month = '01', day = '01'] = [Number(today.slice(0, 4)), today.slice(5, 7), today.slice(8, 10)];
  // born on 29 February: an adult from 1 March of the 18th year (the string compare does that)
  const adultBorn = `${year - MIN_AGE}-${month}-${day}`;
  if (value > adultBorn) throw new AppError(400, 'validation-error', 'age-under-18', field);
}
