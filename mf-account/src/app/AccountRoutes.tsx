import { useSession } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Route, Routes, useParams } from '@lab/router';
import { ErrorState, Link } from '@lab/ui';
import type { ReactNode } from 'react';
import { type ReadyAccount, useAccount } from '../features/account';
import { OrdersPage } from '../features/orders';
import { PatientResultPage, PatientResultsPage, PatientsPage } from '../features/patients';
import { PersonalPage } from '../features/personal';
import { AccountHome, GuestPrompt } from '../features/profile';
import { ResultView } from '../features/results';
import { NotFoundView, statusOf } from '../lib';
import { AccountFrame } from './AccountFrame';
import styles from './App.module.css';

const orderResultHref = (registryId: number) => `/account/results/${registryId}`;

/** /account/results/{id}: one order's results. */
function OrderResultsPage() {
  const registryId = Number(useParams().id);
  return <ResultView registryId={registryId} crumbId="order-results" resultHref={orderResultHref} />;
}

/** The referrals are a doctor's; anyone else is told so. */
function DoctorOnly({ account, children }: { account: ReadyAccount; children: ReactNode }) {
  const { t } = useTranslation('account');
  if (account.hasDoctor) return children;
  return (
    <section className={styles.notice} aria-labelledby="doctor-only-title">
      <h1 id="doctor-only-title">{t('patients.title')}</h1>
      <p>{t('patients.doctorsOnly')}</p>
      <Link to="/account/orders">{t('menu.orders')}</Link>
    </section>
  );
}

/**
 * The account's pages under the shell's `account/*` route: guests get the sign-in prompt on every
 * one, signed-in users the page (relative paths, so the ru prefix works alike). The pages that show
 * nothing of the profiles (orders, results) draw as soon as the session is known to be a user's, and
 * ask for their data alongside the profiles, not after them.
 */
export function AccountRoutes() {
  const { t } = useTranslation('account');
  const account = useAccount();
  const { signedIn } = useSession();
  if (account.status === 'guest') return <GuestPrompt />;
  if (account.status === 'loading' && !signedIn) return <AccountFrame />;
  if (account.status === 'error') {
    return (
      <section aria-labelledby="account-title">
        <h1 id="account-title">{t('page.title')}</h1>
        <ErrorState
          title={t('page.loadFailed')}
          description={account.error ? statusOf(account.error, t) : undefined}
          onRetry={account.retry}
        />
      </section>
    );
  }
  const ready = account.status === 'ready' ? account : null;
  /** A page that shows the profiles: its frame until they arrive. */
  const withAccount = (page: (account: ReadyAccount) => ReactNode) => (ready ? page(ready) : <AccountFrame />);
  return (
    <Routes>
      <Route index element={withAccount((current) => <AccountHome account={current} />)} />
      <Route path="personal-information" element={withAccount((current) => <PersonalPage account={current} />)} />
      <Route path="orders" element={<OrdersPage />} />
      <Route path="results/:id" element={<OrderResultsPage />} />
      <Route
        path="patients"
        element={withAccount((current) => (
          <DoctorOnly account={current}>
            <PatientsPage />
          </DoctorOnly>
        ))}
      />
      <Route path="patients/:id/results" element={<PatientResultsPage />} />
      <Route path="patients/:id/results/:resultId" element={<PatientResultPage />} />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  );
}
