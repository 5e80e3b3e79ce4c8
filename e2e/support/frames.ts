import type { Page } from '@playwright/test';

/**
 * What the page showed in one animation frame: its address, the text of its main area, and whether the
 * frame marked it pending (a navigation waiting for the next page: Layout.tsx).
 */
export type Frame = { path: string; text: string; pending: boolean };

declare global {
  interface Window {
    __frames?: Frame[];
    __framesStop?: boolean;
  }
}

/** Records, on every animation frame from now on, what the page showed. */
export async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__frames = [];
    window.__framesStop = false;
    const tick = () => {
      window.__frames?.push({
        path: window.location.pathname,
        pending: document.querySelector('main')?.getAttribute('aria-busy') === 'true',
        // biome-ignore lint/performance/useDomNodeTextContent: the text drawn on screen, not the hidden too
        text: (document.querySelector('main') as HTMLElement | null)?.innerText ?? '',
      });
      if (!window.__framesStop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Stops the recording and answers the frames it saw. */
export function recordedFrames(page: Page): Promise<Frame[]> {
  return page.evaluate(() => {
    window.__framesStop = true;
    return window.__frames ?? [];
  });
}
