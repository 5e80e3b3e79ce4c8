/** The public API of mf-account: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  ProfileMenu: typeof import('./exposed/ProfileMenu');
  AccountPage: typeof import('./exposed/AccountPage');
};
