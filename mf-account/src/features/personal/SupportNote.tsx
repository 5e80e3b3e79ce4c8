import { useTranslation } from '@lab/i18n';
import styles from './Personal.module.css';

/** docs/product.md#roles: names and the birth date change only by calling support or at a lab. */
export function SupportNote() {
  const { t } = useTranslation('account');
  return (
    <aside className={styles.support} aria-labelledby="support-title">
      <h2 id="support-title" className={styles.supportTitle}>
        {t('support.title')}
      </h2>
      <p>{t('support.text')}</p>
      <p>
        <a href="tel:0800102021" className={styles.hotline}>
          {t('support.hotline')}
        </a>
        <br />
        <span className={styles.muted}>{t('support.hours')}</span>
      </p>
    </aside>
  );
}
