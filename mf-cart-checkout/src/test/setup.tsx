/** Test set-up: the shared providers and i18n (@lab/testing) with this remote's texts, and a browser reset. */
import { resetBrowserState as resetBrowser } from '@lab/testing';
import '../i18n/all';

export { location, Providers, renderAt, setUpI18n } from '@lab/testing';

export function resetBrowserState(): void {
  resetBrowser();
  globalThis.__labPendingEvents?.clear();
  setViewportWidth(1024);
}

/** jsdom has no matchMedia: the viewport hooks read innerWidth. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
