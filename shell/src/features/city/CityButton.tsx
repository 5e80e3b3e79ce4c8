import { useTranslation } from '@lab/i18n';
import styles from './City.module.css';
import { useCity } from './CityContext';

/** The header's city display; opens the city picker. */
export function CityButton() {
  const { t } = useTranslation('shell');
  const { city, openModal } = useCity();
  return (
    <button type="button" className={styles.button} onClick={openModal} aria-haspopup="dialog">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
      </svg>
      <span className="visually-hidden">{t('city.current')}: </span>
      <span>{city?.title ?? t('city.choose')}</span>
    </button>
  );
}
