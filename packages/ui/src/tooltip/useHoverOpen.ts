import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#constants: tooltip hide delay 250 ms. */
export const TOOLTIP_HIDE_DELAY = 250;

export type HoverOpen = {
  open: boolean;
  /** Opens at once (pointer in, focus in), cancelling a pending hide. */
  show: () => void;
  /** Hides after the delay (pointer out), unless shown again meanwhile or `pinned` says it stays. */
  hideLater: () => void;
  /** Hides at once (Escape). */
  hideNow: () => void;
  /** Focus left the element and everything inside it: hide after the delay. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * What opens on hover and focus and closes a moment after both left (a tooltip, a header dropdown):
 * the pointer can cross the gap to the panel without it closing (WCAG 1.4.13). `pinned`, read when a
 * hide is due, keeps it open (a dialog of the panel's waits for an answer).
 */
export function useHoverOpen(hideDelay = TOOLTIP_HIDE_DELAY, pinned?: () => boolean): HoverOpen {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(true);
  }, []);
  const hideLater = useCallback(() => {
    clearTimeout(timer.current);
    if (pinnedRef.current?.()) return;
    timer.current = setTimeout(() => {
      if (!pinnedRef.current?.()) setOpen(false);
    }, hideDelay);
  }, [hideDelay]);
  const hideNow = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !event.currentTarget.contains(next)) hideLater();
    },
    [hideLater],
  );
  return { open, show, hideLater, hideNow, onBlur };
}
