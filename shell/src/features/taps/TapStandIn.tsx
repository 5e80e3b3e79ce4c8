import { headerCartCount, useCurrentCart, usePendingCartAdds } from '@lab/api';
import { stripLocale, useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { CountBadge, HoverPanel, Link, SkeletonRows, useHoverOpen, useViewportAbove } from '@lab/ui';
import { type KeyboardEvent, useId, useRef } from 'react';
import { SEARCH_TAP, STANDIN_ICONS } from './icons';
import styles from './TapStandIn.module.css';

function Icon({ name }: { name: keyof typeof STANDIN_ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shell's own constant markup (icons.ts)
      dangerouslySetInnerHTML={{ __html: STANDIN_ICONS[name] }}
    />
  );
}

/** The cart's dropdown opens above this width, as mf-cart-checkout's does (docs/product.md#constants: 1024 px). */
export const CART_PREVIEW_MIN_WIDTH = 1024;

/**
 * A header control whose remote has not arrived yet: the cart is a link that works at once, and on wide
 * screens hovering or focusing it opens the cart's dropdown in its loading state (skeleton rows,
 * docs/product.md#panels-and-dialogs), which the live dropdown takes over when it is drawn; the search
 * button keeps its tap (capture.ts), shows it busy, and the live button opens the search once it is
 * drawn (replay.ts). Same size and place as the live control, so nothing moves when it comes.
 */
export function TapStandIn({ control }: { control: 'search' | 'cart' }) {
  const { t } = useTranslation('shell');
  if (control === 'cart') return <CartStandIn />;
  return (
    <button
      type="button"
      className={styles.standIn}
      aria-label={t('standIn.search')}
      aria-haspopup="dialog"
      data-tap={SEARCH_TAP}
      data-tap-standin=""
    >
      <Icon name="search" />
    </button>
  );
}

/**
 * What the header's cart counts before the cart's code arrives: the same cart and the same count as the
 * live button (one read, shared with it: the stand-in starts it sooner), the services on their way into
 * the cart counted from the tap. A doctor's cart counts nothing (the live button is greyed out).
 */
function useStandInCount(): number {
  return headerCartCount(useCurrentCart(), usePendingCartAdds());
}

/**
 * The cart link with the count it can know, and on wide screens (not on /cart, which shows everything) the dropdown while the
 * cart's code arrives: open on hover or focus, hidden 250 ms after they leave and at once on Escape
 * (docs/product.md#cart, #constants), as the live one behaves.
 */
function CartStandIn() {
  const { t } = useTranslation('shell');
  const wide = useViewportAbove(CART_PREVIEW_MIN_WIDTH);
  const { pathname } = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  // the same key as mf-cart-checkout's dropdown, which opens where this one was left open
  const { open, show, hideLater, hideNow, onBlur } = useHoverOpen(undefined, undefined, {
    key: 'header-cart',
    root: rootRef,
  });
  const panelId = useId();
  const count = useStandInCount();
  const previews = wide && stripLocale(pathname) !== '/cart';
  const visible = previews && open;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') hideNow();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus come from the link inside
    <div
      ref={rootRef}
      className={styles.dropdown}
      onMouseEnter={previews ? show : undefined}
      onMouseLeave={previews ? hideLater : undefined}
      onFocus={previews ? show : undefined}
      onBlur={previews ? onBlur : undefined}
      onKeyDown={previews ? onKeyDown : undefined}
    >
      <Link
        to="/cart"
        className={styles.standIn}
        data-cart-standin=""
        aria-expanded={previews ? visible : undefined}
        aria-controls={visible ? panelId : undefined}
      >
        <Icon name="cart" />
        <span className="visually-hidden">{count ? t('standIn.cartWithCount', { count }) : t('nav.cart')}</span>
        <CountBadge count={count} />
      </Link>
      {visible && (
        <HoverPanel id={panelId} label={t('standIn.cartPreview')}>
          <SkeletonRows label={t('standIn.cartLoading')} rowTestId="preview-skeleton" />
        </HoverPanel>
      )}
    </div>
  );
}
