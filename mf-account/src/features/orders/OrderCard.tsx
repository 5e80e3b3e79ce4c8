import { addressWithCity, isApiError, type Order, type OrderBranch, useOrderPlan } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import {
  Button,
  cardStyles,
  cx,
  ErrorState,
  formatDateTimeKyiv,
  isoToDisplay,
  Link,
  plural,
  Skeleton,
  useFormatPrice,
  useLongDate,
} from '@lab/ui';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { fullName, messageOf, statusOf } from '../../lib';
import { OrderStateBadge } from './OrderStateBadge';
import styles from './Orders.module.css';
import { canRepeatPayment, hasPartialResults, hasResults, paymentPlaceKey } from './orderStates';
import { usePayOnSite, useReceiptDownload, useRepeatPayment } from './useOrderActions';

type Props = {
  order: Order;
  /** Where the order's results open; the patient's /account/results/{id} by default. */
  resultsHref?: (order: Order) => string;
  /** Referrals list the patient; the patient's own list does too (wards' orders are there). */
  showPatient?: boolean;
  /** Money and payment actions are the patient's; a doctor's referral shows neither. */
  showPayment?: boolean;
  /** Links the patient's name (the doctor's list: to the patient's results). */
  patientHref?: (order: Order) => string;
  /** The card's heading level under the page's sections (2 by default). */
  headingLevel?: 2 | 3;
  /** After the order's payment method changed: read the list again. */
  onChanged?: () => void;
};

const defaultResultsHref = (order: Order) => `/account/results/${order.registryId}`;

/** The plan's view loads when a card's plan is first opened: the orders page's own code does without it. */
const VisitPlan = lazy(() =>
  import(/* webpackChunkName: "visit-plan" */ '@lab/ui/branch').then((module) => ({ default: module.VisitPlan })),
);

/** States in which the sample is still to be taken: the card offers the visit's plan. */
const BEFORE_THE_VISIT: ReadonlySet<Order['state']> = new Set([
  'waiting-at-branch',
  'waiting-for-nurse',
  'paid',
  'payment-pending',
  'payment-failed',
]);

