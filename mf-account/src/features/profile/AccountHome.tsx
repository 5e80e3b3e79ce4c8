import { useSession } from '@lab/api';
import { emitOrKeep } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Button, Skeleton } from '@lab/ui';
import styles from './Profile.module.css';

export function AccountHome() {
  const { t } = useTranslation('account');
  const { signedIn, isLoading } = useSession();
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{t('page.title')}</h1>
      {isLoading ? (
        <Skeleton height={20} count={2} />
      ) : signedIn ? null : (
        <div className={styles.guest}>
          <p>{t('page.guestText')}</p>
          <Button onClick={() => emitOrKeep('auth:open', { fromCheckout: false })}>{t('signIn')}</Button>
        </div>
      )}
    </section>
  );
}
