/** Leaving the site (the payment provider's page), behind one object so tests can watch it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
