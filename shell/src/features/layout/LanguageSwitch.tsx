import { LOCALES, localizePath, useLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { Link } from '@lab/ui';
import styles from './LanguageSwitch.module.css';

/** Links to the current page in each locale; the active one is not clickable (docs/product.md#routes). */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t('language.label')} className={styles.switch}>
      {LOCALES.map((target) => (
        <Link
          key={target}
          to={localizePath(`${pathname}${search}`, target)}
          locale={target}
          className={target === locale ? styles.active : styles.option}
          lang={target === 'ua' ? 'uk' : 'ru'}
        >
          <span aria-hidden="true">{target.toUpperCase()}</span>
          <span className="visually-hidden">{t(`language.${target}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
