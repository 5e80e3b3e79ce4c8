import { useMenus } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { Link, Skeleton } from '@lab/ui';
import { CityButton } from '../city';
import { DesktopMenu, MobileMenu, menuOfType } from '../menu';
import { RemoteSlot } from '../remotes';
import { TapStandIn } from '../taps';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';

/** docs/product.md#header: sticky; the desktop menu is hidden for search-engine bots. */
export function Header({ bot }: { bot: boolean }) {
  const { t } = useTranslation('shell');
  const { data: menus } = useMenus();
  const items = menuOfType(menus, 'header');
  // keyed by path: a navigation closes the open dropdown and the burger sidebar
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <MobileMenu key={pathname} items={items} footer={<LanguageSwitch />} />
        <Link to="/" className={styles.logo}>
          <span className={styles.mark} aria-hidden="true">
            +
          </span>
          {/* visible name (hidden visually on phones), then what following the link does */}
          <span className={styles.name}>{t('siteName')}</span>
          <span className="visually-hidden"> — {t('toHome')}</span>
        </Link>
        <div className={styles.city}>
          <CityButton />
        </div>
        <div className={styles.actions}>
          <RemoteSlot
            remote="mf_catalog"
            module="SearchButton"
            variant="compact"
            order="after-page"
            placeholder={<TapStandIn control="search" />}
          />
          <RemoteSlot
            remote="mf_cart_checkout"
            module="CartButton"
            variant="compact"
            order="after-page"
            placeholder={<TapStandIn control="cart" />}
          />
          <RemoteSlot
            remote="mf_account"
            module="ProfileMenu"
            order="after-page"
            variant="compact"
            placeholder={<Skeleton width="var(--profile-slot-width)" height={40} radius={20} />}
          />
          <div className={styles.lang}>
            <LanguageSwitch />
          </div>
        </div>
      </div>
      {/* the row is there before the menu arrives (its height reserved), so the page does not jump down */}
      {!bot && (
        <div className={styles.menuRow}>
          <DesktopMenu key={pathname} items={items} />
        </div>
      )}
    </header>
  );
}
