import { requestSignIn } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, usePageMeta } from '@lab/ui';
import styles from './Profile.module.css';

/** Any account page for a guest: what the account is for and the way to sign in. */
export function GuestPrompt() {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('page.title') });
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{t('page.title')}</h1>
      <div className={styles.guest}>
        <p>{t('page.guestText')}</p>
        <Button onClick={() => requestSignIn(false)}>{t('signIn')}</Button>
      </div>
    </section>
  );
}
