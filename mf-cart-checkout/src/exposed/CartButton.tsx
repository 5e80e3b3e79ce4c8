import '../i18n';
import { CartButton as Button } from '../features/cart';

/** Header slot: the cart icon with its item count. */
export default function CartButton() {
  return <Button />;
}
