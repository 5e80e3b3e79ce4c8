import { useTranslation } from '@lab/i18n';
import { UI_NAMESPACE } from '../i18n';
import styles from './DateField.module.css';

interface Props {
  expanded: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** The button inside a date field that opens the calendar dialog. */
export function CalendarButton({ expanded, disabled, onClick }: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <button
      type="button"
      className={styles.calendarButton}
      aria-label={t('chooseDate')}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}
