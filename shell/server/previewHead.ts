// What a page drawn into the first view needs in the head: its style sheets inline (the shared packages'
// then the page's own, so it is drawn as the app draws it from the first paint), and for a first visit's
// preview the script that hides it from a browser that stored what the preview did not assume.
import { PAGE_PREVIEW_STALE_ATTRIBUTE } from '../src/features/remotes/headless';
import { hashSource } from './csp';

/** A drawn page's head: its tags, and the CSP sources that allow them. */
export type PreviewHead = { html: string; styleHashes: string[]; scriptHashes: string[] };

/**
 * A preview shows a first visit: the first city, no cart, not a doctor. A guest has no cookie either
 * way, so a returning one is told by what the browser stored: this script, in the head, marks the page
 * before anything is drawn when the stored city is another or a cart or a role is stored, and the
 * preview is hidden (and not kept by the app) instead of showing other prices or an empty cart.
 */
export function previewGuardScript(cityId: number): string {
  return (
    `(function(){try{var s=window.localStorage,c=s.getItem('cityId');` +
    `if((c!==null&&c.replace(/"/g,'')!=='${cityId}')||s.getItem('cartId')!==null||s.getItem('doctor')!==null)` +
    `document.documentElement.setAttribute('${PAGE_PREVIEW_STALE_ATTRIBUTE}','')}catch(e){}})()`
  );
}

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The CSP sources that allow the preview's style attributes (a skeleton's size, a list's height), each
 * value by its hash: React sets them through the DOM, but in the HTML they are inline styles.
 */
export function styleAttributeSources(html: string): string[] {
  const values = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sstyle="([^"]*)"/g)) {
    values.add(value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => entities[entity] ?? entity));
  }
  if (!values.size) return [];
  const hashes = [...values].map(hashSource);
  return ["'unsafe-hashes'", ...hashes];
}

/**
 * The head of a drawn page: `frame` assumes nothing stored (no guard); a first visit's preview is for the
 * first city (`cityId`), without which it is not drawn (null).
 */
export function previewHead(
  page: { html: string; frame: boolean },
  css: string,
  cityId: number | null,
): PreviewHead | null {
  if (!page.frame && cityId == null) return null;
  const guard = page.frame ? null : previewGuardScript(cityId as number);
  return {
    html: `${guard ? `\n    <script>${guard}</script>` : ''}${css ? `\n    <style>${css}</style>` : ''}`,
    styleHashes: [...(css ? [hashSource(css)] : []), ...styleAttributeSources(page.html)],
    scriptHashes: guard ? [hashSource(guard)] : [],
  };
}
