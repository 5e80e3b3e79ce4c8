import { type FocusEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';

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
 * One panel drawn by two components in turn: a stand-in the shell draws while a remote's code arrives,
 * then the remote's own. `key` names the panel; `root` is the element that holds the control and its panel.
 */
export type HoverHandover = { key: string; root: RefObject<HTMLElement | null> };

/**
 * Panels left open by a component that went away, by handover key. @lab/ui is one module on the page
 * (a federation singleton), so the shell's stand-in and the remote's control read the same set.
 */
const leftOpen = new Set<string>();

/** The pointer or the focus is in `root`. */
const engaged = (root: HTMLElement | null) =>
  !!root && (root.matches(':hover') || root.contains(document.activeElement));

/**
 * What opens on hover and focus and closes a moment after both left (a tooltip, a header dropdown):
 * the pointer can cross the gap to the panel without it closing (WCAG 1.4.13). `pinned`, read when a
 * hide is due, keeps it open (a dialog of the panel's waits for an answer). With a `handover`, a panel
 * open when its component goes away opens again in the next component with the same key: the browser
 * marks the new element hovered only a frame or more after it is drawn, so `:hover` alone would miss it.
 */
export function useHoverOpen(
  hideDelay = TOOLTIP_HIDE_DELAY,
  pinned?: () => boolean,
  handover?: HoverHandover,
): HoverOpen {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hiding = useRef(false);
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;
  const openRef = useRef(open);
  openRef.current = open;

  const show = useCallback(() => {
    clearTimeout(timer.current);
    hiding.current = false;
    setOpen(true);
  }, []);
  const hideLater = useCallback(() => {
    clearTimeout(timer.current);
    if (pinnedRef.current?.()) return;
    hiding.current = true;
    timer.current = setTimeout(() => {
      hiding.current = false;
      if (!pinnedRef.current?.()) setOpen(false);
    }, hideDelay);
  }, [hideDelay]);
  const hideNow = useCallback(() => {
    clearTimeout(timer.current);
    hiding.current = false;
    setOpen(false);
  }, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !event.currentTarget.contains(next)) hideLater();
    },
    [hideLater],
  );

  const key = handover?.key;
  const root = handover?.root;
  useEffect(() => {
    if (key && leftOpen.delete(key)) {
      show();
      // taken over open: it closes like any other once the pointer and the focus turn out to be elsewhere
      timer.current = setTimeout(() => {
        if (!engaged(root?.current ?? null)) hideLater();
      }, hideDelay);
    } else if (key && engaged(root?.current ?? null)) show();
    return () => {
      clearTimeout(timer.current);
      if (key && openRef.current && !hiding.current) leftOpen.add(key);
    };
  }, [key, root, show, hideLater, hideDelay]);
  return { open, show, hideLater, hideNow, onBlur };
}
