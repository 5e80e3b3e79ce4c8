import { useTranslation } from '@lab/i18n';
import { CountBadge, Link } from '@lab/ui';
import styles from './Cart.module.css';
import { useCurrentCart } from './useCurrentCart';

/** The header's cart icon with the item count (9+ above 9); its label carries the count. */
export function CartButton() {
  const { t } = useTranslation('cartCheckout');
  const { data: cart } = useCurrentCart();
  const count = cart ? cart.items.length + cart.additionalItems.length : 0;
  return (
    <Link to="/cart" className={styles.button} aria-label={count ? t('cart.linkWithCount', { count }) : t('cart.link')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="20" r="1.5" fill="currentColor" />
        <circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      <CountBadge count={count} />
    </Link>
  );
}
