/** The public API of mf-catalog: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  SearchButton: typeof import('./exposed/SearchButton');
};
