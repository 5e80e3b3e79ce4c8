import { useSession } from '@lab/api';
import { bus } from '@lab/events';
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
      aria-label={t('signInLabel')}
      onClick={() => bus.emit('auth:open', { fromCheckout: false })}
    >
      {t('signIn')}
    </Button>
  );
}
