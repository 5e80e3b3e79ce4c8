import { api, branchLabel, type Order, requestSignIn, useOrder, useOrderPlan, useSession } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useSearchParams } from '@lab/router';
import { Button, cardStyles, cx, ErrorState, isoToDisplay, Link, Price, Skeleton, useBreadcrumbLabel } from '@lab/ui';
import { VisitPlan } from '@lab/ui/branch';
import { type ReactNode, useEffect, useState } from 'react';
import { type Totals, TotalsList } from '../../components/TotalsList';
import { goToPayment, isOnlinePayment, startOnlinePayment } from '../../lib/payment';
import styles from './PaymentResult.module.css';

/** While a successful payment's confirmation is on its way, the order is read again this often. */
export const PENDING_POLL_MS = 3000;
/**
 * ... for this long at most: a confirmation that takes longer (the bank's side is slow) is not waited
 * for by an open tab forever; the visitor is told so and may ask again.
 */
export const PENDING_POLL_LIMIT_MS = 2 * 60_000;

type Tone = 'success' | 'info' | 'danger';

/** What the payment result shows for an order (docs/product.md#orders and #errors). */
export function paymentView(order: Order, hint: string | null): { tone: Tone; key: string; failed: boolean } {
  const failed =
    order.state === 'payment-failed' || (order.state === 'payment-pending' && (hint === 'failure' || hint === 'error'));
  if (failed) return { tone: 'danger', key: 'failed', failed };
  switch (order.state) {
    case 'paid':
      return { tone: 'success', key: 'paid', failed };
    case 'paid-at-branch':
    case 'paid-to-nurse':
      return { tone: 'success', key: 'paidAtBranch', failed };
    case 'awaiting-results':
    case 'results-ready':
      return { tone: 'success', key: 'inProgress', failed };
    case 'waiting-at-branch':
      return { tone: 'info', key: 'payAtBranch', failed };
    case 'waiting-for-nurse':
      return { tone: 'info', key: 'payNurse', failed };
    default:
      return { tone: 'info', key: 'pending', failed };
  }
}

/**
 * Route /checkout/result?orderId=... (the payment provider comes back here with `&payment=`): paid,
 * pending, or the payment error (Помилка при оплаті) with a repeat payment and the change to paying at
 * the branch. The order is placed whatever happened to its payment.
 */
export function PaymentResultPage() {
  const { t } = useTranslation('cartCheckout');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const hint = params.get('payment');
  const session = useSession();
  // the polling window: restarted by "check again" once it has run out
  const [pollingRound, setPollingRound] = useState(0);
  const [stalled, setStalled] = useState(false);
  const order = useOrder(session.signedIn ? orderId : null, {
    refreshInterval: (latest) =>
      latest?.state === 'payment-pending' && hint === 'success' && !stalled ? PENDING_POLL_MS : 0,
  });
  const awaiting = order.data?.state === 'payment-pending' && hint === 'success';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round restarts the window
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setStalled(true), PENDING_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting, pollingRound]);
  const checkAgain = () => {
    setStalled(false);
    setPollingRound((round) => round + 1);
    void order.mutate();
  };

  let content: ReactNode;
  if (!orderId) {
    content = <NotFound />;
  } else if ((session.isLoading && !session.info) || (session.signedIn && order.isLoading)) {
    content = (
      <div aria-busy="true" className={cx(cardStyles.card, styles.card)}>
        <span className="visually-hidden">{t('result.loading')}</span>
        <Skeleton height="2rem" width="60%" />
        <Skeleton count={4} height="1rem" gap="var(--space-3)" />
      </div>
    );
  } else if (session.guest) {
    content = (
      <div className={cx(cardStyles.card, styles.card)}>
        <p>{t('result.signIn')}</p>
        <Button onClick={() => requestSignIn(true)}>{t('checkout.signIn')}</Button>
      </div>
    );
  } else if (order.error?.status === 404) {
    content = <NotFound />;
  } else if (!order.data) {
    content = <ErrorState title={t('result.loadFailed')} onRetry={() => void order.mutate()} />;
  } else {
    content = (
      <OrderResult
        order={order.data}
        hint={hint}
        stalled={stalled && awaiting}
        checking={order.isValidating}
        onCheckAgain={checkAgain}
        onChanged={(next) => void order.mutate(next, { revalidate: false })}
      />
    );
  }

  return (
    <section className={styles.page} aria-labelledby="result-title">
      <h1 id="result-title" className={styles.heading}>
        {t('result.title')}
      </h1>
      {content}
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation('cartCheckout');
  return (
    <div className={cx(cardStyles.card, styles.card)}>
      <p>{t('result.notFound')}</p>
      <Link to="/account/orders" className={styles.primaryLink}>
        {t('result.toOrders')}
      </Link>
    </div>
  );
}

