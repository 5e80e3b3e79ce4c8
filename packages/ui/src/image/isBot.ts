declare global {
  interface Window {
    /** Set by the prerenderer or the server for crawlers (docs/product.md#entities: a window flag can mark a bot). */
    __IS_BOT__?: boolean;
  }
}

/**
 * Search and link-preview crawlers. Lighthouse and headless browsers are deliberately not here:
 * they should measure what people get.
 */
export const BOT_USER_AGENT =
  /(?:google|bing|yandex|baidu|duckduck|apple|petal|semrush|ahrefs|mj12|seznam|sogou|twitter|linkedin|telegram|discord)bot|googlebot|adsbot-google|google-inspectiontool|mediapartners-google|bingpreview|yandex(?:images|metrika|mobilebot)|slurp|facebookexternalhit|facebot|whatsapp|viber|skypeuripreview|crawler|spider/i;

/** Whether the page is being read by a crawler: the window flag first, then the user agent. */
export function isBot(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  flag: boolean | undefined = typeof window === 'undefined' ? undefined : window.__IS_BOT__,
): boolean {
  if (typeof flag === 'boolean') return flag;
  return BOT_USER_AGENT.test(userAgent);
}
