/** The public API of mf-catalog: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  /** Header slot: the search button and the search modal. */
  SearchButton: typeof import('./exposed/SearchButton');
  /** Route /analyzes. */
  CataloguePage: typeof import('./exposed/CataloguePage');
  /** Route /analyzes/:slug (reads the slug from the route). */
  CategoryPage: typeof import('./exposed/CategoryPage');
  /** Route /analysis/:slug (reads the slug from the route). */
  ServicePage: typeof import('./exposed/ServicePage');
  /** Route /search?query=. */
  SearchPage: typeof import('./exposed/SearchPage');
  /** Home page widgets. */
  PopularServices: typeof import('./exposed/PopularServices');
  PackagesShowcase: typeof import('./exposed/PackagesShowcase');
};
