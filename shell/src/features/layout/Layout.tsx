import { useKept } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Outlet, useNavigation } from '@lab/router';
import { isBot, Spinner } from '@lab/ui';
import { useState } from 'react';
import { Breadcrumbs } from '../breadcrumbs';
import { CityBanner, CityModal, CityProvider } from '../city';
import { OfflineNotice } from '../offline';
import { RemoteSlot } from '../remotes';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

/**
 * Page shell of docs/product.md#footer: header, routed main area, footer. The sign-in modals live once per page
 * and load when first asked for (`auth:open`, kept for them by the bus): most visits never sign in,
 * and mf-auth's entry and modals are about 16 KB gzipped.
 */
export function Layout() {
  const { t } = useTranslation('shell');
  const [bot] = useState(isBot);
  const signInAsked = useKept('auth:open');
  // the next page's code (or its remote's routes) on its way: the page being left waits under its own
  // address, marked busy, and the frame shows the site's progress bar until the next page is drawn
  const pending = useNavigation().state === 'loading';
  return (
    <CityProvider bot={bot}>
      <div className={styles.page}>
        <a className={styles.skip} href="#main">
          {t('skipToContent')}
        </a>
        {pending && <div className={styles.progress} role="progressbar" aria-label={t('pageLoading')} />}
        <Header bot={bot} />
        {/* next to the header for the keyboard and screen readers; drawn at the page's end (its order) */}
        <CityBanner />
        <main id="main" className={styles.main} tabIndex={-1} aria-busy={pending || undefined}>
          <Breadcrumbs />
          <Outlet />
        </main>
        <Footer />
        {signInAsked && (
          // the dialog itself opens in a portal: this box shows only the loading and failure states
          <div className={styles.onDemand}>
            <RemoteSlot
              remote="mf_auth"
              module="AuthModals"
              variant="compact"
              unavailableMessage={t('signInUnavailable')}
              order="after-page"
              placeholder={<Spinner />}
            />
          </div>
        )}
        <CityModal />
        <OfflineNotice />
      </div>
    </CityProvider>
  );
}
