/** The public API of mf-catalog: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  /** Its pages: route objects for the shell's router (src/routes.ts). */
  routes: typeof import('./routes');
  /** Header slot: the search button and the search modal. */
  SearchButton: typeof import('./exposed/SearchButton');
  /** Home page widgets. */
  PopularServices: typeof import('./exposed/PopularServices');
  PackagesShowcase: typeof import('./exposed/PackagesShowcase');
};
