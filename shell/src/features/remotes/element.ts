/** The id of the JSON block in which the shell's server puts the remotes map (shell/server/page.ts). */
export const REMOTES_MAP_ELEMENT_ID = 'lab-remotes';

/** Marks the remote's preview of the page in the server's first view (shell/server/previews.ts). */
export const PAGE_PREVIEW_ATTRIBUTE = 'data-page-preview';