function OrderResult({
  order,
  hint,
  stalled,
  checking,
  onCheckAgain,
  onChanged,
}: {
  order: Order;
  hint: string | null;
  /** the confirmation did not come within PENDING_POLL_LIMIT_MS: no more automatic reads */
  stalled: boolean;
  checking: boolean;
  onCheckAgain: () => void;
  onChanged: (order: Order) => void;
}) {
  const { t } = useTranslation('cartCheckout');
  const view = paymentView(order, hint);
  // the trail's last crumb names the order (Головна → Мої замовлення → Замовлення №…)
  useBreadcrumbLabel('checkout-order', t('crumbs.order', { number: order.number }));
  const [busy, setBusy] = useState<'pay' | 'branch' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const payable =
    isOnlinePayment(order.paymentType) && (order.state === 'payment-pending' || order.state === 'payment-failed');

  const detail = (error: unknown) => (error instanceof Error && error.message ? error.message : t('errors.network'));
  const repeat = async () => {
    setBusy('pay');
    setActionError(null);
    try {
      goToPayment(await startOnlinePayment(order.id, order.registryId));
    } catch (error) {
      setActionError(t('result.payFailed', { detail: detail(error) }));
      setBusy(null);
    }
  };
  const payAtBranch = async () => {
    setBusy('branch');
    setActionError(null);
    try {
      const registryId = order.registryId ?? (await api.orders.createRegistry(order.id)).id;
      const next = await api.orders.changePaymentMethod(registryId, 'cash');
      setChanged(true);
      onChanged(next);
    } catch (error) {
      setActionError(t('result.changeFailed', { detail: detail(error) }));
    } finally {
      setBusy(null);
    }
  };

  // the list prices: what is paid for the analyses plus every discount taken off them, in kopiykas
  const cents = (amount: number) => Math.round(amount * 100);
  const original =
    (cents(order.totalPrice) -
      cents(order.homeVisitCost) +
      cents(order.otherDiscounts) +
      cents(order.onlineDiscount) +
      cents(order.promoDiscount)) /
    100;
  const totals: Totals = {
    original,
    otherDiscounts: order.otherDiscounts,
    onlineDiscount: order.onlineDiscount,
    promoDiscount: order.promoDiscount,
    homeVisitCost: order.homeVisitCost,
    totalPrice: order.totalPrice,
  };
  const patient = [order.patient.lastName, order.patient.firstName, order.patient.middleName].filter(Boolean).join(' ');

  return (
    <div className={cx(cardStyles.card, styles.card)} data-state={order.state}>
      <div className={styles[view.tone]} role={view.failed ? 'alert' : 'status'}>
        <p className={styles.headline}>{t(`result.${view.key}.title`, { number: order.number })}</p>
        <p>{t(`result.${view.key}.text`, { number: order.number })}</p>
      </div>
      {changed && (
        <p role="status" className={styles.muted}>
          {t('result.changed')}
        </p>
      )}
      {stalled && (
        <div className={styles.stalled}>
          <p role="status">{t('result.stalled')}</p>
          <Button variant="secondary" loading={checking} onClick={onCheckAgain}>
            {t('result.checkAgain')}
          </Button>
        </div>
      )}
      {(payable || view.failed) && (
        <div className={styles.actions}>
          <Button loading={busy === 'pay'} disabled={busy === 'branch'} onClick={() => void repeat()}>
            {view.failed ? t('result.repeat') : t('result.pay')}
          </Button>
          <Button
            variant="secondary"
            loading={busy === 'branch'}
            disabled={busy === 'pay'}
            onClick={() => void payAtBranch()}
          >
            {order.homeVisit ? t('result.changeToNurse') : t('result.changeToBranch')}
          </Button>
        </div>
      )}
      <p role="alert" className={styles.actionError}>
        {actionError}
      </p>

      <dl className={styles.facts}>
        <div>
          <dt>{t('result.number')}</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>{t('result.patient')}</dt>
          <dd>{patient}</dd>
        </div>
        {order.branch && (
          <div>
            <dt>{t('result.branch')}</dt>
            <dd>{branchLabel(order.branch)}</dd>
          </div>
        )}
        {order.homeVisit && (
          <div>
            <dt>{t('result.homeVisit')}</dt>
            <dd>
              {t('result.homeVisitValue', {
                street: order.homeVisit.street,
                // the house, then what the nurse needs to find the door
                house: [
                  order.homeVisit.house,
                  order.homeVisit.apartment && t('result.visitApartment', { value: order.homeVisit.apartment }),
                  order.homeVisit.entrance && t('result.visitEntrance', { value: order.homeVisit.entrance }),
                  order.homeVisit.floor && t('result.visitFloor', { value: order.homeVisit.floor }),
                ]
                  .filter(Boolean)
                  .join(', '),
                date: isoToDisplay(order.homeVisit.arrivalDate),
                time: order.homeVisit.arrivalTime,
              })}
            </dd>
          </div>
        )}
        {order.homeVisit?.comment && (
          <div>
            <dt>{t('result.visitComment')}</dt>
            <dd>{order.homeVisit.comment}</dd>
          </div>
        )}
        <div>
          <dt>{t('result.paymentType')}</dt>
          <dd>
            {isOnlinePayment(order.paymentType)
              ? t('payment.online')
              : order.homeVisit
                ? t('payment.nurse')
                : t('payment.branch')}
          </dd>
        </div>
        {order.doctor && (
          <div>
            <dt>{t('result.doctor')}</dt>
            <dd>{order.doctor.fullName}</dd>
          </div>
        )}
      </dl>

      <OrderPlanSection orderId={order.id} />

      <h2 className={styles.subheading}>{t('result.items')}</h2>
      <ul className={styles.lines}>
        {[...order.items, ...order.additionalServices].map((item) => (
          <li key={item.serviceId}>
            <span>
              <span className={styles.code}>{item.code}</span> {item.title}
            </span>
            <Price price={item.price} originalPrice={item.originalPrice} size="sm" />
          </li>
        ))}
      </ul>
      <TotalsList totals={totals} />
      <div className={styles.actions}>
        <Link to="/account/orders" className={styles.secondaryLink}>
          {t('result.toOrders')}
        </Link>
        <Link to="/analyzes" className={styles.secondaryLink}>
          {t('result.toCatalogue')}
        </Link>
      </div>
    </div>
  );
}

/** Where, when, how to prepare and when results come (GET /order/orders/{id}/plan). */
function OrderPlanSection({ orderId }: { orderId: string }) {
  const { t } = useTranslation('cartCheckout');
  const plan = useOrderPlan(orderId);
  if (plan.data) return <VisitPlan plan={plan.data} />;
  if (plan.error) {
    return <ErrorState variant="compact" title={t('result.planFailed')} onRetry={() => void plan.mutate()} />;
  }
  return (
    <div aria-busy="true">
      <span className="visually-hidden">{t('result.planLoading')}</span>
      <Skeleton count={3} height="1rem" gap="var(--space-3)" />
    </div>
  );
}
