// The header's search and cart icons, as the remotes draw theirs (mf-catalog's SearchLauncher,
// mf-cart-checkout's CartIcon): the server's first view writes them as HTML, the stand-ins as SVG.
export const STANDIN_ICONS = {
  search:
    '<circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<path d="m20 20-4.2-4.2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  cart:
    '<path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<circle cx="9" cy="20" r="1.5" fill="currentColor"/><circle cx="17" cy="20" r="1.5" fill="currentColor"/>',
} as const;

/** The key the header's search button carries, live and in the first view. */
export const SEARCH_TAP = 'search';
