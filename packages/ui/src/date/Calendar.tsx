import { languageTag, useLocale, useTranslation } from '@lab/i18n';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../cx';
import {
  addDays,
  addMonths,
  clampDate,
  daysInMonth,
  endOfMonth,
  endOfWeek,
  type IsoDate,
  isWithinRange,
  startOfMonth,
  startOfWeek,
  todayInKyiv,
  toIsoDate,
} from '../format/date';
import { UI_NAMESPACE } from '../i18n';
import styles from './Calendar.module.css';
import { dateForKey } from './calendarKeys';
import { calendarText } from './calendarText';

export interface DateRange {
  start: IsoDate | null;
  end: IsoDate | null;
}

export interface CalendarProps {
  /** The chosen day (single mode). */
  value?: IsoDate | null;
  /** Range mode: both ends inclusive; a lone start is shown while the end is being picked. */
  range?: DateRange;
  /** Days outside min..max are shown disabled and cannot be picked. */
  min?: IsoDate;
  max?: IsoDate;
  /** Defaults to today in Kyiv; tests and stories pass a fixed one. */
  today?: IsoDate;
  /** 1: Monday, as in Ukraine (default); 0: Sunday. */
  weekStartsOn?: 0 | 1;
  onSelect: (date: IsoDate) => void;
  /** Told about the day holding the keyboard focus, on mount and on every move (the dialog's OK). */
  onFocusChange?: (date: IsoDate) => void;
  /** Focus the current day on mount (inside the picker's dialog). */
  autoFocus?: boolean;
  className?: string;
}

const YEARS_BACK = 120;
const YEARS_AHEAD = 10;

/**
 * A month grid after the WAI-ARIA date picker dialog: one roving tab stop, arrows move by day and
 * week, PageUp/PageDown by month (Shift: year), Home/End to the week's ends, Enter/Space pick.
 */
export function Calendar({
  value,
  range,
  min,
  max,
  today,
  weekStartsOn = 1,
  onSelect,
  onFocusChange,
  autoFocus = false,
  className,
}: CalendarProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const text = calendarText(languageTag(useLocale()), weekStartsOn);
  const currentDay = today ?? todayInKyiv();
  const [focused, setFocused] = useState(() => clampDate(value ?? range?.start ?? currentDay, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  const takeFocusRef = useRef(autoFocus);
  const onFocusChangeRef = useRef(onFocusChange);
  const headingId = useId();

  useLayoutEffect(() => {
    onFocusChangeRef.current = onFocusChange;
  });

  useEffect(() => {
    onFocusChangeRef.current?.(focused);
    if (!takeFocusRef.current) return;
    takeFocusRef.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const moveTo = (date: IsoDate, takeFocus: boolean) => {
    takeFocusRef.current = takeFocus;
    setFocused(date);
  };

  const pick = (date: IsoDate) => {
    if (!isWithinRange(date, min, max)) return;
    moveTo(date, false);
    onSelect(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(focused);
      return;
    }
    const next = dateForKey(event.key, event.shiftKey, focused, weekStartsOn);
    if (!next) return;
    event.preventDefault();
    moveTo(next, true);
  };

  const year = Number(focused.slice(0, 4));
  const month = Number(focused.slice(5, 7));
  const showMonth = (nextYear: number, nextMonth: number) =>
    moveTo(
      toIsoDate({
        year: nextYear,
        month: nextMonth,
        day: Math.min(Number(focused.slice(8)), daysInMonth(nextYear, nextMonth)),
      }),
      false,
    );

  const todayYear = Number(currentDay.slice(0, 4));
  const firstYear = Math.min(min ? Number(min.slice(0, 4)) : todayYear - YEARS_BACK, year);
  const lastYear = Math.max(max ? Number(max.slice(0, 4)) : todayYear + YEARS_AHEAD, year);
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => lastYear - index);

  const weeks: IsoDate[][] = [];
  const lastShown = endOfWeek(endOfMonth(focused), weekStartsOn);
  for (let day = startOfWeek(startOfMonth(focused), weekStartsOn); day <= lastShown; day = addDays(day, 7)) {
    const weekStart = day;
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(weekStart, index)));
  }

  const rangeStart = range?.start ?? null;
  const rangeEnd = range?.end ?? null;
  const isSelected = (date: IsoDate) =>
    range ? date === rangeStart || date === rangeEnd || isBetween(date, rangeStart, rangeEnd) : date === value;

  return (
    <div className={cx(styles.calendar, className)}>
      <div className={styles.header}>
        <button
          type="button"
          className={styles.nav}
          aria-label={t('previousMonth')}
          disabled={Boolean(min) && startOfMonth(focused) <= (min ?? '')}
          onClick={() => moveTo(addMonths(focused, -1), false)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <select
          className={styles.select}
          aria-label={t('month')}
          value={month}
          onChange={(event) => showMonth(year, Number(event.target.value))}
        >
          {text.months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          className={styles.select}
          aria-label={t('year')}
          value={year}
          onChange={(event) => showMonth(Number(event.target.value), month)}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.nav}
          aria-label={t('nextMonth')}
          disabled={Boolean(max) && endOfMonth(focused) >= (max ?? '')}
          onClick={() => moveTo(addMonths(focused, 1), false)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {/* The grid's name; announced when paging moves to another month. */}
      <div id={headingId} className="visually-hidden" aria-live="polite">
        {`${text.months[month - 1]} ${year}`}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG calendar is a table with grid semantics */}
      <table ref={gridRef} role="grid" aria-labelledby={headingId} className={styles.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {text.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className={styles.weekday}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                if (Number(date.slice(5, 7)) !== month) return <td key={date} className={styles.outside} />;
                const disabled = !isWithinRange(date, min, max);
                const selected = isSelected(date);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys for all its cells
                  <td
                    key={date}
                    data-date={date}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: explicit, so aria-selected is valid
                    role="gridcell"
                    tabIndex={date === focused ? 0 : -1}
                    aria-label={text.fullDate(date)}
                    aria-selected={selected}
                    aria-disabled={disabled || undefined}
                    aria-current={date === currentDay ? 'date' : undefined}
                    className={cx(
                      styles.day,
                      selected && styles.selected,
                      range && isBetween(date, rangeStart, rangeEnd) && styles.between,
                      date === currentDay && styles.today,
                      disabled && styles.disabled,
                    )}
                    onClick={() => pick(date)}
                  >
                    {Number(date.slice(8))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function isBetween(date: IsoDate, start: IsoDate | null, end: IsoDate | null): boolean {
  return Boolean(start && end && date > start && date < end);
}
