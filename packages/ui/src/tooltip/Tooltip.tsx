import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { cx } from '../cx';
import styles from './Tooltip.module.css';
import { TOOLTIP_HIDE_DELAY, useHoverOpen } from './useHoverOpen';

export { TOOLTIP_HIDE_DELAY } from './useHoverOpen';

/** Px kept free between the bubble and the viewport's side. */
const EDGE_GAP = 8;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  hideDelay?: number;
  className?: string;
}

/**
 * A description bubble shown on hover and on focus (WAI-ARIA tooltip). It stays while the pointer
 * moves onto it, hides 250 ms after leaving, and Escape hides it at once (WCAG 1.4.13).
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  hideDelay = TOOLTIP_HIDE_DELAY,
  className,
}: TooltipProps) {
  const id = useId();
  const { open, show, hideLater, hideNow } = useHoverOpen(hideDelay);
  const bubbleRef = useRef<HTMLSpanElement>(null);

  // Centred over the trigger, but pushed back inside the viewport near its edges.
  useLayoutEffect(() => {
    const bubble = bubbleRef.current;
    if (!open || !bubble) return;
    bubble.style.setProperty('--tooltip-shift', '0px');
    const { left, right } = bubble.getBoundingClientRect();
    const limit = document.documentElement.clientWidth - EDGE_GAP;
    const shift = left < EDGE_GAP ? EDGE_GAP - left : right > limit && limit > 0 ? limit - right : 0;
    bubble.style.setProperty('--tooltip-shift', `${shift}px`);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hideNow();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, hideNow]);

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the events come from the focusable child
    <span
      className={cx(styles.anchor, className)}
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onFocus={show}
      onBlur={hideLater}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {/* Always in the DOM, so that the description is there before it is shown. */}
      <span ref={bubbleRef} role="tooltip" id={id} className={cx(styles.tooltip, styles[placement])} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
