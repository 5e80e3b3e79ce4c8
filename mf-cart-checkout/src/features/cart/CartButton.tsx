import { usePendingCartAdds } from '@lab/api';
import { stripLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { CountBadge, cx, Link, TOOLTIP_HIDE_DELAY, useViewportAbove } from '@lab/ui';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CartIcon } from '../../components/CartIcon';
import styles from './Cart.module.css';
import { CartPreview } from './CartPreview';
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { type CurrentCart, cartCount, useCurrentCart } from './useCurrentCart';
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
  const pending = usePendingCartAdds();
  const count = cartCount(cart.none ? undefined : cart.data, pending);
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
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const panelId = useId();
  const removal = useRemoveFromCart(cart, t('remove.failed'));
  const pinned = removal.pending !== null;
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideLater = () => {
    clearTimeout(timer.current);
    if (pinnedRef.current) return;
    timer.current = setTimeout(() => {
      if (!pinnedRef.current) setOpen(false);
    }, TOOLTIP_HIDE_DELAY);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // the shell's stand-in opened its loading dropdown under the pointer: this one takes over open
  useEffect(() => {
    if (rootRef.current?.matches(':hover')) setOpen(true);
  }, []);

  // the deleted line's button is gone: focus goes back to the cart link (and the panel stays)
  const { removed } = removal;
  useEffect(() => {
    if (!removed) return;
    const active = document.activeElement;
    if (!active || active === document.body || !rootRef.current?.contains(active)) linkRef.current?.focus();
  }, [removed]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) hideLater();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    clearTimeout(timer.current);
    setOpen(false);
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
      {visible && (
        <div className={styles.popover}>
          <CartPreview id={panelId} cart={cart} onRemove={removal.ask} />
        </div>
      )}
      <ConfirmRemoveDialog removal={removal} />
    </div>
  );
}
