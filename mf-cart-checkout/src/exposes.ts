/** The public API of mf-cart-checkout: the modules webpack.config.js exposes, typed for the shell. */
export type ExposedModules = {
  /** Header slot: cart icon, count badge, dropdown preview (wide screens). */
  CartButton: typeof import('./exposed/CartButton');
  /** Route /cart. */
  CartPage: typeof import('./exposed/CartPage');
  /** Route /checkout. */
  CheckoutPage: typeof import('./exposed/CheckoutPage');
  /** Route /checkout/result?orderId=...&payment=... (the payment provider's return). */
  PaymentResultPage: typeof import('./exposed/PaymentResultPage');
  /** Mounted once per page, renders nothing: stores the landing URL's utm_ parameters. */
  UtmCapture: typeof import('./exposed/UtmCapture');
};
