// The first tap, kept: the server's first view is on screen seconds before the app has taken it over on
// a slow phone. A tap on a marked control there (`data-tap="<key>"`: «До кошика», the header's search)
// is recorded and answered at once (its pending state, and its `data-tap-label` text); any other button
// of the first view says it is not ready yet (busy). The app replays each recorded tap once, on the live
// control with the same key (replay.ts), as Qwik's and Angular's event replay do.

/** A recorded tap: the control's key, and the page it was made on (a later page does not get it). */
export type KeptTap = { key: string; path: string };

declare global {
  interface Window {
    /** the taps the first view recorded, not replayed yet (capture.ts) */
    __labTaps?: KeptTap[];
  }
}

/** A control whose tap is kept: its value is the key the live control carries too. */
export const TAP_ATTRIBUTE = 'data-tap';
/** What the control reads once tapped (an "added" state), until the live one takes its place. */
export const TAP_LABEL_ATTRIBUTE = 'data-tap-label';
/** A tapped control of the first view (styled as busy by the first view's sheet). */
export const TAP_PENDING_ATTRIBUTE = 'data-tap-pending';
/** The app's own stand-in for a control whose code has not arrived (the header's buttons). */
export const TAP_STANDIN_ATTRIBUTE = 'data-tap-standin';
/** Where a control is not the live one: the server's first view, its kept preview, a stand-in. */
export const NOT_LIVE = '[data-first-view],[data-page-preview],[data-tap-standin]';

/**
 * Records taps on the controls that are not live yet. Its source is the first view's inline script
 * (shell/server/head.ts), so it stays self-contained: no imports, no constants from outside, no named
 * inner functions (the attribute names above are written out, a test holds them equal).
 */
export function installTapCapture(win: Window): void {
  if (win.__labTaps) return;
  const queue: KeptTap[] = [];
  win.__labTaps = queue;
  win.document.addEventListener(
    'click',
    (event) => {
      // a later install (a test's fresh page) takes over
      if (win.__labTaps !== queue) return;
      const target = event.target as Element | null;
      const control = target?.closest?.('[data-tap],button');
      if (!control?.closest('[data-first-view],[data-page-preview],[data-tap-standin]')) return;
      event.preventDefault();
      if (control.hasAttribute('data-tap-pending')) return;
      control.setAttribute('data-tap-pending', '');
      control.setAttribute('aria-busy', 'true');
      const key = control.getAttribute('data-tap');
      if (!key) return;
      const label = control.getAttribute('data-tap-label');
      if (label) control.textContent = label;
      queue.push({ key, path: win.location.pathname });
    },
    true,
  );
}
