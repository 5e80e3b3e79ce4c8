import { useTranslation } from '@lab/i18n';
import styles from './Footer.module.css';

const HOTLINE = '0 800 102021';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.hotline}>
          <span>{t('footer.hotline')}</span>{' '}
          <a href={`tel:${HOTLINE.replace(/\s/g, '')}`} className={styles.phone}>
            {HOTLINE}
          </a>
        </p>
        <p>{t('footer.hours')}</p>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
