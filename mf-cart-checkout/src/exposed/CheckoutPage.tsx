import '../i18n';
import { CheckoutPage as Page } from '../features/checkout';

/** Route /checkout. */
export default function CheckoutPage() {
  return <Page />;
}
