import { useTranslation } from '@lab/i18n';
import { useRef, useState } from 'react';
import { type IsoDate, isoToDisplay, isValidIsoDate, isWithinRange } from '../format/date';
import { UI_NAMESPACE } from '../i18n';
import { Calendar } from './Calendar';
import { CalendarButton } from './CalendarButton';
import { CalendarDialog } from './CalendarDialog';
import styles from './DateField.module.css';
import { DateInput, type DateInputProps } from './DateInput';

export interface DatePickerProps extends Omit<DateInputProps, 'addon'> {
  /** Defaults to today in Kyiv. */
  today?: IsoDate;
  /** 1: Monday (default, as in Ukraine). */
  weekStartsOn?: 0 | 1;
}

/**
 * A date field with a calendar: typed as DD.MM.YYYY or picked in the dialog. Picking a day closes
 * the dialog at once; OK takes the day holding the keyboard focus; Cancel and Escape change nothing.
 */
export function DatePicker({ today, weekStartsOn = 1, ...field }: DatePickerProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState(false);
  const focusedRef = useRef<IsoDate | null>(null);
  const { value, min, max, onChange } = field;

  const apply = (date: IsoDate) => {
    onChange(date, { text: isoToDisplay(date), error: null });
    setOpen(false);
  };

  return (
    <div className={styles.picker}>
      <DateInput
        {...field}
        addon={<CalendarButton expanded={open} disabled={field.disabled} onClick={() => setOpen(!open)} />}
      />
      <CalendarDialog
        open={open}
        label={t('calendar')}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          const date = focusedRef.current;
          if (date && isWithinRange(date, min, max)) apply(date);
          else setOpen(false);
        }}
      >
        <Calendar
          value={isValidIsoDate(value) ? value : null}
          min={min}
          max={max}
          today={today}
          weekStartsOn={weekStartsOn}
          autoFocus
          onSelect={apply}
          onFocusChange={(date) => {
            focusedRef.current = date;
          }}
        />
      </CalendarDialog>
    </div>
  );
}
