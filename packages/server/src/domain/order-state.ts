/**
 * The display state of an order (docs/product.md#orders) from its internal facts:
 *
 *   lab: new ──(visit, sample taken)──> sampled ──(results written)──> ready
 *   online payment: none / pending / declined / succeeded;  at the branch: paid there or not yet
 *
 *   ready                                   -> results-ready
 *   sampled                                 -> awaiting-results
 *   new, paying online, paid                -> paid
 *   new, paying online, last one declined   -> payment-failed
 *   new, paying online, otherwise           -> payment-pending
 *   new, paying at the branch, paid there   -> paid-at-branch
 *   new, paying at the branch               -> waiting-at-branch
 *   new, a home visit paid to the nurse     -> paid-to-nurse
 *   new, a home visit paying the nurse      -> waiting-for-nurse
 */
import type { OrderDisplayState } from '@lab/api/contract';
import { isOnlinePayment } from './order-pricing';

export type LabStatus = 'new' | 'sampled' | 'ready';
export type PaymentStatus = 'pending' | 'succeeded' | 'declined' | 'cancelled';

export interface OrderFacts {
  readonly labStatus: LabStatus;
  readonly paymentType: string;
  readonly paidAt: string | null;
  readonly paidAtBranchAt: string | null;
  /** The latest online payment's status (cancelled ones are skipped), or null. */
  readonly lastPaymentStatus: PaymentStatus | null;
  /** A nurse comes home: paying on the spot is paying her, not a branch. */
  readonly homeVisit: boolean;
}

export function displayState(order: OrderFacts): OrderDisplayState {
  if (order.labStatus === 'ready') return 'results-ready';
  if (order.labStatus === 'sampled') return 'awaiting-results';
  if (isOnlinePayment(order.paymentType)) {
    if (order.paidAt !== null) return 'paid';
    if (order.lastPaymentStatus === 'declined') return 'payment-failed';
    return 'payment-pending';
  }
  if (order.homeVisit) return order.paidAtBranchAt !== null ? 'paid-to-nurse' : 'waiting-for-nurse';
  return order.paidAtBranchAt !== null ? 'paid-at-branch' : 'waiting-at-branch';
}
