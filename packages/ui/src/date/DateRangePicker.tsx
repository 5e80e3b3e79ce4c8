import { useTranslation } from '@lab/i18n';
import { useState } from 'react';
import { cx } from '../cx';
import type { IsoDate } from '../format/date';
import { UI_NAMESPACE } from '../i18n';
import { Calendar, type DateRange } from './Calendar';
import { CalendarButton } from './CalendarButton';
import { CalendarDialog } from './CalendarDialog';
import styles from './DateField.module.css';
import { DateInput } from './DateInput';

export interface DateRangeValue {
  /** `YYYY-MM-DD` or '' */
  start: IsoDate | '';
  end: IsoDate | '';
}

export interface DateRangePickerProps {
  /** The group's legend, e.g. the order-history period. */
  label: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  min?: IsoDate;
  max?: IsoDate;
  today?: IsoDate;
  weekStartsOn?: 0 | 1;
  disabled?: boolean;
  className?: string;
}

/** Next draft after a pick: the first pick starts a range, the second ends it (in either order). */
export function pickRangeDate(draft: DateRange, date: IsoDate): DateRange {
  if (!draft.start || draft.end) return { start: date, end: null };
  return date < draft.start ? { start: date, end: draft.start } : { start: draft.start, end: date };
}

/**
 * A period for the account's filters: two typed dates (from, to) bounding each other, and a range
 * calendar where two picks set the ends and OK applies them.
 */
export function DateRangePicker({
  label,
  value,
  onChange,
  min,
  max,
  today,
  weekStartsOn = 1,
  disabled,
  className,
}: DateRangePickerProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange>({ start: null, end: null });

  const openCalendar = () => {
    setDraft({ start: value.start || null, end: value.end || null });
    setOpen(true);
  };

  const confirm = () => {
    if (draft.start) onChange({ start: draft.start, end: draft.end ?? draft.start });
    setOpen(false);
  };

  return (
    <fieldset className={cx(styles.range, className)} disabled={disabled}>
      <legend className={styles.label}>{label}</legend>
      <div className={cx(styles.rangeFields, styles.picker)}>
        <DateInput
          label={t('dateFrom')}
          value={value.start}
          min={min}
          max={value.end || max}
          onChange={(start) => onChange({ ...value, start })}
        />
        <DateInput
          label={t('dateTo')}
          value={value.end}
          min={value.start || min}
          max={max}
          onChange={(end) => onChange({ ...value, end })}
          addon={<CalendarButton expanded={open} onClick={() => (open ? setOpen(false) : openCalendar())} />}
        />
        <CalendarDialog
          open={open}
          label={label}
          instructions={draft.start && !draft.end ? t('rangePickEnd') : t('rangePickStart')}
          onClose={() => setOpen(false)}
          onConfirm={confirm}
        >
          <Calendar
            range={draft}
            min={min}
            max={max}
            today={today}
            weekStartsOn={weekStartsOn}
            autoFocus
            onSelect={(date) => setDraft((current) => pickRangeDate(current, date))}
          />
        </CalendarDialog>
      </div>
    </fieldset>
  );
}
