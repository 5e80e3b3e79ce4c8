import { ScrollRestoration, useLocation } from '@lab/router';
import { useLayoutEffect } from 'react';

const HASH_WAIT_MS = 1500;

/**
 * The scroll after a navigation (docs/product.md#navigation) is React Router's: to the top,
 * unless the navigation kept it (a list changed in place carries the paginate flag and keeps its
 * scroll: `preventScrollReset`), back/forward restores the position the page had. A hash scrolls
 * smoothly to its target, also when the page renders it a moment later.
 */
export function PageScroll() {
  const { hash, key } = useLocation();
  // before ScrollRestoration's own layout effect (an earlier sibling): its jump to the target is smooth
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the hash scrolls, the same hash again too
  useLayoutEffect(() => {
    if (hash.length < 2) return;
    const root = document.documentElement;
    root.style.scrollBehavior = 'smooth';
    const id = decodeURIComponent(hash.slice(1));
    const started = performance.now();
    let frame = 0;
    const follow = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth' });
      else if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(() => {
      root.style.scrollBehavior = '';
      if (!document.getElementById(id)) follow();
    });
    return () => {
      cancelAnimationFrame(frame);
      root.style.scrollBehavior = '';
    };
  }, [hash, key]);
  return <ScrollRestoration />;
}
