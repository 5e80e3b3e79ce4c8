export { PaymentResultPage, paymentView } from './PaymentResultPage';
