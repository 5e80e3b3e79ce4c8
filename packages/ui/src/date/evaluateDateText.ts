import { type IsoDate, parseDisplayDate } from '../format/date';

export type DateInputError = 'invalid' | 'beforeMin' | 'afterMax';

export interface DateTextResult {
  /** `YYYY-MM-DD` of a complete, real date within the bounds; '' otherwise. */
  value: IsoDate | '';
  /** Why a complete text gives no value; null while the text is still being typed. */
  error: DateInputError | null;
  complete: boolean;
}

/** Reads a masked `DD.MM.YYYY`: nothing until all 10 characters are there, then a date or the reason. */
export function evaluateDateText(text: string, min?: IsoDate, max?: IsoDate): DateTextResult {
  if (text.length < 10) return { value: '', error: null, complete: false };
  const iso = parseDisplayDate(text);
  if (!iso) return { value: '', error: 'invalid', complete: true };
  if (min && iso < min) return { value: '', error: 'beforeMin', complete: true };
  if (max && iso > max) return { value: '', error: 'afterMax', complete: true };
  return { value: iso, error: null, complete: true };
}
