import type { CartItem } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, Link, Price, Skeleton, usePageMeta } from '@lab/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { TrashIcon } from '../../components/CartIcon';
import { DiscountNote } from '../../components/DiscountNote';
import { useOnlineDiscount } from '../../lib/useOnlineDiscount';
import styles from './CartPage.module.css';
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { PromoCode } from './PromoCode';
import { useCurrentCart } from './useCurrentCart';
import { useRemoveFromCart } from './useRemoveFromCart';

/**
 * Route /cart (spec sections 2-5): the lines with their prices and discounts, the lines packages bring
 * along (shown, not deletable), the promo code, the totals as the server prices them, and the way to
 * the checkout; or the empty state with the way to the catalogue.
 */
export function CartPage() {
  const { t } = useTranslation('cartCheckout');
  usePageMeta({ title: t('cart.title') });
  const cart = useCurrentCart();
  const onlinePercent = useOnlineDiscount();
  const removal = useRemoveFromCart(cart, t('remove.failed'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const data = cart.none ? undefined : cart.data;

  // after a deletion the line's button is gone: focus moves to the page heading
  const { removed } = removal;
  useEffect(() => {
    if (!removed) return;
    const active = document.activeElement;
    if (!active || active === document.body) headingRef.current?.focus();
  }, [removed]);

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
  } else if (!data || data.items.length + data.additionalItems.length === 0) {
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
    const saving = Math.max(0, data.originalTotalPrice - data.totalPrice);
    content = (
      <div className={styles.layout}>
        <div className={styles.lines}>
          <h2 className="visually-hidden">{t('cart.itemsHeading')}</h2>
          <ul className={styles.list}>
            {data.items.map((item) => (
              <CartLine key={item.serviceId} item={item} onRemove={removal.ask} />
            ))}
          </ul>
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
          <PromoCode cart={cart} />
          <dl className={styles.totals}>
            <div>
              <dt>{t('totals.original')}</dt>
              <dd>
                <Price price={data.originalTotalPrice} />
              </dd>
            </div>
            {saving > 0 && (
              <div>
                <dt>{t('totals.discount')}</dt>
                <dd className={styles.saving}>
                  <span aria-hidden="true">−</span>
                  <Price price={saving} />
                </dd>
              </div>
            )}
            <div className={styles.grandTotal}>
              <dt>{t('totals.total')}</dt>
              <dd>
                <Price price={data.totalPrice} size="lg" />
              </dd>
            </div>
          </dl>
          <DiscountNote promo={data.promo} onlinePercent={onlinePercent} className={styles.muted} />
          <Link to="/checkout" className={styles.checkoutLink}>
            {t('cart.toCheckout')}
          </Link>
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

/** One line: code, title (to its page), price with the discount; items have a delete button. */
function CartLine({ item, onRemove }: { item: CartItem; onRemove?: (item: CartItem) => void }) {
  const { t } = useTranslation('cartCheckout');
  return (
    <li className={styles.line}>
      <span className={styles.code}>{item.service.code}</span>
      <Link to={`/analysis/${item.service.slug}`} className={styles.title}>
        {item.service.title}
      </Link>
      <Price price={item.price} originalPrice={item.originalPrice} className={styles.price} />
      {onRemove ? (
        <button
          type="button"
          className={styles.remove}
          aria-label={t('remove.named', { title: item.service.title })}
          onClick={() => onRemove(item)}
        >
          <TrashIcon />
          <span className={styles.removeText} aria-hidden="true">
            {t('remove.short')}
          </span>
        </button>
      ) : (
        <span className={styles.fixed}>{t('cart.additionalShort')}</span>
      )}
    </li>
  );
}
