// The page's own remote content is fetched first; the remote controls around it (header buttons, the
// sign-in modals, the UTM capture) wait until it has arrived, so that on a slow connection they do not
// share the bandwidth with what the visitor came for (its largest paint, docs/performance.md).
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/** How long the controls wait at most for a page remote that neither arrives nor fails. */
export const PAGE_FIRST_TIMEOUT_MS = 3000;

let holds = 0;
let open = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function openNow() {
  if (open) return;
  open = true;
  if (timer) clearTimeout(timer);
  for (const listener of listeners) listener();
}

function hold(): () => void {
  if (open) return () => {};
  holds += 1;
  timer ??= setTimeout(openNow, PAGE_FIRST_TIMEOUT_MS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) openNow();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A page slot holds the controls back from its first commit until `release` (its content is on
 * screen, or it failed), until it unmounts, or for PAGE_FIRST_TIMEOUT_MS at most. Layout effects run
 * before any passive effect of the same commit, so the controls of that commit see the hold.
 */
export function usePageHold(active: boolean): () => void {
  const release = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    if (!active) return;
    release.current = hold();
    return () => release.current();
  }, [active]);
  return useCallback(() => release.current(), []);
}

/** Whether the controls may load: once open it stays open for the visit (later pages do not wait). */
export function usePageFirstOpen(): boolean {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
  // after the first commit: open unless a page slot of that commit holds
  useEffect(() => {
    if (holds === 0) openNow();
  }, []);
  return isOpen;
}

/** For tests: back to a fresh page. */
export function resetPageFirst() {
  holds = 0;
  open = false;
  if (timer) clearTimeout(timer);
  timer = null;
}
