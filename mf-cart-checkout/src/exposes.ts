/** The public API of mf-cart-checkout: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  CartButton: typeof import('./exposed/CartButton');
  CartPage: typeof import('./exposed/CartPage');
};
