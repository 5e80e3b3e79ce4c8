import { useTranslation } from '@lab/i18n';
import { Outlet } from '@lab/router';
import { isBot } from '@lab/ui';
import { useState } from 'react';
import { Breadcrumbs } from '../breadcrumbs';
import { CityBanner, CityModal, CityProvider } from '../city';
import { OfflineNotice } from '../offline';
import { RemoteSlot } from '../remotes';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

/** Page shell of spec section 2: header, routed main area, footer; the sign-in modals live once per page. */
export function Layout() {
  const { t } = useTranslation('shell');
  const [bot] = useState(isBot);
  return (
    <CityProvider bot={bot}>
      <div className={styles.page}>
        <a className={styles.skip} href="#main">
          {t('skipToContent')}
        </a>
        <Header bot={bot} />
        <CityBanner />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Breadcrumbs />
          <Outlet />
        </main>
        <Footer />
        <RemoteSlot remote="mf_auth" module="AuthModals" variant="compact" order="after-page" />
        <CityModal />
        <OfflineNotice />
      </div>
    </CityProvider>
  );
}
