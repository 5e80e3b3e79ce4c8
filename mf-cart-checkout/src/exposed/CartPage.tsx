import '../i18n/ready';
import { CartPage as Page } from '../features/cart';

/** Route /cart. */
export default function CartPage() {
  return <Page />;
}
