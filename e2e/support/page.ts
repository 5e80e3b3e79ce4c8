import type { Locator, Page } from '@playwright/test';

/** A call from inside the page, so it carries the session cookie. */
export function pageJson<T>(page: Page, path: string, init?: { method: string; body: unknown }) {
  return page.evaluate(
    async ([url, options]) => {
      const response = await fetch(url, {
        credentials: 'include',
        method: options?.method ?? 'GET',
        headers: options ? { 'content-type': 'application/json' } : undefined,
        body: options ? JSON.stringify(options.body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [path, init] as const,
  ) as Promise<{ status: number; body: T }>;
}

/** A visitor who has chosen this city already: no detection, no banner. */
export async function setCity(page: Page, id: number): Promise<void> {
  await page.evaluate((city) => {
    window.localStorage.setItem('cityId', JSON.stringify(city));
    window.localStorage.setItem('cityShown', 'true');
  }, id);
}

/**
 * The header's search button drawn by mf-catalog itself: neither the server's first view of it nor the
 * shell's stand-in that keeps a tap until the remote arrives (shell features/taps), which share its name.
 */
export function catalogueSearchButton(page: Page): Locator {
  return page
    .getByRole('button', { name: 'Пошук аналізів' })
    .and(page.locator(':not([data-tap-standin]):not([data-first-view] *)'));
}

/**
 * The header's cart link drawn by mf-cart-checkout itself, the one with the dropdown (aria-expanded): not the
 * first view's or the shell's stand-in (data-cart-standin, whose dropdown shows the loading rows), which link to
 * the cart under the same name until the remote arrives.
 */
export function cartDropdownLink(page: Page): Locator {
  return page
    .getByRole('banner')
    .getByRole('link', { name: /^Кошик/ })
    .and(page.locator('[aria-expanded]:not([data-cart-standin])'));
}
