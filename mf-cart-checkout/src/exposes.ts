/** The public API of mf-cart-checkout: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  /** Its pages: route objects for the shell's router (src/routes.ts). */
  routes: typeof import('./routes');
  /** Header slot: cart icon, count badge, dropdown preview (wide screens). */
  CartButton: typeof import('./exposed/CartButton');
  /** Mounted once per page, renders nothing: stores the landing URL's utm_ parameters. */
  UtmCapture: typeof import('./exposed/UtmCapture');
};
