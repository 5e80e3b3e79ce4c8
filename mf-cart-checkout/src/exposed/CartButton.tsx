// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { CartButton as Button } from '../features/cart';

/** Header slot: the cart icon with its item count and, on wide screens, the cart dropdown. */
export default function CartButton() {
  return <Button />;
}
