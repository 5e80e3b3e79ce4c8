import '../i18n';
import { CartPage as Page } from '../features/cart';

/** Route /cart. */
export default function CartPage() {
  return <Page />;
}
