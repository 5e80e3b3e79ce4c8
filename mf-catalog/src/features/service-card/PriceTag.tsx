import type { DisplayPrice, ServicePrice } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cx, Price, type PriceProps, useFormatPrice } from '@lab/ui';
import styles from './ServiceCard.module.css';

type Props = {
  /** The catalogue's price pair or a search hit's display price; null: not offered in the city. */
  price: ServicePrice | DisplayPrice | null | undefined;
  size?: PriceProps['size'];
  className?: string;
};

/** The amounts of a price: the current one and, when they differ, the original one struck out. */
export function priceAmounts(price: ServicePrice | DisplayPrice): { price: number; originalPrice: number } {
  return 'fullPrice' in price
    ? { price: price.price, originalPrice: price.fullPrice }
    : { price: price.price.price, originalPrice: price.originalPrice.price };
}

/** What the cart adds with the service automatically (the blood draw), as the server summed it; 0: nothing. */
export function additionalAmount(price: ServicePrice | DisplayPrice): number {
  return ('fullPrice' in price ? price.additional : price.additional?.price) ?? 0;
}

/**
 * docs/product.md#entities "Price" through the shared Price: a discount shows both amounts; a service the cart
 * brings a sampling fee along with says so under its price ("+ 90 грн за взяття біоматеріалу"), so the
 * first price seen is the one the cart charges.
 */
export function PriceTag({ price, size = 'md', className }: Props) {
  const { t } = useTranslation('catalog');
  const format = useFormatPrice();
  if (!price) return <span className={styles.unavailable}>{t('price.unavailable')}</span>;
  const amounts = priceAmounts(price);
  const additional = additionalAmount(price);
  const tag = <Price price={amounts.price} originalPrice={amounts.originalPrice} size={size} className={className} />;
  if (additional <= 0) return tag;
  return (
    <span className={cx(styles.priceWithFee, className)}>
      <Price price={amounts.price} originalPrice={amounts.originalPrice} size={size} />
      <span className={styles.fee}>{t('price.plusSampling', { amount: format(additional) })}</span>
    </span>
  );
}
