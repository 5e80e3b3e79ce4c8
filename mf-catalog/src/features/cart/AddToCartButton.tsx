import { useTranslation } from '@lab/i18n';
import { Button, type ButtonSize, cx, Link, useToast } from '@lab/ui';
import { useEffect, useRef, useState } from 'react';
import styles from './AddToCartButton.module.css';
import type { CartCandidate } from './useAddToCart';
import { useAddToCart } from './useAddToCart';

type Props = {
  service: CartCandidate;
  size?: ButtonSize;
  className?: string;
};

/**
 * "Add to cart", or "in the cart" (a link to it) once added; nothing for doctors (docs/product.md#roles)
 * and for services without a price in the chosen city. The accessible name starts with the visible
 * text and adds the service's title, so a list of them is told apart by screen readers.
 */
export function AddToCartButton({ service, size = 'md', className }: Props) {
  const { t } = useTranslation('catalog');
  const toast = useToast();
  const { doctor, ready, inCart, adding, add } = useAddToCart();
  const [justAdded, setJustAdded] = useState(false);
  const inCartRef = useRef<HTMLAnchorElement>(null);
  const added = inCart(service.id);

  // the button is replaced by the link: focus follows, so keyboard users do not lose their place
  useEffect(() => {
    if (justAdded && added) {
      inCartRef.current?.focus();
      setJustAdded(false);
    }
  }, [justAdded, added]);

  if (doctor || service.price == null) return null;
  if (added) {
    return (
      <Link
        ref={inCartRef}
        to="/cart"
        className={cx(styles.inCart, styles[size], className)}
        aria-label={t('cart.inCartNamed', { title: service.title })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="m5 12 4.5 4.5L19 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        {t('cart.inCart')}
      </Link>
    );
  }
  const onClick = async () => {
    try {
      await add(service);
      setJustAdded(true);
      toast.show(t('cart.added', { title: service.title }), { tone: 'success' });
    } catch (error) {
      // docs/product.md#errors: service and cart failures pass the server's message to the screen
      toast.show(error instanceof Error && error.message ? error.message : t('cart.failed'), { tone: 'error' });
    }
  };
  return (
    <Button
      size={size}
      className={className}
      loading={adding === service.id}
      disabled={!ready}
      aria-label={t('cart.addNamed', { title: service.title })}
      // drawn in the server's first view too: a tap there is kept and made again here once this button is
      // live, reading "in the cart" meanwhile (the shell's features/taps)
      data-tap={`cart-add:${service.id}`}
      data-tap-label={t('cart.inCart')}
      onClick={() => void onClick()}
    >
      {t('cart.add')}
    </Button>
  );
}
