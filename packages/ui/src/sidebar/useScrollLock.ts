import { useEffect } from 'react';

/** Locks page scrolling while active and restores whatever inline overflow <body> had before. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, [active]);
}
