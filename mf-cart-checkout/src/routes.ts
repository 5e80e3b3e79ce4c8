// The cart's and the checkout's pages (docs/product.md#routes): this remote's subtree of the site's routes,
// exposed as `./routes`; the shell's server describes them with the same objects (server.tsx).
import { type Order, reads } from '@lab/api';
import { type PageRoute, personalRead } from '@lab/pages/routes';

import { NAMESPACE as NS } from './i18n';

export { textsReady } from './i18n';

export const routes: readonly PageRoute[] = [
  {
    id: 'mf_cart_checkout/cart',
    path: 'cart',
    lazy: () =>
      import(/* webpackChunkName: "page-cart" */ './exposed/CartPage').then((page) => ({ Component: page.default })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.cart' }],
      head: ({ t }) => ({ title: t('cart.title') }),
      heading: ({ t }) => t('cart.title'),
      // a first visit's cart is empty (the shell shows no preview to a browser that stored one)
      preview: true,
    },
  },
  {
    id: 'mf_cart_checkout/checkout',
    path: 'checkout',
    lazy: () =>
      import(/* webpackChunkName: "page-checkout" */ './exposed/CheckoutPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.checkout' }],
      head: ({ t }) => ({ title: t('checkout.title') }),
      heading: ({ t }) => t('checkout.title'),
    },
  },
  {
    id: 'mf_cart_checkout/payment-result',
    path: 'checkout/result',
    lazy: () =>
      import(/* webpackChunkName: "page-payment-result" */ './exposed/PaymentResultPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      // the order's trail, not the checkout's: that crumb would lead to an emptied cart
      crumbs: [
        {
          path: '',
          labelKey: 'crumbs.paymentResult',
          id: 'checkout-order',
          label: ({ query, locale, answer, t }) => {
            const orderId = query.get('orderId');
            const order = orderId ? answer<Order>(reads.order(orderId, locale).key) : null;
            return order ? t('crumbs.order', { number: order.number }) : null;
          },
          parents: [
            { link: '/account', labelKey: 'crumbs.account' },
            { link: '/account/orders', labelKey: 'crumbs.orders' },
          ],
        },
      ],
      head: ({ t }) => ({ title: t('result.title') }),
      heading: ({ t }) => t('result.title'),
      // the order, asked for with the page's code rather than after it (its line is the largest paint);
      // a signed-in visitor's page starts it from its HTML, before the start-up's scripts
      data: ({ query, locale }) => {
        const orderId = query.get('orderId');
        return orderId ? [personalRead(reads.order(orderId, locale))] : [];
      },
    },
  },
];
