import { installTapCapture, type KeptTap, NOT_LIVE, TAP_ATTRIBUTE } from './capture';

/** The live control a kept tap is for: outside the first view and the stand-ins, and enabled. */
function liveControl(document: Document, { key }: KeptTap): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[${TAP_ATTRIBUTE}]`)) {
    if (element.getAttribute(TAP_ATTRIBUTE) !== key || element.closest(NOT_LIVE)) continue;
    if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') continue;
    return element;
  }
  return null;
}

/**
 * Replays the taps the first view kept (capture.ts), each once, on its live control as soon as the app
 * draws it (and enables it), and every tap kept later on a stand-in or the kept preview the same way. A
 * tap made on another page than the one shown is dropped. Watches the page only while a tap waits.
 * Returns a function that stops it (tests).
 */
export function startTapReplay(window: Window): () => void {
  installTapCapture(window);
  const { document } = window;
  const queue = window.__labTaps as KeptTap[];
  let observing = false;
  let scheduled = false;
  const observer = new MutationObserver(() => schedule());

  function run() {
    scheduled = false;
    for (const tap of [...queue]) {
      const live = tap.path === window.location.pathname ? liveControl(document, tap) : null;
      if (tap.path !== window.location.pathname || live) queue.splice(queue.indexOf(tap), 1);
      live?.click();
    }
    if (queue.length === 0 && observing) {
      observer.disconnect();
      observing = false;
    } else if (queue.length > 0 && !observing) {
      observer.observe(document.documentElement, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled', 'aria-disabled'],
      });
      observing = true;
    }
  }
  // mutations come in bursts while React commits: one look per task
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.setTimeout(run, 0);
  }

  const push = queue.push.bind(queue);
  queue.push = (...taps: KeptTap[]) => {
    const length = push(...taps);
    schedule();
    return length;
  };
  run();
  return () => {
    observer.disconnect();
    queue.push = push;
  };
}
