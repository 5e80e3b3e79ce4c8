import { useTranslation } from '@lab/i18n';
import { cx, Link, Price } from '@lab/ui';
import styles from './CartPage.module.css';
import { isPriced, type RemovableLine } from './lines';
import { RemoveLineButton } from './RemoveLineButton';

type Props = {
  item: RemovableLine;
  /** Items and unavailable lines have a delete button; package-derived lines have none. */
  onRemove?: (item: RemovableLine) => void;
};

/**
 * One cart line: code, title (to its page), then the price with the discount, or, for a line not
 * orderable in the chosen city, a text note in its place (not colour alone).
 */
export function CartLine({ item, onRemove }: Props) {
  const { t } = useTranslation('cartCheckout');
  const priced = isPriced(item);
  // a withdrawn service has no page to go to
  const linked = priced || item.reason === 'settlement';
  return (
    <li className={cx(styles.line, !priced && styles.unavailableLine)}>
      <span className={styles.code}>{item.service.code}</span>
      {linked ? (
        <Link to={`/analysis/${item.service.slug}`} className={styles.title}>
          {item.service.title}
        </Link>
      ) : (
        <span className={styles.title}>{item.service.title}</span>
      )}
      {priced ? (
        <Price price={item.initialPrice} originalPrice={item.originalPrice} className={styles.price} />
      ) : (
        <span className={styles.unavailableNote}>{t(`unavailable.${item.reason}`)}</span>
      )}
      {onRemove ? (
        <RemoveLineButton item={item} onRemove={onRemove} className={styles.remove}>
          <span className={styles.removeText} aria-hidden="true">
            {t('remove.short')}
          </span>
        </RemoveLineButton>
      ) : (
        <span className={styles.fixed}>{t('cart.additionalShort')}</span>
      )}
    </li>
  );
}
