import { useSession } from '@lab/api';
import { emitOrKeep } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Button, Link } from '@lab/ui';
import styles from './Profile.module.css';

export function ProfileMenu() {
  const { t } = useTranslation('account');
  const { signedIn } = useSession();
  if (signedIn) {
    return (
      <Link to="/account" className={styles.accountLink}>
        {t('myAccount')}
      </Link>
    );
  }
  // a guest (or a session we could not read) gets the sign-in entry
  return (
    <Button
      variant="secondary"
      className={styles.signIn}
      aria-label={t('signInLabel')}
      onClick={() => emitOrKeep('auth:open', { fromCheckout: false })}
    >
      <svg
        className={styles.personIcon}
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.signInText}>{t('signIn')}</span>
    </Button>
  );
}
