/** The public API of mf-account: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  /** Its pages: route objects for the shell's router (src/routes.ts). */
  routes: typeof import('./routes');
  ProfileMenu: typeof import('./exposed/ProfileMenu');
};
