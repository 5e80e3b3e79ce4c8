export { CheckoutPage } from './CheckoutPage';
export { newOrderId, usePlaceOrder } from './usePlaceOrder';
export { toOrderBody, validateCheckout } from './validation';
