import '../i18n/ready';
import { CartButton as Button } from '../features/cart';

/** Header slot: the cart icon with its item count and, on wide screens, the cart dropdown. */
export default function CartButton() {
  return <Button />;
}
