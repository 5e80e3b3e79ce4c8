import { PAGE_FRAME, PAGE_HEADING_ONLY, PAGE_PREVIEW_ATTRIBUTE, PAGE_PREVIEW_STALE_ATTRIBUTE } from './element';

/** The server's preview of the page, as DOM, and whether it shows a city's prices (a heading or a frame does not). */
export type PagePreview = { node: Element; cityBound: boolean };

let preview: (PagePreview & { address: string }) | null = null;

/**
 * Keeps the remote's preview of the page that the server put into the first view (shell/server), found
 * before React's first render takes the view away: the page's slot puts the same element back, as it
 * is, until the remote renders (no copy of its markup is made).
 */
export function keepPagePreview(
  page: Pick<Document, 'querySelector' | 'documentElement'>,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
) {
  // a preview of what this browser would not see (another city's prices, an empty cart) is not kept
  const stale = page.documentElement.hasAttribute(PAGE_PREVIEW_STALE_ATTRIBUTE);
  const element = stale ? null : page.querySelector(`[${PAGE_PREVIEW_ATTRIBUTE}]`);
  const kind = element?.getAttribute(PAGE_PREVIEW_ATTRIBUTE);
  preview = element
    ? { address: `${pathname}${search}`, node: element, cityBound: kind !== PAGE_HEADING_ONLY && kind !== PAGE_FRAME }
    : null;
}

/** The preview of the page at this address, left for the page's own slot (a parent route's slot shows it meanwhile). */
export function peekPagePreview(address: string): PagePreview | null {
  return preview?.address === address ? { node: preview.node, cityBound: preview.cityBound } : null;
}

/** The preview of the page at this address, given once: a later visit to it renders without one. */
export function takePagePreview(address: string): PagePreview | null {
  const taken = peekPagePreview(address);
  if (taken) preview = null;
  return taken;
}
