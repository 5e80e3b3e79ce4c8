import '../i18n';
import { PaymentResultPage as Page } from '../features/payment';

/** Route /checkout/result?orderId=...: where the payment provider comes back to. */
export default function PaymentResultPage() {
  return <Page />;
}
