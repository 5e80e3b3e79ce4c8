import { type RefObject, useLayoutEffect, useRef } from 'react';
import { getFocusable } from './focusable';

export interface FocusTrapOptions {
  /** The trap works only while active (the dialog is open). */
  active: boolean;
  /** Focused on activation; otherwise the first focusable element, otherwise the container. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Called on Escape pressed inside the trap. */
  onEscape?: () => void;
  /** Give focus back to what had it before activation (default true). */
  returnFocus?: boolean;
}

/** Active traps, innermost last: only the innermost one handles keys, so nested dialogs work. */
const traps: HTMLElement[] = [];

/**
 * Keeps keyboard focus inside `containerRef` while active: Tab and Shift+Tab wrap around, focus
 * that escapes (a click on the page behind) is pulled back, Escape reports, and on deactivation
 * focus returns to the element that had it. The container should have tabIndex={-1}.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  { active, initialFocusRef, onEscape, returnFocus = true }: FocusTrapOptions,
): void {
  const onEscapeRef = useRef(onEscape);
  const restoreRef = useRef<HTMLElement | null>(null);
  const wasActiveRef = useRef(false);

  // The opener is read while rendering the open state: by the time effects run, a child with
  // autoFocus has already taken focus and the opener would be lost.
  if (active && !wasActiveRef.current && typeof document !== 'undefined') {
    restoreRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasActiveRef.current = active;

  useLayoutEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    traps.push(container);
    const isInnermost = () => traps[traps.length - 1] === container;
    const firstTarget = () => getFocusable(container)[0] ?? container;

    if (!container.contains(document.activeElement)) (initialFocusRef?.current ?? firstTarget()).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isInnermost()) return;
      if (event.key === 'Escape' && onEscapeRef.current) {
        // Stop here so a dropdown or dialog underneath does not close too.
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = getFocusable(container);
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        container.focus();
      } else if (event.shiftKey && (current === first || current === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isInnermost() && event.target instanceof Node && !container.contains(event.target)) firstTarget().focus();
    };

    // focus that fell to <body> (the focused element re-rendered away) fires no focusin: the keys
    // pressed there still belong to the open dialog, or Escape would do nothing
    const onLostKeyDown = (event: KeyboardEvent) => {
      if (event.target === document.body || event.target === document.documentElement) onKeyDown(event);
    };

    container.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onLostKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onLostKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      traps.splice(traps.lastIndexOf(container), 1);
      // The opener is kept, not cleared: StrictMode runs this cleanup once on mount as well.
      const restore = restoreRef.current;
      if (!returnFocus) return;
      if (restore?.isConnected && restore !== document.body) restore.focus({ preventScroll: true });
      else if (container.contains(document.activeElement) || isLost()) {
        // the opener is gone (a route change, a stage that replaced it) or there was none (opened by
        // the page): focus would fall to <body> and Tab restart at the top, so it goes to the main content
        fallbackTarget()?.focus({ preventScroll: true });
      }
    };
  }, [active, containerRef, initialFocusRef, returnFocus]);
}

const isLost = () => !document.activeElement || document.activeElement === document.body;

/** The page's main landmark when it can take focus (the skip link's target, tabIndex -1). */
const fallbackTarget = () => document.querySelector<HTMLElement>('main[tabindex]');
