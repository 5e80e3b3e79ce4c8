/** The public API of mf-auth: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  AuthModals: typeof import('./exposed/AuthModals');
};
