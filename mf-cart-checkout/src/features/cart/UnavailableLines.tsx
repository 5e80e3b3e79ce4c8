import type { UnavailableCartItem } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { type Ref, useId } from 'react';
import { CartLine } from './CartLine';
import styles from './CartPage.module.css';
import type { RemovableLine } from './lines';

type Props = {
  lines: readonly UnavailableCartItem[];
  /** The chosen city's title; null while unknown (the texts then say "the chosen city"). */
  cityTitle: string | null;
  onRemove: (line: RemovableLine) => void;
  /** The cart page lists them among the lines; the checkout says what to do before ordering. */
  variant: 'cart' | 'checkout';
  /** The heading, to move focus to (it takes focus programmatically only). */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The lines that cannot be ordered in the chosen city (docs/product.md#city: the cart reloads on city
 * change): named, unpriced, each with its delete button, and how to fix it (remove them or change city).
 */
export function UnavailableLines({ lines, cityTitle, onRemove, variant, headingRef }: Props) {
  const { t } = useTranslation('cartCheckout');
  const headingId = useId();
  const here = cityTitle === null ? 'Here' : '';
  return (
    <section className={styles.unavailable} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.subheading}>
        {t(`unavailable.${variant}Title${here}`, { city: cityTitle })}
      </h2>
      <p className={styles.muted}>{t(`unavailable.${variant}Hint`)}</p>
      <ul className={styles.list}>
        {lines.map((line) => (
          <CartLine key={line.serviceId} item={line} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}
