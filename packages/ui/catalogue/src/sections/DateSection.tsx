import { useTranslation } from '@lab/i18n';
import { useState } from 'react';
import {
  Calendar,
  DateInput,
  DatePicker,
  DateRangePicker,
  type DateRangeValue,
  maxBirthDateForAge,
  todayInKyiv,
  UI_NAMESPACE,
} from '../../../src';
import styles from '../Catalogue.module.css';
import { Case, Section } from '../Showcase';

export function DateSection({ today = todayInKyiv() }: { today?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [typed, setTyped] = useState('1990-05-17');
  const [birthDate, setBirthDate] = useState('');
  const [visit, setVisit] = useState('');
  const [period, setPeriod] = useState<DateRangeValue>({ start: '', end: '' });
  const [picked, setPicked] = useState(today);
  return (
    <Section title="Date input and picker">
      <Case title="Valid value">
        <div className={styles.stack}>
          <DateInput label="Дата аналізу" value={typed} onChange={setTyped} />
          <p className={styles.note}>value: {typed || '—'}</p>
        </div>
      </Case>
      <Case title="Invalid">
        <DateInput label="Дата" value="" onChange={() => {}} error={t('invalidDate')} />
      </Case>
      <Case title="Birth date: min 1900-01-02, max today − 18 years">
        <div className={styles.stack}>
          <DatePicker
            label="Дата народження"
            value={birthDate}
            onChange={setBirthDate}
            min="1900-01-02"
            max={maxBirthDateForAge(18, today)}
            today={today}
            autoComplete="bday"
          />
          <p className={styles.note}>value: {birthDate || '—'}</p>
        </div>
      </Case>
      <Case title="Picker, no bounds">
        <DatePicker label="Бажана дата візиту" value={visit} onChange={setVisit} today={today} />
      </Case>
      <Case title="Date range (account filters)" wide>
        <div className={styles.stack}>
          <DateRangePicker label="Період замовлень" value={period} onChange={setPeriod} max={today} today={today} />
          <p className={styles.note}>
            value: {period.start || '—'} … {period.end || '—'}
          </p>
        </div>
      </Case>
      <Case title="Calendar grid alone, Monday first">
        <Calendar value={picked} today={today} onSelect={setPicked} />
      </Case>
    </Section>
  );
}
