import { useTranslation } from '@lab/i18n';
import { Link, usePageMeta } from '@lab/ui';
import type { ReadyAccount } from '../account';
import styles from './Profile.module.css';
import { ProfileSummary } from './ProfileSummary';
import { RoleSwitch } from './RoleSwitch';
import { useSwitchRole } from './useSwitchRole';

type Tile = { to: string; title: string; text: string };

/** /account: who is signed in, the role switch and the ways into the account. */
export function AccountHome({ account }: { account: ReadyAccount }) {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('page.title') });
  const switchRole = useSwitchRole();
  const tiles: Tile[] =
    account.role === 'doctor'
      ? [
          { to: '/account/patients', title: t('menu.referrals'), text: t('home.referralsText') },
          { to: '/account/personal-information', title: t('menu.personal'), text: t('home.personalText') },
        ]
      : [
          { to: '/account/orders', title: t('menu.orders'), text: t('home.ordersText') },
          { to: '/account/personal-information', title: t('menu.personal'), text: t('home.personalText') },
          { to: '/account/personal-information#wards', title: t('home.family'), text: t('home.familyText') },
        ];
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{t('page.title')}</h1>
      <p className={styles.welcome}>{t('page.welcome', { name: account.person.firstName })}</p>
      <div className={styles.hero}>
        <ProfileSummary person={account.person} size={64} />
        {account.canSwitch && <RoleSwitch role={account.role} onSwitch={switchRole} />}
      </div>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={styles.tile}>
              <span className={styles.tileTitle}>{tile.title}</span>
              <span className={styles.tileText}>{tile.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
