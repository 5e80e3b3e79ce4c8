/** Leaves the site for another page (the payment provider's): a full navigation, not a route change. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
