import { useTranslation } from '@lab/i18n';
import { Link, usePageMeta } from '@lab/ui';
import styles from './NotFoundView.module.css';

/**
 * What a result, patient or page outside the user's reach shows: the server answers 404 for both
 * "missing" and "not yours", and so does this view (like the shell's not-found page).
 */
export function NotFoundView() {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('notFound.title') });
  return (
    <section className={styles.page} aria-labelledby="account-not-found-title" data-testid="account-not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="account-not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className={styles.links}>
        <Link to="/account" className={styles.link}>
          {t('notFound.toAccount')}
        </Link>
        <Link to="/" className={styles.link}>
          {t('notFound.home')}
        </Link>
      </p>
    </section>
  );
}
