import { useTranslation } from '@lab/i18n';
import { Outlet } from 'react-router-dom';
import { RemoteSlot } from '../remotes';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

/** Page shell of spec section 2: header, routed main area, footer; the sign-in modals live once per page. */
export function Layout() {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <RemoteSlot remote="mf_auth" module="AuthModals" variant="compact" />
    </div>
  );
}
