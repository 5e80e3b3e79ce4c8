export { CheckoutPage } from './CheckoutPage';
export { estimateOrder, type OrderEstimate } from './orderTotals';
export { newOrderId, usePlaceOrder } from './usePlaceOrder';
export { toOrderBody, validateCheckout } from './validation';
