import type { Cart } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Price } from '@lab/ui';
import { TotalsList } from '../../components/TotalsList';
import styles from './Checkout.module.css';
import type { OrderEstimate } from './orderTotals';

/** The order's lines and its total broken down like the order entity (spec section 3). */
export function OrderSummary({ cart, estimate }: { cart: Cart; estimate: OrderEstimate }) {
  const { t } = useTranslation('cartCheckout');
  const lines = [...cart.items, ...cart.additionalItems];
  return (
    <>
      <ul className={styles.summaryLines} aria-label={t('result.items')}>
        {lines.map((line) => (
          <li key={line.serviceId}>
            <span>
              <span className={styles.code}>{line.service.code}</span> {line.service.title}
            </span>
            <Price price={line.initialPrice} size="sm" />
          </li>
        ))}
      </ul>
      <TotalsList totals={estimate} />
    </>
  );
}
