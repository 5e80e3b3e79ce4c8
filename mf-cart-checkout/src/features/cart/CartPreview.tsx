import { type CurrentCart, unavailableOf } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, HoverPanel, Link, Price, SKELETON_ROWS, SkeletonRows } from '@lab/ui';
import type { ReactNode } from 'react';
import { type Totals, TotalsList } from '../../components/TotalsList';
import { cartEstimate, type OrderEstimate } from '../../lib/orderTotals';
import { useDiscountTerms, useOnlineDiscount } from '../../lib/useOnlineDiscount';
import styles from './CartPreview.module.css';
import type { RemovableLine } from './lines';
import { RemoveLineButton } from './RemoveLineButton';

/** Skeleton rows while the cart loads (docs/product.md#panels-and-dialogs: "skeleton rows while loading"). */
export const PREVIEW_SKELETON_ROWS = SKELETON_ROWS;

type Props = {
  cart: CurrentCart;
  onRemove: (item: RemovableLine) => void;
  id?: string;
};

/**
 * The cart dropdown's panel (docs/product.md#panels-and-dialogs and #cart): loading, non-empty or empty. Lines show code,
 * title and price; package-derived lines cannot be deleted; lines not orderable in the chosen city say
 * so instead of a price (and can be deleted); the total and the way to the cart close it.
 */
export function CartPreview({ cart, onRemove, id }: Props) {
  const { t } = useTranslation('cartCheckout');
  const data = cart.none ? undefined : cart.data;
  const unavailable = unavailableOf(data);
  const onlinePercent = useOnlineDiscount();
  const terms = useDiscountTerms(data);
  let body: ReactNode;
  if (cart.loading) {
    body = <SkeletonRows label={t('cart.loading')} rows={PREVIEW_SKELETON_ROWS} rowTestId="preview-skeleton" />;
  } else if (cart.error && !cart.none) {
    body = (
      <ErrorState
        variant="compact"
        title={t('cart.loadFailed')}
        description={cart.error.status > 0 ? cart.error.message : undefined}
        onRetry={() => void cart.mutate()}
      />
    );
  } else if (!data || data.items.length + data.additionalItems.length + unavailable.length === 0) {
    body = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t('cart.empty')}</p>
        <p>{t('cart.emptyHint')}</p>
        <Link to="/analyzes" className={styles.primaryLink}>
          {t('cart.findAnalysis')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ul className={styles.list}>
          {data.items.map((item) => (
            <PreviewLine key={item.serviceId} item={item} onRemove={onRemove}>
              <Price price={item.initialPrice} originalPrice={item.originalPrice} size="sm" className={styles.price} />
            </PreviewLine>
          ))}
          {unavailable.map((item) => (
            <PreviewLine key={`unavailable-${item.serviceId}`} item={item} onRemove={onRemove}>
              <span className={styles.unavailableNote}>{t(`unavailable.${item.reason}`)}</span>
            </PreviewLine>
          ))}
          {data.additionalItems.map((item) => (
            <li key={`additional-${item.serviceId}`} className={styles.row}>
              <span className={styles.code}>{item.service.code}</span>
              <span className={styles.title}>
                {item.service.title}
                <span className={styles.note}>{t('cart.additionalShort')}</span>
              </span>
              <Price price={item.initialPrice} originalPrice={item.originalPrice} size="sm" className={styles.price} />
              <span className={styles.removePlaceholder} aria-hidden="true" />
            </li>
          ))}
        </ul>
        {/* the lines read at their catalogue prices (sales in): the discount is one named line, then the total */}
        <TotalsList totals={previewTotals(cartEstimate(data, onlinePercent))} terms={terms} className={styles.totals} />
        <Link to="/cart" className={styles.primaryLink}>
          {t('preview.toCart')}
        </Link>
      </>
    );
  }
  return (
    <HoverPanel id={id} label={t('preview.label')}>
      {body}
    </HoverPanel>
  );
}

/** A deletable line: code, title, what stands for its price (the price, or why there is none), delete. */
function PreviewLine({
  item,
  onRemove,
  children,
}: {
  item: RemovableLine;
  onRemove: (item: RemovableLine) => void;
  children: ReactNode;
}) {
  return (
    <li className={styles.row}>
      <span className={styles.code}>{item.service.code}</span>
      <span className={styles.title}>{item.service.title}</span>
      {children}
      <RemoveLineButton item={item} onRemove={onRemove} className={styles.remove} />
    </li>
  );
}

/** The dropdown's totals: no list prices and sales (its lines show them), the discount and the total. */
function previewTotals({ original: _, ...estimate }: OrderEstimate): Totals {
  return { ...estimate, otherDiscounts: 0 };
}
