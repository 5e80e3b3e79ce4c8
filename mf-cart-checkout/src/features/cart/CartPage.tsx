import { useTranslation } from '@lab/i18n';
import { ErrorState, Link, SkeletonText } from '@lab/ui';
import styles from './Cart.module.css';
import { useCurrentCart } from './useCurrentCart';

/** Route /cart: the cart's lines, or the empty state with the way to the catalogue. */
export function CartPage() {
  const { t } = useTranslation('cartCheckout');
  const { data: cart, error, isLoading, mutate } = useCurrentCart();
  const lines = cart ? [...cart.items, ...cart.additionalItems] : [];
  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title">{t('cart.title')}</h1>
      {isLoading ? (
        <SkeletonText lines={3} />
      ) : error ? (
        <ErrorState title={error.message} onRetry={() => void mutate()} />
      ) : lines.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('cart.empty')}</p>
          <p>{t('cart.emptyHint')}</p>
          <Link to="/analyzes" className={styles.primaryLink}>
            {t('cart.findAnalysis')}
          </Link>
        </div>
      ) : (
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.serviceId} className={styles.line}>
              <span className={styles.code}>{line.service.code}</span>
              <span>{line.service.title}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