/** One order of my orders (docs/product.md#entities "Order"): facts, totals, state and what can be done with it. */
export function OrderCard({
  order,
  resultsHref = defaultResultsHref,
  showPatient = true,
  showPayment = true,
  patientHref,
  headingLevel = 2,
  onChanged,
}: Props) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t } = useTranslation('account');
  const formatPrice = useFormatPrice();
  const longDate = useLongDate();
  const titleId = useId();
  const [receipt, downloadReceipt] = useReceiptDownload();
  const [payment, pay] = useRepeatPayment();
  const [onSite, payOnSite] = usePayOnSite(onChanged);
  const visit = order.homeVisit;
  const discounts = [
    { key: 'onlineDiscount', amount: order.onlineDiscount },
    { key: 'promoDiscount', amount: order.promoDiscount },
    { key: 'otherDiscounts', amount: order.otherDiscounts },
  ].filter((line) => line.amount > 0);
  const items = [...order.items, ...order.additionalServices];
  const failure = receipt.error ?? payment.error ?? onSite.error;

  return (
    <article className={cx(cardStyles.card, styles.card)} aria-labelledby={titleId} data-testid="order-card">
      <header className={styles.cardHead}>
        <Heading id={titleId} className={styles.cardTitle}>
          {t('orders.number', { number: order.number })}
        </Heading>
        <OrderStateBadge state={order.state} />
      </header>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('orders.date')}</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTimeKyiv(order.createdAt)}</time>
          </dd>
        </div>
        {showPatient && (
          <div className={styles.fact}>
            <dt>{t('orders.patient')}</dt>
            <dd>
              {patientHref ? <Link to={patientHref(order)}>{fullName(order.patient)}</Link> : fullName(order.patient)}
            </dd>
          </div>
        )}
        <div className={styles.fact}>
          <dt>{visit ? t('orders.homeVisit') : t('orders.branch')}</dt>
          <dd>
            {visit ? (
              <>
                {[
                  `${visit.street}, ${visit.house}`,
                  visit.apartment && t('orders.apartment', { value: visit.apartment }),
                  visit.entrance && t('orders.entrance', { value: visit.entrance }),
                  visit.floor && t('orders.floor', { value: visit.floor }),
                ]
                  .filter(Boolean)
                  .join(', ')}
                <br />
                <span className={styles.muted}>
                  {t('orders.arrival', { date: isoToDisplay(visit.arrivalDate), time: visit.arrivalTime })}
                </span>
                {visit.comment && (
                  <>
                    <br />
                    <span className={styles.muted}>{t('orders.comment', { value: visit.comment })}</span>
                  </>
                )}
              </>
            ) : order.branch ? (
              <BranchPlace branch={order.branch} />
            ) : (
              '—'
            )}
          </dd>
        </div>
        {showPayment && (
          <div className={styles.fact}>
            <dt>{t('orders.paymentType')}</dt>
            <dd>{t(paymentPlaceKey(order))}</dd>
          </div>
        )}
        {order.doctor && (
          <div className={styles.fact}>
            <dt>{t('orders.doctor')}</dt>
            <dd>
              {order.doctor.fullName}
              {order.doctor.code && <span className={styles.muted}> ({order.doctor.code})</span>}
            </dd>
          </div>
        )}
        {hasPartialResults(order) && order.resultsProgress && (
          <div className={styles.fact}>
            <dt>{t('orders.resultsProgressLabel')}</dt>
            <dd data-testid="results-progress">
              {t('orders.progress', {
                received: order.resultsProgress.received,
                expected: order.resultsProgress.expected,
              })}
            </dd>
          </div>
        )}
        {order.resultsExpectedDate && order.state !== 'results-ready' && (
          <div className={styles.fact}>
            <dt>{t('orders.resultsExpected')}</dt>
            <dd>
              {/* the plan's day, from the server: a date, no time of day */}
              <time dateTime={order.resultsExpectedDate}>{longDate(order.resultsExpectedDate)}</time>
            </dd>
          </div>
        )}
      </dl>

      {showPayment && BEFORE_THE_VISIT.has(order.state) && (
        <PlanDetails orderId={order.id} headingLevel={headingLevel === 3 ? 4 : 3} />
      )}

      {items.length > 0 && (
        <details className={styles.items}>
          <summary>{t('orders.items', { n: items.length, noun: plural(items.length, t('orders.itemForms')) })}</summary>
          <ul className={styles.itemList}>
            {items.map((item) => (
              <li key={item.serviceId} className={styles.item}>
                <span className={styles.itemCode}>{item.code}</span>
                <span className={styles.itemTitle}>{item.title}</span>
                {showPayment && <span className={styles.itemPrice}>{formatPrice(item.price)}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}

      {showPayment && (
        <dl className={styles.totals}>
          {discounts.map((line) => (
            <div key={line.key} className={styles.totalLine}>
              <dt>{t(`orders.${line.key}`)}</dt>
              <dd>−{formatPrice(line.amount)}</dd>
            </div>
          ))}
          {order.homeVisitCost > 0 && (
            <div className={styles.totalLine}>
              <dt>{t('orders.homeVisitCost')}</dt>
              <dd>{formatPrice(order.homeVisitCost)}</dd>
            </div>
          )}
          <div className={`${styles.totalLine} ${styles.grandTotal}`}>
            <dt>{t('orders.total')}</dt>
            <dd>{formatPrice(order.totalPrice)}</dd>
          </div>
        </dl>
      )}

      <div className={styles.actions}>
        {hasResults(order) && (
          <Link to={resultsHref(order)} className={styles.primaryLink}>
            {t('orders.openResults')}
            <span className="visually-hidden"> {t('orders.ofOrder', { number: order.number })}</span>
          </Link>
        )}
        {hasPartialResults(order) && (
          <Link to={resultsHref(order)} className={styles.primaryLink}>
            {t('orders.openPartialResults')}
            <span className="visually-hidden"> {t('orders.ofOrder', { number: order.number })}</span>
          </Link>
        )}
        {showPayment && order.receiptId && (
          <Button
            variant="secondary"
            size="sm"
            loading={receipt.busy}
            onClick={() => void downloadReceipt(order.receiptId ?? '', `receipt-${order.number}.pdf`)}
          >
            {t('orders.receipt')}
            <span className="visually-hidden"> {t('orders.ofOrder', { number: order.number })}</span>
          </Button>
        )}
        {showPayment && canRepeatPayment(order) && (
          <>
            <Button size="sm" loading={payment.busy} disabled={onSite.busy} onClick={() => void pay(order)}>
              {order.state === 'payment-failed' ? t('orders.payAgain') : t('orders.pay')}
              <span className="visually-hidden"> {t('orders.ofOrder', { number: order.number })}</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={onSite.busy}
              disabled={payment.busy}
              onClick={() => void payOnSite(order)}
            >
              {visit ? t('orders.payToNurse') : t('orders.payAtBranch')}
              <span className="visually-hidden"> {t('orders.ofOrder', { number: order.number })}</span>
            </Button>
          </>
        )}
      </div>
      {onSite.done && (
        <p className={styles.note} role="status">
          {t('orders.paymentChanged')}
        </p>
      )}
      {order.state === 'payment-failed' && showPayment && (
        <p className={styles.note}>{t('orders.paymentFailedNote')}</p>
      )}
      <p className={styles.error} role="alert">
        {receipt.error
          ? // docs/product.md#errors: a receipt failure passes only its status on, never the server's text
            t('orders.receiptFailed', { reason: statusOf(isApiError(receipt.error) ? receipt.error : undefined, t) })
          : onSite.error
            ? t('orders.changeFailed', { reason: messageOf(onSite.error, t) })
            : failure
              ? t('orders.paymentError', { reason: messageOf(failure, t) })
              : null}
      </p>
    </article>
  );
}

/** Where, when, how to prepare, when results come: asked for once the patient opens it. */
function PlanDetails({ orderId, headingLevel }: { orderId: string; headingLevel: 3 | 4 }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const plan = useOrderPlan(open ? orderId : null);
  const loading = (
    <div aria-busy="true">
      <span className="visually-hidden">{t('orders.planLoading')}</span>
      <Skeleton count={3} height="1rem" gap="var(--space-3)" />
    </div>
  );
  let content: ReactNode = null;
  if (plan.data) {
    content = (
      <Suspense fallback={loading}>
        <VisitPlan plan={plan.data} headingLevel={headingLevel} />
      </Suspense>
    );
  } else if (plan.error) {
    content = <ErrorState variant="compact" title={t('orders.planFailed')} onRetry={() => void plan.mutate()} />;
  } else if (open) content = loading;
  return (
    <details className={styles.items} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('orders.plan')}</summary>
      {/* spaced inline: a class would put a rule into every account page's first view */}
      <div style={{ marginTop: 'var(--space-3)' }}>{content}</div>
    </details>
  );
}

/**
 * The order's branch: its title, then its address with the city, which an order card always names
 * (a patient's orders may span cities; docs/product.md#entities "Order"). A branch titled by its
 * address is printed once.
 */
function BranchPlace({ branch }: { branch: OrderBranch }) {
  const title = branch.title.trim();
  const address = branch.address.trim();
  if (!address || !title || title === address || title.includes(address)) {
    return <>{addressWithCity(title || address, branch.city)}</>;
  }
  return (
    <>
      {title}
      <br />
      <span className={styles.muted}>{addressWithCity(address, branch.city)}</span>
    </>
  );
}
