import { useTranslation } from '@lab/i18n';
import { DateRangePicker, type DateRangeValue, todayInKyiv } from '@lab/ui';
import { useId, useState } from 'react';
import styles from './Filters.module.css';
import { type DateFilter, PERIODS } from './periods';

type Props = {
  value: DateFilter;
  onChange: (filter: DateFilter) => void;
  /** Offer a custom range (the doctor's lists). */
  allowCustom?: boolean;
};

/** The period chips (native radios: one tab stop, arrows move) and, optionally, a custom range. */
export function PeriodFilter({ value, onChange, allowCustom = false }: Props) {
  const { t } = useTranslation('account');
  const name = useId();
  const [range, setRange] = useState<DateRangeValue>(
    value.period === 'custom' ? { start: value.from, end: value.to } : { start: '', end: '' },
  );
  const [customOpen, setCustomOpen] = useState(value.period === 'custom');
  const options = allowCustom ? [...PERIODS, 'custom' as const] : PERIODS;
  const selected = customOpen ? 'custom' : value.period;

  const changeRange = (next: DateRangeValue) => {
    setRange(next);
    if (next.start && next.end) onChange({ period: 'custom', from: next.start, to: next.end });
  };

  return (
    <div className={styles.periodBlock}>
      <fieldset className={styles.periods}>
        <legend className={styles.legend}>{t('filters.period')}</legend>
        <div className={styles.chips}>
          {options.map((period) => (
            <label key={period} className={styles.chip}>
              <input
                type="radio"
                name={name}
                value={period}
                className={styles.radio}
                checked={selected === period}
                onChange={() => {
                  if (period === 'custom') {
                    setCustomOpen(true);
                    if (range.start && range.end) onChange({ period: 'custom', from: range.start, to: range.end });
                    return;
                  }
                  setCustomOpen(false);
                  onChange({ period });
                }}
              />
              <span className={styles.chipText}>{t(`filters.periods.${period}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {allowCustom && customOpen && (
        <DateRangePicker
          label={t('filters.customRange')}
          value={range}
          max={todayInKyiv()}
          onChange={changeRange}
          className={styles.range}
        />
      )}
    </div>
  );
}
