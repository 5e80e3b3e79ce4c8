import '../i18n/ready';
import { CheckoutPage as Page } from '../features/checkout';

/** Route /checkout. */
export default function CheckoutPage() {
  return <Page />;
}
