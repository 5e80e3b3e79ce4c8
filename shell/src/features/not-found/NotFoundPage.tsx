import { useTranslation } from '@lab/i18n';
import { Link } from '@lab/ui';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
