import { unavailableOf, useCurrentCart } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, Link, Skeleton } from '@lab/ui';
import { type ReactNode, useRef } from 'react';
import { DiscountNote } from '../../components/DiscountNote';
import { TotalsList } from '../../components/TotalsList';
import { cartEstimate } from '../../lib/orderTotals';
import { useCityTitle } from '../../lib/useCityTitle';
import { useDiscountTerms, useOnlineDiscount } from '../../lib/useOnlineDiscount';
import { CartLine } from './CartLine';
import styles from './CartPage.module.css';
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { PromoCode } from './PromoCode';
import { UnavailableLines } from './UnavailableLines';
import { useRemoveFromCart } from './useRemoveFromCart';

/**
 * Route /cart (docs/product.md#routes, #entities, #cart and #validation): the lines with their prices and discounts, the lines packages bring
 * along (shown, not deletable), the promo code, the totals with each discount a named line, and the way to
 * the checkout; or the empty state with the way to the catalogue. Lines not orderable in the chosen
 * city are listed apart, deletable and outside the totals; while any exist the way to the checkout is
 * replaced by what to do about them (the server would refuse the order).
 */
export function CartPage() {
  const { t } = useTranslation('cartCheckout');
  const cart = useCurrentCart();
  const onlinePercent = useOnlineDiscount();
  const terms = useDiscountTerms(cart.data);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useRemoveFromCart(cart, t('remove.failed'), headingRef);
  const data = cart.none ? undefined : cart.data;
  const unavailable = unavailableOf(data);
  const cityTitle = useCityTitle(cart.cityId);
  // what the cart charges, paying online: its words about each discount are computed from it
  const estimate = data ? cartEstimate(data, onlinePercent) : null;

  let content: ReactNode;
  if (cart.doctor) {
    content = <p className={styles.notice}>{t('cart.doctorNotice')}</p>;
  } else if (cart.loading) {
    content = (
      <div className={styles.layout} aria-busy="true">
        <span className="visually-hidden">{t('cart.loading')}</span>
        <Skeleton count={3} height="4.5rem" gap="var(--space-2)" radius="var(--radius-md)" />
        <Skeleton height="14rem" radius="var(--radius-lg)" />
      </div>
    );
  } else if (cart.error && !cart.none) {
    content = (
      <ErrorState
        title={t('cart.loadFailed')}
        description={cart.error.status > 0 ? cart.error.message : undefined}
        onRetry={() => void cart.mutate()}
      />
    );
  } else if (!data || data.items.length + data.additionalItems.length + unavailable.length === 0) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t('cart.empty')}</p>
        <p>{t('cart.emptyHint')}</p>
        <Link to="/analyzes" className={styles.primaryLink}>
          {t('cart.findAnalysis')}
        </Link>
      </div>
    );
  } else {
    content = (
      <div className={styles.layout}>
        <div className={styles.lines}>
          <h2 className="visually-hidden">{t('cart.itemsHeading')}</h2>
          {data.items.length > 0 && (
            <ul className={styles.list}>
              {data.items.map((item) => (
                <CartLine key={item.serviceId} item={item} onRemove={removal.ask} />
              ))}
            </ul>
          )}
          {unavailable.length > 0 && (
            <UnavailableLines lines={unavailable} cityTitle={cityTitle} onRemove={removal.ask} variant="cart" />
          )}
          {data.additionalItems.length > 0 && (
            <section className={styles.additional} aria-labelledby="cart-additional">
              <h2 id="cart-additional" className={styles.subheading}>
                {t('cart.additionalTitle')}
              </h2>
              <p className={styles.muted}>{t('cart.additionalHint')}</p>
              <ul className={styles.list}>
                {data.additionalItems.map((item) => (
                  <CartLine key={item.serviceId} item={item} />
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className={styles.summary} aria-labelledby="cart-summary">
          <h2 id="cart-summary" className={styles.subheading}>
            {t('totals.title')}
          </h2>
          <PromoCode cart={cart} saved={estimate?.promoDiscount ?? 0} />
          {estimate && <TotalsList totals={estimate} terms={terms} />}
          {estimate && (
            <DiscountNote
              promo={data.promo}
              onlinePercent={onlinePercent}
              charged={estimate}
              className={styles.muted}
            />
          )}
          {unavailable.length > 0 ? (
            <p role="alert" className={styles.blocked}>
              {t('unavailable.blocked')}
            </p>
          ) : (
            <Link to="/checkout" className={styles.checkoutLink}>
              {t('cart.toCheckout')}
            </Link>
          )}
        </aside>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('cart.title')}
      </h1>
      {content}
      <ConfirmRemoveDialog removal={removal} />
    </section>
  );
}
