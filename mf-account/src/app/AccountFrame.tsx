import { useSession, useStored } from '@lab/api';
import { stripLocale, useLocale, useTranslation } from '@lab/i18n';
import type { PageContext, PageRoute } from '@lab/pages/routes';
import { useLocation, useParams } from '@lab/router';
import { Skeleton, SkeletonText } from '@lab/ui';
import { createContext, useContext } from 'react';
import { roleOf } from '../features/account';
import { OrdersFrame } from '../features/orders';
import { AccountHomeFrame } from '../features/profile';
import { Busy } from '../lib';
import styles from './App.module.css';

/** The account page at a path relative to /account (routes.ts's `accountPageAt`), if it is one. */
export type AccountPageAt = (splat: string) => PageRoute | undefined;

/**
 * The account's pages, given by whoever draws the frame (routes.ts around the account's layout, server.ts
 * around the first view's frame): the routes load this module, so it cannot import them.
 */
const AccountPagesContext = createContext<AccountPageAt>(() => undefined);
export const AccountPagesProvider = AccountPagesContext.Provider;

/** Any other page before its data: its heading (or a skeleton of one) and lines of text. */
function HeadingFrame({ heading }: { heading: string | null }) {
  return (
    <div className={styles.loading}>
      {heading ? <h1>{heading}</h1> : <Skeleton height={36} width="50%" />}
      <Busy className={styles.loading}>
        <SkeletonText lines={3} />
      </Busy>
    </div>
  );
}

/**
 * An account page before what it shows is read: the shell's server draws it into the first view for
 * every signed-in visitor (server.ts; nothing personal in it, nothing stored), and the account draws the
 * same while it reads, so the one takes the other's place without a change. The role is the one profile
 * the session names; with both, the stored choice (unknown on the server: the role's ways in are
 * skeletons there). Nothing for a guest, who is asked to sign in.
 */
export function AccountFrame() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const params = useParams();
  const { pathname, search } = useLocation();
  const accountPageAt = useContext(AccountPagesContext);
  // the page under /account, wherever the frame is drawn (a page's route, or the account's while it loads)
  const page = accountPageAt(stripLocale(pathname).replace(/^\/account\/?/, ''));
  const session = useSession();
  const profiles = session.info?.profiles;
  const doctorFlag = useStored('doctor');
  if (session.guest) return null;
  if (page?.index) {
    const both = profiles === undefined || (profiles.patient && profiles.doctor);
    const role =
      both && doctorFlag === null ? null : roleOf(profiles?.patient ?? true, profiles?.doctor ?? false, doctorFlag);
    return <AccountHomeFrame role={role} />;
  }
  if (page?.id === 'mf_account/orders') return <OrdersFrame />;
  // the heading the route names, as the first view drew it
  const context = {
    params,
    query: new URLSearchParams(search),
    locale,
    origin: '',
    settlementId: null,
    answer: () => undefined,
    t,
  } satisfies PageContext;
  return <HeadingFrame heading={page?.handle.heading?.(context) ?? null} />;
}
