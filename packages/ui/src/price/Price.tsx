import { useTranslation } from '@lab/i18n';
import { useCallback } from 'react';
import { cx } from '../cx';
import { formatPrice } from '../format/price';
import { UI_NAMESPACE } from '../i18n';
import styles from './Price.module.css';

/** `(value) => '1 000 000 грн'` in the page language. */
export function useFormatPrice(): (value: number) => string {
  const { t } = useTranslation(UI_NAMESPACE);
  const currency = t('currency');
  return useCallback((value: number) => formatPrice(value, currency), [currency]);
}

export interface PriceProps {
  price: number;
  /** The price before a discount; struck out beside the price when the two differ (docs/product.md#entities). */
  originalPrice?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A price, or a discounted price with the original struck out; both named for screen readers. */
export function Price({ price, originalPrice, size = 'md', className }: PriceProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const format = useFormatPrice();
  const discounted = originalPrice !== null && originalPrice !== undefined && originalPrice !== price;
  if (!discounted) return <span className={cx(styles.price, styles[size], className)}>{format(price)}</span>;
  return (
    <span className={cx(styles.price, styles[size], className)}>
      <span className={styles.current}>
        <span className="visually-hidden">{t('priceCurrent')}: </span>
        {format(price)}
      </span>{' '}
      {/* <s> is not announced as struck out, hence the hidden words */}
      <s className={styles.original}>
        <span className="visually-hidden">{t('priceOriginal')}: </span>
        {format(originalPrice)}
      </s>
    </span>
  );
}
