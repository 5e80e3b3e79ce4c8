/** The id of the JSON block in which the shell's server puts the remotes map (shell/server/page.ts). */
export const REMOTES_MAP_ELEMENT_ID = 'lab-remotes';
