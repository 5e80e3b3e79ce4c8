/**
 * How the shell's server and a remote's preview module talk: the module is `server/preview.js` next to
 * the remote's manifest (CommonJS, built with the remote); it exports `renderPagePreview`.
 */
import type { PrimedAnswer, StoredValues } from '@lab/api';
import type { Locale } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';

/** Where a remote deploys its preview module, relative to its manifest. */
export const PAGE_PREVIEW_FILE = 'server/preview.js';

export type PagePreviewRequest = {
  /** the exposed module the route mounts (CategoryPage ...) */
  module: string;
  /** the route's pattern, relative to the locale (`analyzes/:slug`), for the page's route parameters */
  pattern: string;
  /** the address without the locale prefix, with its query (`/search?query=...`) */
  url: string;
  locale: Locale;
  /** the answers the server primed for the page (the client's SWR cache starts with the same) */
  answers: readonly PrimedAnswer[];
  /** a first visit's stored values (the city whose prices the answers carry) */
  stored: Partial<StoredValues>;
  /** the site's origin, for the page's own absolute addresses (canonical, og:url, structured data) */
  origin?: string;
};

/** A rendered page: its HTML, and the metadata it declared (title, description, structured data ...). */
export type PagePreviewResult = { html: string; meta: PageMeta | null };

/**
 * The page's preview, or null when the remote has no preview of that module. A bare string is the HTML
 * alone (a remote built before previews carried their page's metadata).
 */
export type RenderPagePreview = (request: PagePreviewRequest) => PagePreviewResult | string | null;

export type PagePreviewModule = { renderPagePreview: RenderPagePreview };
