import type { Cart } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Price, useFormatPrice } from '@lab/ui';
import { type DiscountTerms, TotalsList } from '../../components/TotalsList';
import type { OrderEstimate } from '../../lib/orderTotals';
import styles from './Checkout.module.css';

type Props = {
  cart: Cart;
  estimate: OrderEstimate;
  terms: DiscountTerms;
  /** The same order's total paid online: when paying on the spot costs more, the summary says so. */
  onlineTotal: number;
};

/** The order's lines and its total broken down like the order entity (docs/product.md#entities). */
export function OrderSummary({ cart, estimate, terms, onlineTotal }: Props) {
  const { t } = useTranslation('cartCheckout');
  const formatPrice = useFormatPrice();
  const lines = [...cart.items, ...cart.additionalItems];
  const dearer = estimate.totalPrice > onlineTotal;
  return (
    <>
      <ul className={styles.summaryLines} aria-label={t('result.items')}>
        {lines.map((line) => (
          <li key={line.serviceId}>
            <span>
              <span className={styles.code}>{line.service.code}</span> {line.service.title}
            </span>
            <Price price={line.initialPrice} originalPrice={line.originalPrice} size="sm" />
          </li>
        ))}
      </ul>
      <TotalsList totals={estimate} terms={terms} />
      <p role="status" className={styles.totalNote}>
        {dearer
          ? t('totals.onSiteChange', { total: formatPrice(estimate.totalPrice), online: formatPrice(onlineTotal) })
          : null}
      </p>
    </>
  );
}
