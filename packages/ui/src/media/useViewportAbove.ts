import { useCallback, useSyncExternalStore } from 'react';

function isAbove(width: number | undefined): boolean {
  if (width === undefined || typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function') return window.matchMedia(`(min-width: ${width + 1}px)`).matches;
  return window.innerWidth > width;
}

/**
 * True while the viewport is wider than `width` px (e.g. 1024, docs/product.md#constants). Follows a media
 * query where matchMedia exists (no work on every resize event), else the window's resize event.
 * An undefined width is never exceeded.
 */
export function useViewportAbove(width: number | undefined): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (width === undefined) return () => {};
      if (typeof window.matchMedia === 'function') {
        const query = window.matchMedia(`(min-width: ${width + 1}px)`);
        query.addEventListener('change', notify);
        return () => query.removeEventListener('change', notify);
      }
      window.addEventListener('resize', notify);
      return () => window.removeEventListener('resize', notify);
    },
    [width],
  );
  const getSnapshot = useCallback(() => isAbove(width), [width]);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
