import { useLocation, useNavigationType } from '@lab/router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { scrollIntent } from './scroll';

const RESTORE_ATTEMPTS_MS = 1500;

/**
 * Scroll to the top after a navigation unless the query carries `paginate`; smooth scroll to a hash
 * target; back/forward restores the position the page had (content may still be loading, so the
 * restore waits a little for the page to grow tall enough).
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // remember where the page was when leaving it
  useLayoutEffect(() => {
    const key = location.key;
    const saved = positions.current;
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key]);

  useEffect(() => {
    const intent = scrollIntent({
      type,
      search: location.search,
      hash: location.hash,
      savedY: positions.current.get(location.key),
    });
    if (intent.kind === 'top') window.scrollTo({ top: 0, left: 0 });
    if (intent.kind === 'hash') {
      const target = () => document.getElementById(intent.id);
      const found = target();
      if (found) found.scrollIntoView({ behavior: 'smooth' });
      else requestAnimationFrame(() => target()?.scrollIntoView({ behavior: 'smooth' }));
    }
    if (intent.kind === 'restore') {
      const started = performance.now();
      const attempt = () => {
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= intent.y;
        if (reachable || performance.now() - started > RESTORE_ATTEMPTS_MS) window.scrollTo({ top: intent.y, left: 0 });
        else requestAnimationFrame(attempt);
      };
      attempt();
    }
  }, [location.key, location.search, location.hash, type]);

  return null;
}
