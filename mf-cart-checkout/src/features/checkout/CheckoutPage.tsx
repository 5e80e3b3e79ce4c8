import { type Cart, requestSignIn, unavailableOf, useCurrentCart, usePatientSelf, useSession } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, ErrorState, Link, Skeleton } from '@lab/ui';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { ConfirmRemoveDialog, useRemoveFromCart } from '../cart';
import styles from './Checkout.module.css';
import { CheckoutForm } from './CheckoutForm';

/**
 * Route /checkout (docs/product.md#routes, #entities, #guest-or-signed-in, #validation and #roles). A guest is asked to sign in (the sign-in modals open with the
 * from-checkout flag) and, once signed in, stays here: the session hook re-renders this page with the
 * form. Doctors cannot order; an empty cart shows the way to the catalogue. Once shown, the form stays
 * mounted while the cart of another city loads (what was typed is kept); lines not orderable in the
 * city can be deleted from here (the form lists them).
 */
export function CheckoutPage() {
  const { t } = useTranslation('cartCheckout');
  const sessionNow = useSession();
  const cartNow = useCurrentCart();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useRemoveFromCart(cartNow, t('remove.failed'), headingRef);
  const dataNow = useSteadyCart(cartNow.none ? undefined : cartNow.data, cartNow.loading);
  // the form waits for whom it is for (the patient and their wards): drawn before, its first section
  // would grow under the visitor's eyes and push the rest down (a layout shift)
  const patientNow = usePatientSelf();
  // the page is drawn from the answers in a deferred render, which yields to input: SWR hands each
  // answer over in a synchronous render, where the form kept a phone's main thread about 95 ms (README
  // "Performance"). One snapshot of them all, so that no branch below sees half of a new state.
  const { session, cart, data, patient } = useDeferredValue({
    session: sessionNow,
    cart: cartNow,
    data: dataNow,
    patient: patientNow,
  });

  let content: ReactNode;
  if (session.isLoading && !session.info) {
    content = <CheckoutSkeleton label={t('checkout.loading')} />;
  } else if (!session.info) {
    content = <ErrorState title={t('checkout.sessionFailed')} onRetry={() => void session.refresh()} />;
  } else if (session.guest) {
    content = <SignInPrompt />;
  } else if (cart.doctor) {
    content = <p className={styles.notice}>{t('checkout.doctorNotice')}</p>;
  } else if ((cart.loading && !data) || (patient.isLoading && !patient.data)) {
    content = <CheckoutSkeleton label={t('checkout.loading')} />;
  } else if (cart.error && !cart.none) {
    content = (
      <ErrorState
        title={t('cart.loadFailed')}
        description={cart.error.status > 0 ? cart.error.message : undefined}
        onRetry={() => void cart.mutate()}
      />
    );
  } else if (!data || data.items.length + unavailableOf(data).length === 0 || cart.cityId == null) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t('checkout.emptyCart')}</p>
        <Link to="/analyzes" className={styles.primaryLink}>
          {t('cart.findAnalysis')}
        </Link>
      </div>
    );
  } else {
    content = <CheckoutForm cart={data} cityId={cart.cityId} onRemove={removal.ask} />;
  }

  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <div className={styles.titleRow}>
        <h1 id="checkout-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
          {t('checkout.title')}
        </h1>
        {session.signedIn && !cart.doctor && (
          <Link to="/cart" className={styles.backLink}>
            {t('checkout.backToCart')}
          </Link>
        )}
      </div>
      {content}
      <ConfirmRemoveDialog removal={removal} />
    </section>
  );
}

/**
 * The cart last answered, kept while another key (a city change) loads: swapping the form for a
 * skeleton would unmount it and lose what the patient typed.
 */
function useSteadyCart(data: Cart | undefined, loading: boolean): Cart | undefined {
  const last = useRef(data);
  if (data) last.current = data;
  return data ?? (loading ? last.current : undefined);
}

function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.layout} aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <Skeleton count={3} height="9rem" gap="var(--space-4)" radius="var(--radius-lg)" />
      <Skeleton height="18rem" radius="var(--radius-lg)" />
    </div>
  );
}

const openSignIn = () => requestSignIn(true);

/** docs/product.md#roles: a guest must sign in to check out; the modals open once by themselves. */
function SignInPrompt() {
  const { t } = useTranslation('cartCheckout');
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    openSignIn();
  }, []);
  return (
    <div className={styles.signIn}>
      <p className={styles.emptyTitle}>{t('checkout.signInTitle')}</p>
      <p>{t('checkout.signInText')}</p>
      <div className={styles.inlineActions}>
        <Button onClick={openSignIn}>{t('checkout.signIn')}</Button>
        <Link to="/cart" className={styles.backLink}>
          {t('checkout.backToCart')}
        </Link>
      </div>
    </div>
  );
}
