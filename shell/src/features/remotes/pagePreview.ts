import { PAGE_FRAME, PAGE_HEADING_ONLY, PAGE_PREVIEW_ATTRIBUTE, PAGE_PREVIEW_STALE_ATTRIBUTE } from './element';

/** The server's markup of the page, and whether it shows a city's prices (a heading or a frame does not). */
export type PagePreview = { html: string; cityBound: boolean };

let preview: (PagePreview & { address: string }) | null = null;

/**
 * Keeps the remote's preview of the page that the server put into the first view (previews.ts), read
 * before React's first render replaces the view: the page's slot shows it until the remote renders.
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
    ? {
        address: `${pathname}${search}`,
        html: element.innerHTML,
        cityBound: kind !== PAGE_HEADING_ONLY && kind !== PAGE_FRAME,
      }
    : null;
}

/** The preview of the page at this address, given once: a later visit to it renders without one. */
export function takePagePreview(address: string): PagePreview | null {
  if (preview?.address !== address) return null;
  const { html, cityBound } = preview;
  preview = null;
  return { html, cityBound };
}
