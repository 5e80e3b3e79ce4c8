import { type CurrentCart, headerCartCount, useCurrentCart, usePendingCartAdds } from '@lab/api';
import { stripLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { CountBadge, cx, Link, TOOLTIP_HIDE_DELAY, useHoverOpen, useViewportAbove } from '@lab/ui';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { CartIcon } from '../../components/CartIcon';
import styles from './Cart.module.css';
import { CartPreview } from './CartPreview';
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { useRemoveFromCart } from './useRemoveFromCart';

/**
 * The preview opens on wider screens only: above the 1024 px breakpoint (docs/product.md#constants) a pointer can
 * hover the icon. Narrower screens are touch screens first, where hover does not exist and the cart
 * page is one tap away, so there the icon is just the link to /cart (it is a link everywhere).
 */
export const PREVIEW_MIN_WIDTH = 1024;

/**
 * The header's cart icon with the item count (9+ above 9; the link's name carries the count). For a
 * doctor (docs/product.md#roles) it is greyed out, without amount and not a link. On wide screens hovering or
 * focusing it shows the cart dropdown.
 */
export function CartButton() {
  const { t } = useTranslation('cartCheckout');
  const cart = useCurrentCart();
  const wide = useViewportAbove(PREVIEW_MIN_WIDTH);
  const { pathname } = useLocation();
  const pending = usePendingCartAdds();

  if (cart.doctor) {
    // a disabled link (no href), still focusable so that its name can be found
    return (
      // biome-ignore lint/a11y/useValidAnchor: a link that is disabled on purpose has no href
      <a
        role="link"
        tabIndex={0}
        aria-disabled="true"
        className={cx(styles.button, styles.disabled)}
        aria-label={t('cart.doctorDisabled')}
        title={t('cart.doctorDisabled')}
      >
        <CartIcon />
      </a>
    );
  }
  const count = headerCartCount(cart, pending);
  const label = count ? t('cart.linkWithCount', { count }) : t('cart.link');
  // the cart page itself shows everything the preview would
  if (!wide || stripLocale(pathname) === '/cart') {
    return (
      // the name is text, not aria-label: on /cart the link turns into a plain span, where aria-label is not allowed
      <Link to="/cart" className={styles.button}>
        <CartIcon />
        <span className="visually-hidden">{label}</span>
        <CountBadge count={count} />
      </Link>
    );
  }
  return <CartDropdown cart={cart} label={label} count={count} />;
}

/**
 * Hover or focus shows the panel right after the link (Tab moves into it); it stays while the pointer
 * or focus is inside and hides 250 ms after they leave (docs/product.md#constants), at once on Escape. While a
 * deletion waits for confirmation the panel stays, so focus can come back to it.
 */
function CartDropdown({ cart, label, count }: { cart: CurrentCart; label: string; count: number }) {
  const { t } = useTranslation('cartCheckout');
  const rootRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const panelId = useId();
  const removal = useRemoveFromCart(cart, t('remove.failed'));
  const pinned = removal.pending !== null;
  // the shell's stand-in (same key) left its loading dropdown open under the pointer: this one opens in its place
  const { open, show, hideLater, hideNow, onBlur } = useHoverOpen(TOOLTIP_HIDE_DELAY, () => pinned, {
    key: 'header-cart',
    root: rootRef,
  });

  // the deleted line's button is gone: focus goes back to the cart link (and the panel stays)
  const { removed } = removal;
  useEffect(() => {
    if (!removed) return;
    const active = document.activeElement;
    if (!active || active === document.body || !rootRef.current?.contains(active)) linkRef.current?.focus();
  }, [removed]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    hideNow();
    if (event.currentTarget.contains(document.activeElement) && document.activeElement !== linkRef.current) {
      linkRef.current?.focus();
    }
  };

  const visible = open || pinned;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus come from the link and the panel's controls
    <div
      ref={rootRef}
      className={styles.dropdown}
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onFocus={show}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <Link
        ref={linkRef}
        to="/cart"
        className={styles.button}
        aria-expanded={visible}
        aria-controls={visible ? panelId : undefined}
      >
        <CartIcon />
        <span className="visually-hidden">{label}</span>
        <CountBadge count={count} />
      </Link>
      {visible && <CartPreview id={panelId} cart={cart} onRemove={removal.ask} />}
      <ConfirmRemoveDialog removal={removal} />
    </div>
  );
}
