import type { DisplayPrice, ServicePrice } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Price, type PriceProps } from '@lab/ui';
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

/** Spec section 3 "Price" through the shared Price: a discount shows both amounts. */
export function PriceTag({ price, size = 'md', className }: Props) {
  const { t } = useTranslation('catalog');
  if (!price) return <span className={styles.unavailable}>{t('price.unavailable')}</span>;
  const amounts = priceAmounts(price);
  return <Price price={amounts.price} originalPrice={amounts.originalPrice} size={size} className={className} />;
}
