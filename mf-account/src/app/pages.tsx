// The account's route components (routes.ts): the account route's own, which draws what every page of it
// shares, and one per page, drawn in its Outlet.
import '../i18n';
import { useSession } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Outlet, useParams } from '@lab/router';
import { ErrorState, Link } from '@lab/ui';
import type { ReactNode } from 'react';
import { type ReadyAccount, useAccount } from '../features/account';
import { OrdersPage } from '../features/orders';
import { PatientResultPage, PatientResultsPage, PatientsPage } from '../features/patients';
import { PersonalPage } from '../features/personal';
import { AccountHome, GuestPrompt } from '../features/profile';
import { ResultView } from '../features/results';
import { ShareDialog } from '../features/sharing';
import { NotFoundView, statusOf } from '../lib';
import { AccountFrame, type AccountPageAt, AccountPagesProvider } from './AccountFrame';
import styles from './App.module.css';

/**
 * /account and its pages: guests get the sign-in prompt on every one, signed-in users the page. The
 * pages that show nothing of the profiles (orders, results) draw as soon as the session is known to be
 * a user's, and ask for their data alongside the profiles, not after them. `pageAt`: the account's pages,
 * for the frames drawn while they load (routes.ts gives them).
 */
export function AccountLayout({ pageAt }: { pageAt: AccountPageAt }) {
  return (
    <AccountPagesProvider value={pageAt}>
      <AccountPages />
    </AccountPagesProvider>
  );
}

function AccountPages() {
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
  return <Outlet />;
}

/** A page that shows the profiles: its frame until they arrive. */
function WithAccount({ page }: { page: (account: ReadyAccount) => ReactNode }) {
  const account = useAccount();
  return account.status === 'ready' ? page(account) : <AccountFrame />;
}

/** /account: the ways in. */
export function AccountHomeRoute() {
  return <WithAccount page={(account) => <AccountHome account={account} />} />;
}

/** /account/personal-information */
export function PersonalRoute() {
  return <WithAccount page={(account) => <PersonalPage account={account} />} />;
}

/** /account/orders */
export function OrdersRoute() {
  return <OrdersPage />;
}

const orderResultHref = (registryId: number) => `/account/results/${registryId}`;

/** /account/results/{id}: one order's results. */
export function OrderResultsRoute() {
  const registryId = Number(useParams().id);
  return (
    <ResultView
      registryId={registryId}
      crumbId="order-results"
      resultHref={orderResultHref}
      shareDialog={ShareDialog}
    />
  );
}

/** /account/patients: the referrals are a doctor's; anyone else is told so. */
export function PatientsRoute() {
  return (
    <WithAccount
      page={(account) => (
        <DoctorOnly account={account}>
          <PatientsPage />
        </DoctorOnly>
      )}
    />
  );
}

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

/** /account/patients/{id}/results */
export function PatientResultsRoute() {
  return <PatientResultsPage />;
}

/** /account/patients/{id}/results/{resultId} */
export function PatientResultRoute() {
  return <PatientResultPage />;
}

/** Any other address under /account. */
export function NotFoundRoute() {
  return <NotFoundView />;
}
