import { useLocale, useTranslation } from '@lab/i18n';
import { cardStyles, cx, Link, Skeleton, SkeletonGrid, SkeletonText } from '@lab/ui';
import { Busy } from '../../lib';
import type { ReadyAccount } from '../account';
import styles from './Profile.module.css';
import { ProfileSummary } from './ProfileSummary';
import { RoleSwitch } from './RoleSwitch';
import { useSwitchRole } from './useSwitchRole';
import { vocativeUk } from './vocative';

type Tile = { to: string; title: string; text: string };

/** The ways into the account for a role. */
function HomeTiles({ role }: { role: 'patient' | 'doctor' }) {
  const { t } = useTranslation('account');
  const tiles: Tile[] =
    role === 'doctor'
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
    <ul className={cx(cardStyles.list, styles.tiles)}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link to={tile.to} className={styles.tile}>
            <span className={styles.tileTitle}>{tile.title}</span>
            <span className={styles.tileText}>{tile.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /account: who is signed in, the role switch and the ways into the account. */
export function AccountHome({ account }: { account: ReadyAccount }) {
  const { t } = useTranslation('account');
  const switchRole = useSwitchRole();
  const locale = useLocale();
  // Ukrainian greets in the vocative ("Вітаємо, Олено!"); Russian has none in use and keeps the name
  const name = locale === 'ua' ? vocativeUk(account.person.firstName) : account.person.firstName;
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{t('page.title')}</h1>
      <p className={styles.welcome}>{t('page.welcome', { name })}</p>
      <div className={cx(cardStyles.card, styles.hero)}>
        <ProfileSummary person={account.person} size={64} />
        {account.canSwitch && <RoleSwitch role={account.role} onSwitch={switchRole} />}
      </div>
      <HomeTiles role={account.role} />
    </section>
  );
}

/**
 * The account's home before the profiles arrive (the first view's frame, the account's loading state):
 * the person's lines as skeletons of their size, and the role's ways in (their skeletons while the role
 * is not known: a user with both profiles, whose stored choice the server does not see).
 */
export function AccountHomeFrame({ role }: { role: 'patient' | 'doctor' | null }) {
  const { t } = useTranslation('account');
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{t('page.title')}</h1>
      <Busy>
        {/* a line's height, as the greeting's: nothing below moves when it arrives */}
        <p className={styles.welcome}>
          <Skeleton width="14em" height="1lh" />
        </p>
        <div className={cx(cardStyles.card, styles.hero)}>
          <div className={styles.summary}>
            <Skeleton width={64} height={64} radius="50%" />
            <span className={styles.summaryLines}>
              <SkeletonText lines={3} />
            </span>
          </div>
        </div>
      </Busy>
      {role ? <HomeTiles role={role} /> : <SkeletonGrid count={2} height="7rem" minWidth="15rem" />}
    </section>
  );
}
