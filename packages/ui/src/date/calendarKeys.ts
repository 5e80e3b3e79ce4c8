import { addDays, addMonths, addYears, endOfWeek, type IsoDate, startOfWeek } from '../format/date';

/**
 * The date that a key moves the grid focus to (APG date picker dialog): arrows by a day or a week,
 * PageUp/PageDown by a month (with Shift by a year), Home/End to the week's first/last day.
 * null for any other key.
 */
export function dateForKey(key: string, shiftKey: boolean, focused: IsoDate, weekStartsOn: 0 | 1): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(focused, -1);
    case 'ArrowRight':
      return addDays(focused, 1);
    case 'ArrowUp':
      return addDays(focused, -7);
    case 'ArrowDown':
      return addDays(focused, 7);
    case 'PageUp':
      return shiftKey ? addYears(focused, -1) : addMonths(focused, -1);
    case 'PageDown':
      return shiftKey ? addYears(focused, 1) : addMonths(focused, 1);
    case 'Home':
      return startOfWeek(focused, weekStartsOn);
    case 'End':
      return endOfWeek(focused, weekStartsOn);
    default:
      return null;
  }
}
