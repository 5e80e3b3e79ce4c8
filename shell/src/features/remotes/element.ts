/** The id of the JSON block in which the shell's server puts the remotes map (shell/server/page.ts). */
export const REMOTES_MAP_ELEMENT_ID = 'lab-remotes';

/**
 * The name of the meta element that says which deployment (the live pointer's version) served the page:
 * a page without the remotes map inline asks /remotes.json for that deployment's (shell/server/main.ts).
 */
export const DEPLOYMENT_META_NAME = 'lab-deployment';

/** Marks the remote's preview of the page in the server's first view (shell/server/firstView.ts). */
export const PAGE_PREVIEW_ATTRIBUTE = 'data-page-preview';

/**
 * The preview attribute's value when the server drew only the page's heading (a remote page without a
 * preview: an account page, a returning visitor's category): nothing of a city in it.
 */
export const PAGE_HEADING_ONLY = 'heading';

/**
 * The preview attribute's value when the server drew the page's frame (a signed-in page before its
 * data: @lab/pages PageFrames): nothing of a city in it either.
 */
export const PAGE_FRAME = 'frame';

/**
 * Set on <html> by the page's guard script when the browser stored values the preview did not assume
 * (another city, a cart): the preview is hidden and not kept (shell/server/firstView.ts).
 */
export const PAGE_PREVIEW_STALE_ATTRIBUTE = 'data-preview-stale';

/**
 * Remotes no page mounts at start, loaded when first asked for: the sign-in modals (Layout.tsx). The
 * server preloads the other remotes' manifests only (remoteHints in shell/server/page.ts).
 */
export const REMOTES_ON_DEMAND: readonly string[] = ['mf_auth'];
