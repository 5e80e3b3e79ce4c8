import { useTranslation } from '@lab/i18n';
import { Link, Skeleton } from '@lab/ui';
import { CityButton } from '../city';
import { RemoteSlot } from '../remotes';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';

export function Header() {
  const { t } = useTranslation('shell');
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('logo')}>
          <span className={styles.mark} aria-hidden="true">
            +
          </span>
          <span className={styles.name}>{t('siteName')}</span>
        </Link>
        <CityButton />
        <div className={styles.actions}>
          <RemoteSlot
            remote="mf_catalog"
            module="SearchButton"
            variant="compact"
            placeholder={<Skeleton width={40} height={40} radius={20} />}
          />
          <RemoteSlot
            remote="mf_cart_checkout"
            module="CartButton"
            variant="compact"
            placeholder={<Skeleton width={40} height={40} radius={20} />}
          />
          <RemoteSlot
            remote="mf_account"
            module="ProfileMenu"
            variant="compact"
            placeholder={<Skeleton width={96} height={40} radius={20} />}
          />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
