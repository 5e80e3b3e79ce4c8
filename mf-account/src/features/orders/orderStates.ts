import type { Order, OrderDisplayState, PaymentType } from '@lab/api';

/**
 * The display states of docs/product.md#orders, in the order a typical order passes them: the seven, and a
 * home visit's two where a branch order waits for or is paid at the branch.
 */
export const ORDER_STATES: readonly OrderDisplayState[] = [
  'payment-pending',
  'payment-failed',
  'paid',
  'waiting-at-branch',
  'waiting-for-nurse',
  'paid-at-branch',
  'paid-to-nurse',
  'awaiting-results',
  'results-ready',
];

/**
 * Each state's look: a tone (colour) and an icon shape, so no two badges rely on colour alone; a home
 * visit's state has its branch counterpart's tone (the same step) and the nurse's icon.
 */
export const STATE_LOOK: Readonly<Record<OrderDisplayState, { tone: string; icon: string }>> = {
  'waiting-at-branch': { tone: 'info', icon: 'branch' },
  'awaiting-results': { tone: 'warning', icon: 'hourglass' },
  'results-ready': { tone: 'success', icon: 'check' },
  paid: { tone: 'primary', icon: 'card' },
  'paid-at-branch': { tone: 'neutral', icon: 'receipt' },
  'waiting-for-nurse': { tone: 'info', icon: 'person' },
  'paid-to-nurse': { tone: 'neutral', icon: 'person' },
  'payment-pending': { tone: 'pending', icon: 'clock' },
  'payment-failed': { tone: 'danger', icon: 'cross' },
};

const ONLINE: ReadonlySet<PaymentType> = new Set<PaymentType>(['online', 'online-provider-1', 'online-provider-2']);

export function isOnlinePayment(type: PaymentType): boolean {
  return ONLINE.has(type);
}

/** An online order not paid yet (pending, or its last payment failed) can be paid (again). */
export function canRepeatPayment(order: Pick<Order, 'paymentType' | 'state'>): boolean {
  return isOnlinePayment(order.paymentType) && (order.state === 'payment-pending' || order.state === 'payment-failed');
}

/** Results can be opened once the lab has them. */
export function hasResults(order: Pick<Order, 'state' | 'registryId'>): boolean {
  return order.registryId !== null && order.state === 'results-ready';
}

/** The laboratory has sent part of the results: the rows that are in can be opened already. */
export function hasPartialResults(order: Pick<Order, 'state' | 'registryId' | 'resultsProgress'>): boolean {
  const progress = order.resultsProgress;
  return (
    order.registryId !== null &&
    order.state === 'awaiting-results' &&
    progress !== null &&
    progress.received > 0 &&
    progress.received < progress.expected
  );
}

/** Paying on the spot is paying the nurse when she comes home, and the branch otherwise. */
const ON_THE_SPOT: ReadonlySet<PaymentType> = new Set<PaymentType>(['cash', 'card']);

/** The i18n key of how and where an order is paid ("Медсестрі під час візиту" for a home visit's cash). */
export function paymentPlaceKey(order: Pick<Order, 'paymentType' | 'homeVisit'>): string {
  return order.homeVisit && ON_THE_SPOT.has(order.paymentType)
    ? `orders.paymentToNurse.${order.paymentType}`
    : `orders.payment.${order.paymentType}`;
}
